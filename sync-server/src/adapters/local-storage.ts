// The embedded storage provider (the default): one folder per purchase under DATA_DIR/drive, and
// HMAC-signed, expiring upload URLs that speak Google Drive's resumable protocol, so the PWA's
// uploader is one code path for both providers. The receiving side is streamed to a `.part` file
// whose length is the resume offset.
import { SERVER_MESSAGES } from '@courtreplay/shared';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import {
  constants,
  copyFile,
  link,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  statfs,
  truncate,
  unlink,
  writeFile,
} from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '../errors.ts';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../private-files.ts';
import { clampRange } from './byte-range.ts';
import { numberedName, sanitizeStoredName } from './file-names.ts';
import { isVideo, MAGIC_HEAD_BYTES } from './magic-bytes.ts';
import type {
  ByteRange,
  Clock,
  CreateFolderOptions,
  FileRead,
  CreateUploadUrlInput,
  FolderInfo,
  StoredFile,
  IntegrationTestResult,
  SelfHostedStorage,
  StorageProvider,
  StorageQuota,
  ReadOptions,
  StoredAmount,
  StoredClip,
  UploadAnswer,
  UploadStatus,
  UploadTicket,
} from './ports.ts';
import { receivedOf } from './upload-status.ts';

export type { FolderInfo, StoredFile, UploadAnswer, UploadTicket } from './ports.ts';

export interface LocalStorageOptions {
  dataDir: string;
  /** Signs upload URLs; a per-install secret. */
  secret: string;
  limitBytes: number | undefined;
  uploadUrlTtlMs: number;
  clock: Clock;
}

export const UPLOAD_PATH = '/api/storage/upload/';
export const SHARE_PATH = '/d/';
const FOLDER_ID = /^[A-Za-z0-9_-]{22}$/;
const NONCE = /^[A-Za-z0-9_-]{16}$/;
const MAX_UPLOAD_BYTES = 20 * 1024 ** 3;
/** Left free on the disk so the database and logs can still write. */
const DISK_MARGIN_BYTES = 256 * 1024 ** 2;
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'];

interface FolderMeta {
  name: string;
  createdAt: string;
  venueName?: string;
}

export class LocalStorage implements StorageProvider, SelfHostedStorage {
  readonly name = 'local' as const;
  readonly root: string;
  /** One request at a time per upload: a resume waits until the broken request has flushed. */
  private readonly busy = new Map<string, Promise<unknown>>();

  constructor(private readonly options: LocalStorageOptions) {
    this.root = resolve(options.dataDir, 'drive');
  }

  async createFolder(folderName: string, options: CreateFolderOptions = {}): Promise<{ folderId: string; folderUrl: string }> {
    const folderId = randomBytes(16).toString('base64url');
    const dir = this.folderDir(folderId);
    await ensurePrivateDir(this.root);
    await ensurePrivateDir(dir);
    await ensurePrivateDir(join(dir, '.uploads'));
    const meta: FolderMeta = {
      name: folderName.slice(0, 200),
      createdAt: this.options.clock.now().toISOString(),
      ...(options.venueName ? { venueName: options.venueName } : {}),
    };
    await writeFile(join(dir, '.folder.json'), JSON.stringify(meta), { mode: PRIVATE_FILE_MODE });
    return { folderId, folderUrl: `${options.baseUrl ?? ''}${SHARE_PATH}${folderId}` };
  }

  async createUploadUrl(input: CreateUploadUrlInput): Promise<{ uploadUrl: string }> {
    if (!(await this.folderExists(input.folderId))) throw new DomainError('not_found', SERVER_MESSAGES.storage.folderNotFound);
    if (!Number.isSafeInteger(input.size) || input.size < MAGIC_HEAD_BYTES || input.size > MAX_UPLOAD_BYTES) {
      throw new DomainError('invalid_input', SERVER_MESSAGES.storage.invalidFileSize);
    }
    const mimeType = input.mimeType.split(';')[0]!.trim().toLowerCase();
    if (!ACCEPTED_VIDEO_TYPES.includes(mimeType)) throw new DomainError('invalid_input', SERVER_MESSAGES.storage.invalidVideo);
    await this.assertRoomFor(input.size);
    const ticket: UploadTicket = {
      folderId: input.folderId,
      name: sanitizeStoredName(input.filename),
      size: input.size,
      mimeType,
      nonce: randomBytes(12).toString('base64url'),
    };
    const uploadId = Buffer.from(JSON.stringify(ticket)).toString('base64url');
    const exp = Math.floor((this.options.clock.now().getTime() + this.options.uploadUrlTtlMs) / 1000);
    const sig = this.sign(uploadId, exp);
    return { uploadUrl: `${input.baseUrl ?? ''}${UPLOAD_PATH}${uploadId}?exp=${exp}&sig=${sig}` };
  }

