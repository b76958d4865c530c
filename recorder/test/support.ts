// Test helpers: an imitation of the sync server's recorder endpoints (as the contract in
// docs/architecture.md describes them), waiting on conditions with a deadline, and ffprobe.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getPriority, setPriority } from 'node:os';
import type { RecorderMarkStatesRequest, RecorderStatusRequest } from '@courtreplay/shared';
import type { AddressInfo } from 'node:net';
import { SegmentIndex, segmentsFor, type Segment } from '../src/buffer.ts';
import { realFs } from '../src/platform.ts';
import type { Setup } from '../src/server.ts';
import { fakeMarkFiles, type FakeMarkFiles } from './fake-mark-files.ts';

export const REVOKED_MESSAGE =
  "This recorder's token was revoked or is unknown. Add the recorder again in the back-office (Devices) and use the new token.";

export type StatusReport = RecorderStatusRequest;

export interface FakeSyncServer {
  url: string;
  token: string;
  setup: Setup;
  reports: StatusReport[];
  /** Every mark-states post, in order. */
  markStates: RecorderMarkStatesRequest['marks'];
  /** The marked clips' uploads: what the storage holds, and the faults a test sets. */
  uploads: FakeMarkFiles;
  mark(fieldId: number, at?: Date): number;
  revoke(): void;
  close(): Promise<void>;
}

export async function startFakeSyncServer(setup: Setup, token = 'recorder-token-1', port = 0): Promise<FakeSyncServer> {
  const marks: { id: number; fieldId: number; at: string }[] = [];
  const waiting = new Set<() => void>();
  let revoked = false;
  const reports: StatusReport[] = [];
  const markStates: RecorderMarkStatesRequest['marks'] = [];
  const uploads = fakeMarkFiles();
  let base = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    // The storage's upload URLs carry no token, as the server's local ones and Drive's do not.
    if (url.pathname.startsWith('/uploads/') && (await uploads.handle(req, res, url.pathname, base))) return;
    if (revoked || req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { message: REVOKED_MESSAGE });
    if (req.method === 'GET' && url.pathname === '/api/recorder/setup') return json(res, 200, setup);
    if (await uploads.handle(req, res, url.pathname, base)) return;
    if (req.method === 'POST' && url.pathname === '/api/recorder/status') {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      reports.push(JSON.parse(body) as StatusReport);
      return json(res, 200, { ok: true });
    }
    if (req.method === 'POST' && url.pathname === '/api/recorder/mark-states') {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      markStates.push(...(JSON.parse(body) as RecorderMarkStatesRequest).marks);
      return json(res, 200, { ok: true });
    }
    if (req.method === 'GET' && url.pathname === '/api/recorder/marks') {
      const after = url.searchParams.get('after');
      const newer = () => (after === null ? [] : marks.filter((m) => m.id > Number(after)));
      const cursor = () => String(marks.at(-1)?.id ?? 0);
      if (after === null || newer().length) return json(res, 200, { marks: newer(), cursor: cursor() });
      const answer = () => {
        waiting.delete(answer);
        clearTimeout(timer);
        if (!res.writableEnded) {
          if (revoked) json(res, 401, { message: REVOKED_MESSAGE });
          else json(res, 200, { marks: newer(), cursor: newer().length ? cursor() : after });
        }
      };
      const timer = setTimeout(answer, 25_000);
      waiting.add(answer);
      req.on('close', () => {
        waiting.delete(answer);
        clearTimeout(timer);
      });
      return;
    }
    json(res, 404, { message: 'Not found' });
  };
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${bound}`;
  const wake = () => [...waiting].forEach((answer) => answer());
  return {
    url: `http://127.0.0.1:${bound}`,
    token,
    setup,
    reports,
    markStates,
    uploads,
    mark: (fieldId, at = new Date()) => {
      const id = marks.length + 1;
      marks.push({ id, fieldId, at: at.toISOString() });
      wake();
      return id;
    },
    revoke: () => {
      revoked = true;
      wake();
    },
    close: async () => {
      wake();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `ms`. */
export async function waitFor<T>(
  what: string,
  ms: number,
  check: () => T | undefined | false | Promise<T | undefined | false>,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${ms / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A media file's duration in seconds, from ffprobe. */
export function probeDuration(path: string): number {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', path], {
    encoding: 'utf8',
  });
  return Number(out.trim());
}

/** The video codec and whether the moov atom comes before the media (+faststart). */
export function probeFormat(path: string): { codec: string; faststart: boolean } {
  const codec = execFileSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name', '-of', 'default=nw=1:nk=1', path],
    {
      encoding: 'utf8',
    },
  ).trim();
  const head = readFileSync(path).subarray(0, 65_536).toString('latin1');
  const moov = head.indexOf('moov');
  const mdat = head.indexOf('mdat');
  return { codec, faststart: moov >= 0 && (mdat < 0 || moov < mdat) };
}

/**
 * Runs this test process (and the ffmpeg it starts from now on) at normal CPU priority until the
 * returned function is called. `npm test` runs the unit tests at nice 19 beside the browser tests;
 * these tests measure real time (a camera's state within 10 s, a clip within 3 s of its window), and
 * at nice 19 a live stream starved of CPU would fail them for a reason that is not the recorder's.
 * Only root may raise priority; elsewhere nothing changes.
 */
export function atNormalPriority(): () => void {
  const before = getPriority();
  if (before <= 0) return () => undefined;
  try {
    setPriority(0);
  } catch {
    return () => undefined;
  }
  return () => {
    try {
      setPriority(before);
    } catch {
      // already ended
    }
  };
}

/** A camera's buffer segments (its folder in BUFFER_DIR), placed in time as the recorder places them. */
export function bufferSegments(cameraDir: string): Segment[] {
  const index = new SegmentIndex(cameraDir, realFs);
  index.refresh(undefined);
  return index.segments;
}

/**
 * What a marked clip of the window [from, to) must hold, from the buffer: the seconds of video the
 * buffer has in the window, the segments the clip is cut from, and the stream's keyframe interval
 * (a segment is one: ffmpeg cuts them at keyframes), the clip's tolerance at each end.
 */
export function windowInBuffer(
  segments: readonly Segment[],
  from: number,
  to: number,
): { covered: number; gop: number; chosen: Segment[] } {
  const { chosen } = segmentsFor(segments, from, to);
  const covered = chosen.reduce((sum, s) => sum + Math.min(s.end, to) - Math.max(s.start, from), 0) / 1000;
  return { covered, gop: Math.max(...segments.map((s) => s.end - s.start)) / 1000, chosen };
}
