// A stand-in for the venue's recorder that speaks its contract over HTTP (its mark states,
// shared/src/contract/recorders.ts; its uploads, shared/src/contract/mark-clips.ts) as a real one
// does: it reports a mark's state, sends the preview and then the clip with the kiosk's own
// uploaders (pwa/src/lib: resumable chunks, one presigned PUT, presigned parts), reporting the
// bytes sent, completes each file, and reports the mark ready. The API
// tests, the browser journey and the phone-sale benchmark play the recorder with it, with real
// files made by ffmpeg (marked-clip-files.ts).
import type {
  MarkClipResponse,
  MarkClipState,
  MarkFailureReason,
  MarkFileKind,
  MarkFileResponse,
  MultipartPartsResponse,
} from '@courtreplay/shared';

/** One mark's state as the recorder reports it (POST /api/recorder/mark-states). */
export interface MarkReport {
  state: MarkClipState;
  reason?: MarkFailureReason;
  message?: string;
  bytesSent?: number;
  bytesTotal?: number;
}
import { multipartUpload } from '../../../pwa/src/lib/multipart-upload.ts';
import { resumableUpload } from '../../../pwa/src/lib/resumable-upload.ts';
import { wholeUpload } from '../../../pwa/src/lib/whole-upload.ts';

export interface TestRecorderOptions {
  /** The server, as the recorder reaches it. */
  baseUrl: string;
  /** The recorder's bearer token (POST /api/admin/recorders). */
  token: string;
  /** Every request the recorder makes (the server's and the storage's): a held uplink, a test's broken line. */
  fetch?: typeof fetch;
  /** Bytes per resumable chunk (a multiple of 256 KiB). */
  chunkBytes?: number;
}

export interface SendOptions {
  mimeType?: string;
  durationMs?: number;
  /** Breaks the upload off once the storage confirmed this many bytes (an outage, a restart). */
  breakAfterBytes?: number;
  /** Told the bytes the storage confirmed so far. */
  onProgress?: (bytes: number) => void;
}

export class RecorderCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function testRecorder(options: TestRecorderOptions) {
  const fetcher = options.fetch ?? fetch;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetcher(`${options.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${options.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as T & { message?: string };
    if (!res.ok) throw new RecorderCallError(res.status, json.message ?? `HTTP ${res.status}`);
    return json;
  };
  const mark = (id: number) => `/api/recorder/marks/${id}`;

  const recorder = {
    report: (markId: number, { reason, message, ...report }: MarkReport) =>
      call<{ ok: true }>('POST', '/api/recorder/mark-states', {
        marks: [{ id: markId, ...report, reason: reason ?? null, message: message ?? null }],
      }),
    begin: (markId: number, kind: MarkFileKind, file: { size: number; mimeType: string; durationMs?: number }) =>
      call<MarkFileResponse>('POST', `${mark(markId)}/files/${kind}`, file),
    parts: (markId: number, kind: MarkFileKind) => call<MultipartPartsResponse>('POST', `${mark(markId)}/files/${kind}/parts`),
    complete: (markId: number, kind: MarkFileKind) => call<MarkClipResponse>('POST', `${mark(markId)}/files/${kind}/complete`),
    /** The heartbeat (POST /api/recorder/status): the venue's recorder is online. */
    reportStatus: (cameras: unknown[] = []) => call<{ ok: true }>('POST', '/api/recorder/status', { cameras }),
    /** The heartbeat with these courts' cameras recording at `now` (a tap there is promised a clip). */
    reportRecording: (fieldIds: number[], now: number = Date.now()) =>
      recorder.reportStatus(
        fieldIds.map((fieldId) => ({
          fieldId,
          state: 'recording',
          since: new Date(now - 60_000).toISOString(),
          lastSegmentAt: new Date(now).toISOString(),
          bufferSeconds: 60,
          message: null,
        })),
      ),
    marks: (after?: string) =>
      call<{ marks: { id: number; fieldId: number; at: string }[]; cursor: string }>(
        'GET',
        `/api/recorder/marks${after ? `?after=${after}` : ''}`,
      ),

    /**
     * Sends one file and completes it: 'sent', or 'broken' when `breakAfterBytes` cut it off (a
     * later send resumes where the storage stands, as a recorder does after an outage).
     */
    async send(markId: number, kind: MarkFileKind, bytes: Buffer, send: SendOptions = {}): Promise<'sent' | 'broken'> {
      return (await recorder.sendFile(markId, kind, bytes, send)).outcome;
    },

    /** send(), with the server's last answer about the mark (after the file's complete). */
    async sendFile(
      markId: number,
      kind: MarkFileKind,
      bytes: Buffer,
      send: SendOptions = {},
    ): Promise<{ outcome: 'sent' | 'broken'; answer?: MarkClipResponse }> {
      const mimeType = send.mimeType ?? 'video/mp4';
      const begun = await recorder.begin(markId, kind, {
        size: bytes.length,
        mimeType,
        ...(send.durationMs ? { durationMs: send.durationMs } : {}),
      });
      if (!begun.complete) {
        const abort = new AbortController();
        const onConfirmed = (offset: number) => {
          send.onProgress?.(offset);
          if (send.breakAfterBytes !== undefined && offset >= send.breakAfterBytes) abort.abort();
        };
        const file = new Blob([new Uint8Array(bytes)]);
        const common = { fetch: fetcher, signal: abort.signal, onConfirmed, sleep: async () => {} };
        try {
          if (begun.uploadKind === 'single-put') await wholeUpload(begun.uploadUrl!, file, mimeType, common);
          else if (begun.uploadKind === 'multipart')
            await multipartUpload(begun.uploadUrl!, file, {
              ...common,
              askParts: () => recorder.parts(markId, kind),
              complete: () => recorder.complete(markId, kind),
            });
          else
            await resumableUpload(begun.uploadUrl!, file, mimeType, {
              ...common,
              offset: begun.received,
              chunkBytes: options.chunkBytes ?? 256 * 1024,
            });
        } catch (err) {
          if (abort.signal.aborted) return { outcome: 'broken' };
          throw err;
        }
      }
      return { outcome: 'sent', answer: await recorder.complete(markId, kind) };
    },

    /** A recorder's whole work for one mark: cutting, the preview, then the clip, the bytes reported as they go, then ready. */
    async deliver(markId: number, files: { clip: Buffer; preview: Buffer; durationMs?: number }): Promise<MarkClipResponse> {
      await recorder.report(markId, { state: 'cutting' });
      const total = files.clip.length + files.preview.length;
      let before = 0;
      const reports: Promise<unknown>[] = [];
      const progress = (bytes: number) =>
        reports.push(recorder.report(markId, { state: 'uploading', bytesSent: before + bytes, bytesTotal: total }).catch(() => undefined));
      await recorder.send(markId, 'preview', files.preview, { onProgress: progress });
      before = files.preview.length;
      const sent = await recorder.sendFile(markId, 'clip', files.clip, {
        onProgress: progress,
        ...(files.durationMs ? { durationMs: files.durationMs } : {}),
      });
      await Promise.all(reports);
      await recorder.report(markId, { state: 'ready' });
      return sent.answer!;
    },
  };
  return recorder;
}

export type TestRecorder = ReturnType<typeof testRecorder>;