  /** The status query of the resumable protocol, answered in-process for one of this server's URLs. */
  async uploadStatus(uploadUrl: string, total: number): Promise<UploadStatus> {
    const url = new URL(uploadUrl, 'http://local.invalid');
    const at = url.pathname.indexOf(UPLOAD_PATH);
    if (at < 0) throw new DomainError('invalid_input', SERVER_MESSAGES.upload.notOurUrl);
    let ticket: UploadTicket;
    try {
      ticket = this.openUpload(
        url.pathname.slice(at + UPLOAD_PATH.length),
        url.searchParams.get('exp') ?? undefined,
        url.searchParams.get('sig') ?? undefined,
      );
    } catch (err) {
      if (err instanceof DomainError && err.message === SERVER_MESSAGES.upload.linkExpired)
        throw new DomainError('gone', SERVER_MESSAGES.upload.sessionExpired);
      throw err;
    }
    const answer = await this.receive(ticket, `bytes */${total}`, undefined, null);
    return answer.status === 308 ? { received: receivedOf(answer.range ?? null), complete: false } : { received: total, complete: true };
  }

  /** The Integrations panel's test: the storage folder must be writable. */
  async testConnection(): Promise<IntegrationTestResult> {
    const probe = join(this.root, `.write-test-${randomBytes(6).toString('hex')}`);
    try {
      await ensurePrivateDir(this.root);
      await writeFile(probe, 'ok');
      await unlink(probe);
      return { ok: true, message: `Local storage works: ${this.root} is writable.` };
    } catch (err) {
      return { ok: false, message: `Local storage cannot write to ${this.root}: ${(err as Error).message}` };
    }
  }

  /** 507 before the upload starts when the clip cannot fit (STORAGE_LIMIT_BYTES, else the disk). */
  private async assertRoomFor(size: number): Promise<void> {
    const limit = this.options.limitBytes;
    const fits =
      limit !== undefined
        ? (await treeSize(this.root)) + size <= limit
        : await statfs(this.root).then((fs) => size + DISK_MARGIN_BYTES <= fs.bavail * fs.bsize);
    if (!fits) throw new DomainError('insufficient_storage', SERVER_MESSAGES.storage.full);
  }

  /** The ticket behind a signed upload URL; 403 when tampered with or expired. */
  openUpload(uploadId: string, exp: string | undefined, sig: string | undefined): UploadTicket {
    const expiry = Number(exp);
    const expected = Buffer.from(this.sign(uploadId, expiry));
    const given = Buffer.from(sig ?? '');
    if (!Number.isSafeInteger(expiry) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new DomainError('forbidden', SERVER_MESSAGES.upload.linkInvalid);
    }
    if (expiry * 1000 < this.options.clock.now().getTime()) throw new DomainError('forbidden', SERVER_MESSAGES.upload.linkExpired);
    const ticket = JSON.parse(Buffer.from(uploadId, 'base64url').toString('utf8')) as UploadTicket;
    if (!FOLDER_ID.test(ticket.folderId) || !NONCE.test(ticket.nonce))
      throw new DomainError('forbidden', SERVER_MESSAGES.upload.linkInvalid);
    return ticket;
  }

