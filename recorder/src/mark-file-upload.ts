// One file of a marked clip (the clip, or its preview) sent to the venue's storage through the
// server's contract (shared/src/contract/mark-clips.ts): begin, which says where the storage stands
// and how it takes the bytes, then the kiosk's own uploaders (pwa/src/lib: resumable chunks on the
// local disk and Google Drive, one presigned PUT or presigned parts on S3), then complete, which
// has the server ask the storage itself. Begin answers the bytes the storage already holds, so a
// file broken off by an outage or a restart goes on from there, and a file already whole is never
// sent again.
import {
  MARK_CLIP_MESSAGES,
  type MarkClipResponse,
  type MarkFileKind,
  type MarkFileRequest,
  type MarkFileResponse,
} from '@courtreplay/shared';
import { multipartUpload, type MultipartPlan } from '../../pwa/src/lib/multipart-upload.ts';
import { resumableUpload } from '../../pwa/src/lib/resumable-upload.ts';
import { wholeUpload } from '../../pwa/src/lib/whole-upload.ts';
import type { Sleep } from '../../pwa/src/lib/put-with-retry.ts';
import { ServerAnswerError } from './server.ts';

/** Bytes per resumable chunk: a multiple of 256 KiB (Drive's rule), small enough that progress moves every second or so on a venue's uplink. */
export const CHUNK_BYTES = 2 * 1024 * 1024;

/** The server's calls about a marked clip's files (ServerClient's). */
export interface MarkFileCalls {
  beginMarkFile(markId: number, kind: MarkFileKind, body: MarkFileRequest, signal?: AbortSignal): Promise<MarkFileResponse>;
  markFileParts(markId: number, kind: MarkFileKind, signal?: AbortSignal): Promise<MultipartPlan>;
  completeMarkFile(markId: number, kind: MarkFileKind, signal?: AbortSignal): Promise<MarkClipResponse>;
}

export interface FileToSend {
  markId: number;
  kind: MarkFileKind;
  bytes: Buffer;
  durationMs?: number | undefined;
}

export interface SendOptions {
  server: MarkFileCalls;
  /** The requests to the storage (the global fetch, or a test's). */
  fetch: typeof fetch;
  sleep: Sleep;
  signal: AbortSignal;
  /** Told the bytes of this file the storage confirmed so far. */
  onConfirmed(bytes: number): void;
}

/**
 * What the server keeps of the mark answers that the file needs nothing more: another size of it
 * is whole in storage already (the clip was cut again after a restart; the stored one stands).
 */
export const alreadyStored = (error: unknown, kind: MarkFileKind): boolean =>
  error instanceof ServerAnswerError && error.status === 409 && error.said === MARK_CLIP_MESSAGES.alreadyStored(kind);

/** The mark's clip was removed from storage (a day after the mark, or its buyer's data was erased): nothing to send it for. */
export const markGone = (error: unknown): boolean =>
  error instanceof ServerAnswerError && (error.status === 404 || (error.status === 409 && error.said === MARK_CLIP_MESSAGES.removed));

/** Sends the file and has the server complete it; resolves once the storage holds it whole. */
export async function sendMarkFile(file: FileToSend, options: SendOptions): Promise<void> {
  const { server, markId, kind } = { server: options.server, markId: file.markId, kind: file.kind };
  const mimeType = 'video/mp4';
  const request: MarkFileRequest = {
    size: file.bytes.length,
    mimeType,
    ...(file.kind === 'clip' && file.durationMs ? { durationMs: Math.round(file.durationMs) } : {}),
  };
  let begun: MarkFileResponse;
  try {
    begun = await server.beginMarkFile(markId, kind, request, options.signal);
  } catch (error) {
    if (alreadyStored(error, kind)) return options.onConfirmed(file.bytes.length);
    throw error;
  }
  if (begun.complete) {
    options.onConfirmed(file.bytes.length);
    // Whole in storage already (sent before a restart); complete records it if that call was lost.
    await server.completeMarkFile(markId, kind, options.signal);
    return;
  }
  options.onConfirmed(begun.received);
  const blob = new Blob([new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length)]);
  const renewUrl = async () => {
    const again = await server.beginMarkFile(markId, kind, request, options.signal);
    if (!again.uploadUrl) throw new ServerAnswerError(`The ${kind} of mark ${markId} has no upload URL.`);
    return again.uploadUrl;
  };
  const common = { fetch: options.fetch, sleep: options.sleep, signal: options.signal, onConfirmed: options.onConfirmed, renewUrl };
  const url = begun.uploadUrl!;
  if (begun.uploadKind === 'multipart') {
    await multipartUpload(url, blob, {
      ...common,
      askParts: () => server.markFileParts(markId, kind, options.signal),
      complete: () => server.completeMarkFile(markId, kind, options.signal),
    });
    return;
  }
  if (begun.uploadKind === 'single-put') await wholeUpload(url, blob, mimeType, common);
  else await resumableUpload(url, blob, mimeType, { ...common, offset: begun.received, chunkBytes: CHUNK_BYTES });
  await server.completeMarkFile(markId, kind, options.signal);
}
