// The imitation's side of the marked clips' uploads (shared/src/contract/mark-clips.ts), as the
// server does it with local storage: begin answers where the storage stands (the bytes it holds,
// or complete), the bytes go up in resumable chunks (Content-Range; 308 with Range to continue),
// and complete checks the file is whole. A test breaks the line or makes the server busy on demand
// and counts every byte the storage took, to prove a file is never sent twice.
import { MARK_CLIP_MESSAGES, type MarkClipResponse, type MarkFileKind, type MarkFileResponse } from '@courtreplay/shared';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface StoredFile {
  size: number;
  bytes: Buffer;
  complete: boolean;
  durationMs?: number;
}

/** How the next upload calls go: answered, refused with a status (and Retry-After), or cut off (the line breaks). */
export type UploadFault = { status: number; retryAfter?: string } | 'cut' | 'hang';

export interface FakeMarkFiles {
  /** Per mark, its files as the storage holds them. */
  files: Map<number, Partial<Record<MarkFileKind, StoredFile>>>;
  /** Every call about the files, in order: 'begin clip 3', 'put preview 3', 'complete clip 3'. */
  calls: string[];
  /** Every byte sent to the storage, per mark and kind ('clip 3'): more than the file's size means something was sent twice. */
  sent: Map<string, number>;
  /** Decides each upload call's fate (undefined: answered); the calls' names as in `calls`. */
  fault: (call: string) => UploadFault | undefined;
  handle(req: IncomingMessage, res: ServerResponse, path: string, base: string): Promise<boolean>;
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function fakeMarkFiles(): FakeMarkFiles {
  const files = new Map<number, Partial<Record<MarkFileKind, StoredFile>>>();
  const calls: string[] = [];
  const sent = new Map<string, number>();
  const json = (res: ServerResponse, status: number, answer: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(answer));
  };
  const answer = (markId: number): MarkClipResponse => {
    const of = (f?: StoredFile) => (f ? { size: f.size, complete: f.complete } : null);
    const mark = files.get(markId) ?? {};
    return { markId, stored: !!mark.clip?.complete, files: { clip: of(mark.clip), preview: of(mark.preview) } };
  };
  const fake: FakeMarkFiles = {
    files,
    calls,
    sent,
    fault: () => undefined,
    async handle(req, res, path, base) {
      const file = /^\/api\/recorder\/marks\/(\d+)\/files\/(clip|preview)(\/complete)?$/.exec(path);
      const upload = /^\/uploads\/(\d+)\/(clip|preview)$/.exec(path);
      const match = file ?? upload;
      if (!match) return false;
      const markId = Number(match[1]);
      const kind = match[2] as MarkFileKind;
      const call = `${upload ? 'put' : file![3] ? 'complete' : 'begin'} ${kind} ${markId}`;
      calls.push(call);
      const fault = fake.fault(call);
      if (fault === 'cut') {
        req.socket.destroy();
        return true;
      }
      if (fault === 'hang') return true;
      if (fault) {
        json(res, fault.status, { message: 'busy' }, fault.retryAfter ? { 'retry-after': fault.retryAfter } : {});
        return true;
      }
      const mark = files.get(markId) ?? {};
      files.set(markId, mark);
      if (upload) {
        const stored = mark[kind];
        const bytes = await body(req);
        const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.headers['content-range'] ?? '');
        if (!stored || !range) return (json(res, 404, { message: 'no such upload' }), true);
        sent.set(`${kind} ${markId}`, (sent.get(`${kind} ${markId}`) ?? 0) + bytes.length);
        if (Number(range[1]) === stored.bytes.length) stored.bytes = Buffer.concat([stored.bytes, bytes]);
        if (stored.bytes.length >= stored.size) return (json(res, 201, {}), true);
        res.writeHead(308, stored.bytes.length ? { range: `bytes=0-${stored.bytes.length - 1}` } : {});
        res.end();
        return true;
      }
      if (file![3]) {
        const stored = mark[kind];
        if (!stored || stored.bytes.length < stored.size) return (json(res, 409, { message: MARK_CLIP_MESSAGES.notComplete(kind) }), true);
        stored.complete = true;
        return (json(res, 200, answer(markId)), true);
      }
      const request = JSON.parse((await body(req)).toString()) as { size: number; durationMs?: number };
      const stored = mark[kind];
      if (stored?.complete && stored.size !== request.size)
        return (json(res, 409, { message: MARK_CLIP_MESSAGES.alreadyStored(kind) }), true);
      if (!stored || stored.size !== request.size) mark[kind] = { ...request, bytes: Buffer.alloc(0), complete: false };
      const now = mark[kind]!;
      const whole = now.bytes.length >= now.size;
      const begun: MarkFileResponse = {
        complete: whole,
        received: now.bytes.length,
        uploadUrl: whole ? null : `${base}/uploads/${markId}/${kind}`,
        uploadKind: whole ? null : 'resumable',
      };
      json(res, 200, begun);
      return true;
    },
  };
  return fake;
}