  /**
   * One PUT of the resumable protocol: the whole file, a `Content-Range: bytes a-b/total` chunk, or
   * the `bytes * /total` status query (empty body). 308 + Range until the last byte is in.
   */
  async receive(
    ticket: UploadTicket,
    contentRange: string | undefined,
    contentType: string | undefined,
    body: Readable | null,
  ): Promise<UploadAnswer> {
    const previous = this.busy.get(ticket.nonce) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.receiveNow(ticket, contentRange, contentType, body));
    this.busy.set(ticket.nonce, run);
    try {
      return await run;
    } finally {
      if (this.busy.get(ticket.nonce) === run) this.busy.delete(ticket.nonce);
    }
  }

  private async receiveNow(
    ticket: UploadTicket,
    contentRange: string | undefined,
    contentType: string | undefined,
    body: Readable | null,
  ): Promise<UploadAnswer> {
    const dir = this.folderDir(ticket.folderId);
    if (!(await this.folderExists(ticket.folderId))) throw new DomainError('not_found', SERVER_MESSAGES.storage.folderNotFound);
    const part = join(dir, '.uploads', `${ticket.nonce}.part`);
    const done = join(dir, '.uploads', `${ticket.nonce}.done`);
    const finished = await readJson<StoredFile>(done);
    const type = contentType?.split(';')[0]?.trim().toLowerCase();
    if (type && type !== ticket.mimeType && type !== 'application/octet-stream') {
      body?.resume();
      throw new DomainError('invalid_input', SERVER_MESSAGES.upload.typeMismatch);
    }

    const range = parseContentRange(contentRange);
    if (range === 'invalid' || (range && range.total !== ticket.size)) {
      body?.resume();
      throw new DomainError('invalid_input', SERVER_MESSAGES.upload.sizeMismatch);
    }
    const offset = await fileSize(part);
    if (finished) {
      body?.resume();
      return { status: 200, file: finished };
    }
    if (range?.kind === 'query') {
      body?.resume();
      return { status: 308, range: rangeHeader(offset) };
    }
    // A whole PUT starts over; a chunk must start where the received bytes end.
    const start = range ? range.start : 0;
    const end = range ? range.end : ticket.size - 1;
    if (range && start !== offset) {
      body?.resume();
      return { status: 308, range: rangeHeader(offset) };
    }
    if (!range && offset > 0) await truncate(part, 0);
    if (!body) throw new DomainError('invalid_input', SERVER_MESSAGES.upload.empty);

    const expected = end - start + 1;
    let received = 0;
    let checked = start > 0;
    let head: Buffer[] = [];
    let refusal: DomainError | undefined;
    const refuse = (error: DomainError) => {
      refusal = error;
      return error;
    };
    const guard = new Transform({
      transform(chunk: Buffer, _enc, callback) {
        received += chunk.length;
        if (received > expected) return callback(refuse(new DomainError('invalid_input', SERVER_MESSAGES.upload.sizeMismatch)));
        if (checked) return callback(null, chunk);
        // Hold the first bytes back until the magic check can be made: a refused file leaves nothing.
        head.push(chunk);
        const joined = Buffer.concat(head);
        if (joined.length < MAGIC_HEAD_BYTES && received < expected) return callback();
        if (!isVideo(joined)) return callback(refuse(new DomainError('unsupported_media_type', SERVER_MESSAGES.storage.invalidVideo)));
        checked = true;
        head = [];
        callback(null, joined);
      },
      flush(callback) {
        const joined = Buffer.concat(head);
        if (!checked && joined.length > 0)
          return callback(refuse(new DomainError('unsupported_media_type', SERVER_MESSAGES.storage.invalidVideo)));
        callback();
      },
    });
    const out = createWriteStream(part, { flags: start === 0 ? 'w' : 'a', mode: PRIVATE_FILE_MODE, highWaterMark: 1024 * 1024 });
    try {
      await pipeline(body, guard, out);
    } catch (err) {
      // The file may still be opening when the pipeline fails: wait, or the open would recreate it
      // after the clean-up below (a refused upload would leave an empty part file behind).
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      if (refusal) {
        // Nothing of a refused request is kept: back to where the previous chunks ended.
        if (start === 0) await unlink(part).catch(() => undefined);
        else await truncate(part, start).catch(() => undefined);
        throw refusal;
      }
      // The connection broke: what reached the disk stays, and the client resumes from it.
      if (!isAbort(err)) throw err;
    }
    const now = await fileSize(part);
    if (now < ticket.size) return { status: 308, range: rangeHeader(now) };

    const finalName = await this.claimName(dir, ticket.name, part);
    const file: StoredFile = { id: `${ticket.folderId}/${finalName}`, name: finalName, size: ticket.size, mimeType: ticket.mimeType };
    await writeFile(done, JSON.stringify(file), { mode: PRIVATE_FILE_MODE });
    return { status: 201, file };
  }

  /**
   * Gives the finished part file its final name without ever replacing a stored clip: link() fails
   * with EEXIST when the name is taken, so parallel uploads of one name each get their own
   * (a readdir-then-rename would let two of them pick the same name and the later overwrite).
   */
  private async claimName(dir: string, name: string, part: string): Promise<string> {
    for (let n = 1; ; n++) {
      const candidate = numberedName(name, n);
      try {
        await link(part, this.inside(dir, candidate));
        await unlink(part);
        return candidate;
      } catch (err) {
        if ((err as { code?: string }).code !== 'EEXIST') throw err;
      }
    }
  }

  async folder(folderId: string): Promise<FolderInfo | undefined> {
    if (!(await this.folderExists(folderId))) return undefined;
    const dir = this.folderDir(folderId);
    const meta = (await readJson<FolderMeta>(join(dir, '.folder.json'))) ?? { name: folderId, createdAt: '' };
    const files: { name: string; size: number }[] = [];
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isFile() && !entry.name.startsWith('.')) files.push({ name: entry.name, size: (await stat(join(dir, entry.name))).size });
    }
    return { folderId, name: meta.name, createdAt: meta.createdAt, venueName: meta.venueName, files };
  }

  /** The absolute path of a stored clip, or undefined when there is no such clip. */
  async filePath(folderId: string, name: string): Promise<string | undefined> {
    const info = await this.folder(folderId);
    if (!info?.files.some((f) => f.name === name)) return undefined;
    return this.inside(this.folderDir(folderId), name);
  }

  /**
   * The clips in a folder. A file gets its name only once whole (claimName links the finished
   * `.part`), so an upload in progress is never listed. The type is the one the upload was signed for.
   */
  async listFiles(folderId: string): Promise<StoredClip[]> {
    const info = await this.folder(folderId);
    if (!info) return [];
    const types = await this.uploadedTypes(folderId);
    return info.files.map((f) => ({ id: f.name, name: f.name, size: f.size, mimeType: types.get(f.name) ?? 'application/octet-stream' }));
  }

  async readFile(folderId: string, fileId: string, range?: ByteRange, options?: ReadOptions): Promise<FileRead> {
    const clip = (await this.listFiles(folderId)).find((f) => f.id === fileId);
    if (!clip) throw new DomainError('not_found', SERVER_MESSAGES.storage.fileNotFound);
    // Sized through the open handle: a file deleted meanwhile fails here, not halfway through the stream.
    const handle = await open(this.inside(this.folderDir(folderId), clip.name)).catch(() => {
      throw new DomainError('not_found', SERVER_MESSAGES.storage.fileNotFound);
    });
    let size: number;
    let bytes: { start: number; end: number };
    try {
      size = (await handle.stat()).size;
      bytes = clampRange(size, range);
    } catch (err) {
      await handle.close();
      throw err;
    }
    const { start, end } = bytes;
    if (size === 0) await handle.close(); // no byte to read: an inclusive end of -1 is refused by createReadStream
    // The stream closes the handle when it ends or is destroyed (a player who stops watching).
    const body =
      size === 0 ? Readable.from([]) : handle.createReadStream({ start, end, highWaterMark: options?.chunkBytes ?? 1024 * 1024 });
    return { body, size, mimeType: clip.mimeType, start, end };
  }

  async deleteFolder(folderId: string): Promise<number> {
    if (!FOLDER_ID.test(folderId) || !existsSync(this.folderDir(folderId))) return 0;
    const count = (await this.listFiles(folderId)).length;
    await rm(this.folderDir(folderId), { recursive: true, force: true });
    return count;
  }

  /** Copied under a hidden name, then renamed: a half-copied file is never listed (a reflink where the disk can). */
  async copyFile(fromFolderId: string, fileId: string, toFolderId: string, name: string): Promise<StoredClip> {
    const source = (await this.listFiles(fromFolderId)).find((f) => f.id === fileId);
    if (!source || !(await this.folderExists(toFolderId))) throw new DomainError('not_found', SERVER_MESSAGES.storage.fileNotFound);
    const target = sanitizeStoredName(name);
    const there = (await this.listFiles(toFolderId)).find((f) => f.name === target && f.size === source.size);
    if (there) return there;
    const dir = this.folderDir(toFolderId);
    const temporary = join(dir, '.uploads', `copy-${randomBytes(9).toString('base64url')}`);
    await copyFile(this.inside(this.folderDir(fromFolderId), source.name), temporary, constants.COPYFILE_FICLONE);
    const file: StoredFile = { id: target, name: target, size: source.size, mimeType: source.mimeType };
    await writeFile(`${temporary}.done`, JSON.stringify(file), { mode: PRIVATE_FILE_MODE });
    await rename(temporary, this.inside(dir, target));
    return file;
  }

  /** File name -> the MIME type its upload was signed for, from the `.done` records. */
  private async uploadedTypes(folderId: string): Promise<Map<string, string>> {
    const uploads = join(this.folderDir(folderId), '.uploads');
    const names = await readdir(uploads).catch(() => [] as string[]);
    const types = new Map<string, string>();
    for (const name of names.filter((n) => n.endsWith('.done'))) {
      const file = await readJson<StoredFile>(join(uploads, name));
      if (file) types.set(file.name, file.mimeType);
    }
    return types;
  }

  async quota(): Promise<StorageQuota> {
    await ensurePrivateDir(this.root);
    const usage = await treeSize(this.root);
    let limit = this.options.limitBytes;
    if (limit === undefined) {
      const fs = await statfs(this.root);
      limit = usage + fs.bavail * fs.bsize;
    }
    return { limit, usage, usageInDrive: usage, usageInTrash: 0 };
  }

  async deleteOlderThan(cutoff: Date): Promise<number> {
    let deleted = 0;
    for (const folderId of await this.folderIds()) {
      const info = await this.folder(folderId);
      if ((await this.folderCreated(folderId, info)) < cutoff) {
        deleted += info?.files.length ?? 0;
        await rm(this.folderDir(folderId), { recursive: true, force: true });
      }
    }
    return deleted;
  }

  async measure(cutoff?: Date): Promise<StoredAmount> {
    const amount = { files: 0, bytes: 0 };
    for (const folderId of await this.folderIds()) {
      const info = await this.folder(folderId);
      if (cutoff && (await this.folderCreated(folderId, info)) >= cutoff) continue;
      amount.files += info?.files.length ?? 0;
      amount.bytes += info?.files.reduce((n, f) => n + f.size, 0) ?? 0;
    }
    return amount;
  }

  async empty(): Promise<number> {
    let deleted = 0;
    for (const folderId of await this.folderIds()) {
      deleted += (await this.folder(folderId))?.files.length ?? 0;
      await rm(this.folderDir(folderId), { recursive: true, force: true });
    }
    return deleted;
  }

  /** When a folder was made: its record, else the directory's own time. */
  private async folderCreated(folderId: string, info: FolderInfo | undefined): Promise<Date> {
    return info?.createdAt ? new Date(info.createdAt) : (await stat(this.folderDir(folderId))).mtime;
  }

  private async folderIds(): Promise<string[]> {
    if (!existsSync(this.root)) return [];
    return (await readdir(this.root)).filter((n) => FOLDER_ID.test(n));
  }

  private async folderExists(folderId: string): Promise<boolean> {
    if (!FOLDER_ID.test(folderId)) return false;
    return existsSync(join(this.folderDir(folderId), '.folder.json'));
  }

  private folderDir(folderId: string): string {
    if (!FOLDER_ID.test(folderId)) throw new DomainError('not_found', SERVER_MESSAGES.storage.folderNotFound);
    return this.inside(this.root, folderId);
  }

  /** Joins and refuses anything that would land outside `base` (belt and braces over the name rules). */
  private inside(base: string, ...parts: string[]): string {
    const target = resolve(base, ...parts);
    if (!target.startsWith(base + sep)) throw new DomainError('invalid_input', SERVER_MESSAGES.storage.invalidFileName);
    return target;
  }

  private sign(uploadId: string, exp: number): string {
    return createHmac('sha256', this.options.secret).update(`upload:${uploadId}.${exp}`).digest('base64url');
  }
}

type ParsedRange = { kind: 'chunk'; start: number; end: number; total: number } | { kind: 'query'; total: number };

export function parseContentRange(header: string | undefined): ParsedRange | undefined | 'invalid' {
  if (header === undefined || header === '') return undefined;
  const query = /^bytes \*\/(\d+)$/.exec(header.trim());
  if (query) return { kind: 'query', total: Number(query[1]) };
  const chunk = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim());
  if (!chunk) return 'invalid';
  const [start, end, total] = [Number(chunk[1]), Number(chunk[2]), Number(chunk[3])];
  if (end < start || end >= total) return 'invalid';
  return { kind: 'chunk', start, end, total };
}

function rangeHeader(received: number): string | undefined {
  return received > 0 ? `bytes=0-${received - 1}` : undefined;
}

function isAbort(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    code === 'ABORT_ERR' ||
    (err as Error).name === 'AbortError' ||
    (err as Error).message === 'aborted'
  );
}

async function fileSize(path: string): Promise<number> {
  return stat(path).then(
    (s) => s.size,
    () => 0,
  );
}

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

async function treeSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await treeSize(path);
    else if (entry.isFile()) total += (await stat(path)).size;
  }
  return total;
}
