// Clips on object storage: Amazon S3 or any S3-compatible store (Cloudflare R2, MinIO, Google Cloud
// Storage's XML API), through the official AWS SDK, so instances on separate machines share nothing
// but the database and the bucket.
//
// Key layout, all under S3_PREFIX (nothing outside it is ever listed, written or deleted):
//   {prefix}{folderId}/.folder.json   the folder: its name, venue and creation time
//   {prefix}{folderId}/{clip name}    each clip, as the kiosk PUT it
//   {prefix}.connection-test-*        the Integrations panel's probe, deleted at once
//
// The kiosk PUTs each clip whole to a presigned URL (uploadKind 'single-put': S3 takes up to 5 GB in
// one PUT, and a broken PUT leaves nothing, so a clip is simply sent again); a clip above
// MULTIPART_THRESHOLD_BYTES goes in presigned parts instead, resumable (s3-multipart.ts). The phone
// page, its ZIP and the share page /d/{folderId} read objects through this server with Range, streamed.
import { INTEGRATION_MESSAGES, SERVER_MESSAGES, type UploadKind } from '@courtreplay/shared';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetBucketCorsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type CORSRule,
  type _Object,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { DomainError } from '../errors.ts';
import type { IntegrationHealth } from '../integrations/health.ts';
import { clampRange, sliceBytes } from './byte-range.ts';
import { contentTypeOf, numberedName, sanitizeStoredName } from './file-names.ts';
import { ACCEPTED_VIDEO_TYPES, SHARE_PATH } from './local-storage.ts';
import { MAGIC_HEAD_BYTES } from './magic-bytes.ts';
import { MULTIPART_PART_BYTES, MULTIPART_THRESHOLD_BYTES, S3Multipart } from './s3-multipart.ts';
import type {
  ByteRange,
  Clock,
  CreateFolderOptions,
  CreateUploadUrlInput,
  FileRead,
  FolderInfo,
  IntegrationTestResult,
  MultipartPlan,
  SharedFolders,
  StorageProvider,
  StorageQuota,
  StoredAmount,
  StoredClip,
  UploadStatus,
} from './ports.ts';
import { keyOfUrl, type BucketAddress } from './s3-location.ts';

export interface S3StorageOptions extends BucketAddress {
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** S3_PREFIX: '' or ending with '/'. */
  prefix: string;
  limitBytes: number | undefined;
  /** UPLOAD_URL_TTL_MINUTES: a presigned URL lives no longer (and never past SigV4's 7 days). */
  uploadUrlTtlMs: number;
  clock: Clock;
  health?: IntegrationHealth;
  /** Tries of one call, the first included: the SDK's standard retries (SlowDown, 503, 500, network errors, with backoff). */
  maxAttempts?: number;
  /** Clips above this many bytes go in parts (MULTIPART_THRESHOLD_BYTES; tests lower it). */
  multipartThresholdBytes?: number;
  /** Every part but the last (MULTIPART_PART_BYTES; at least 5 MiB). */
  partBytes?: number;
}

/** S3's limit for one PUT. */
export const MAX_SINGLE_PUT_BYTES = 5 * 1024 ** 3;
/** SigV4 presigned URLs live at most a week. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
const FOLDER_ID = /^[A-Za-z0-9_-]{22}$/;
const MARKER = '.folder.json';
/** How many objects are deleted at once (one DeleteObject each: GCS's XML API has no DeleteObjects). */
const DELETE_CONCURRENCY = 8;
const SINGLE_PUT: UploadKind = 'single-put';
const MULTIPART: UploadKind = 'multipart';

interface FolderMeta {
  name: string;
  createdAt: string;
  venueName?: string;
  purchaseId?: string;
}

export class S3Storage implements StorageProvider, SharedFolders {
  readonly name = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly multipart: S3Multipart;

  constructor(private readonly options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // A presigned PUT must not carry a checksum of the empty body the SDK signs it with, and
      // several S3-compatible stores refuse the newer checksum headers: only where S3 requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: options.maxAttempts ?? 4,
      requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
    });
    this.multipart = new S3Multipart({
      client: this.client,
      address: options,
      prefix: this.prefix,
      clock: options.clock,
      partBytes: options.partBytes ?? MULTIPART_PART_BYTES,
      presignSeconds: () => this.presignSeconds(),
      isClipKey: (key) => this.isClipKey(key),
      report: (fn) => this.report(fn),
      head: (key) => this.head(key),
    });
  }

  async createFolder(folderName: string, options: CreateFolderOptions = {}): Promise<{ folderId: string; folderUrl: string }> {
    const folderId = randomBytes(16).toString('base64url');
    const meta: FolderMeta = {
      name: folderName.slice(0, 200),
      createdAt: this.options.clock.now().toISOString(),
      ...(options.venueName ? { venueName: options.venueName } : {}),
      ...(options.purchaseId ? { purchaseId: options.purchaseId } : {}),
    };
    await this.report(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.folderKey(folderId) + MARKER,
          Body: JSON.stringify(meta),
          ContentType: 'application/json',
        }),
      ),
    );
    return { folderId, folderUrl: `${options.baseUrl ?? ''}${SHARE_PATH}${folderId}` };
  }

  /**
   * A presigned PUT of the whole clip: its key, type and length are signed, so the URL stores that
   * one object and nothing else. The clip takes the first free name in its folder (`name.mp4`,
   * `name-2.mp4`...), so two clips of one title never overwrite each other.
   */
  async createUploadUrl(input: CreateUploadUrlInput): Promise<{ uploadUrl: string; uploadKind: UploadKind; partSize?: number }> {
    if (!Number.isSafeInteger(input.size) || input.size < MAGIC_HEAD_BYTES)
      throw new DomainError('invalid_input', SERVER_MESSAGES.storage.invalidFileSize);
    if (input.size > MAX_SINGLE_PUT_BYTES) throw new DomainError('invalid_input', SERVER_MESSAGES.s3.tooLarge);
    const mimeType = input.mimeType.split(';')[0]!.trim().toLowerCase();
    if (!ACCEPTED_VIDEO_TYPES.includes(mimeType)) throw new DomainError('invalid_input', SERVER_MESSAGES.storage.invalidVideo);
    if (!(await this.folderMeta(input.folderId))) throw new DomainError('not_found', SERVER_MESSAGES.storage.folderNotFound);
    if (this.options.limitBytes !== undefined && (await this.usage()) + input.size > this.options.limitBytes) {
      throw new DomainError('insufficient_storage', SERVER_MESSAGES.storage.full);
    }
    const taken = new Set((await this.listFiles(input.folderId)).map((f) => f.name));
    const base = sanitizeStoredName(input.filename);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = numberedName(base, n);
    const key = this.folderKey(input.folderId) + name;
    if (input.size > (this.options.multipartThresholdBytes ?? MULTIPART_THRESHOLD_BYTES)) {
      return { ...(await this.multipart.begin(key, mimeType, input.size)), uploadKind: MULTIPART };
    }
    const uploadUrl = await this.report(() =>
      getSignedUrl(
        this.client,
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ContentType: mimeType,
          ContentLength: input.size,
        }),
        {
          expiresIn: this.presignSeconds(),
          signingDate: this.options.clock.now(),
          signableHeaders: new Set(['content-type', 'content-length']),
        },
      ),
    );
    return { uploadUrl, uploadKind: SINGLE_PUT };
  }

  /**
   * Where a presigned PUT stands: whole once its object holds all the bytes (a PUT is all or
   * nothing), else nothing received; 'gone' once the URL has expired with nothing stored.
   */
  async uploadStatus(uploadUrl: string, total: number): Promise<UploadStatus> {
    if (S3Multipart.isHandle(uploadUrl)) return this.multipart.status(uploadUrl, total);
    const key = keyOfUrl(this.options, uploadUrl);
    if (!key || !this.isClipKey(key)) throw new DomainError('invalid_input', SERVER_MESSAGES.s3.notOurUrl);
    const head = await this.head(key);
    if (head && head.size === total) return { received: total, complete: true };
    if (presignedExpiry(uploadUrl) <= this.options.clock.now().getTime())
      throw new DomainError('gone', SERVER_MESSAGES.upload.sessionExpired);
    return { received: 0, complete: false };
  }

  async multipartParts(uploadUrl: string, size: number): Promise<MultipartPlan> {
    if (!S3Multipart.isHandle(uploadUrl)) throw new DomainError('invalid_input', SERVER_MESSAGES.s3.notMultipart);
    return this.multipart.plan(uploadUrl, size);
  }

  async completeMultipart(uploadUrl: string, size: number): Promise<UploadStatus> {
    if (!S3Multipart.isHandle(uploadUrl)) throw new DomainError('invalid_input', SERVER_MESSAGES.s3.notMultipart);
    return this.multipart.complete(uploadUrl, size);
  }

  /** The retention job's: uploads in parts begun before `cutoff` under S3_PREFIX and never completed. */
  async abortAbandonedUploads(cutoff: Date): Promise<number> {
    return this.multipart.abortBegunBefore(cutoff);
  }

  async folder(folderId: string): Promise<FolderInfo | undefined> {
    const meta = await this.folderMeta(folderId);
    if (!meta) return undefined;
    const files = (await this.listFiles(folderId)).map((f) => ({ name: f.name, size: f.size }));
    return { folderId, name: meta.name, createdAt: meta.createdAt, venueName: meta.venueName, files };
  }

  /** The clips of a folder, in name order; an upload in progress is no object yet, so never listed. */
  async listFiles(folderId: string): Promise<StoredClip[]> {
    if (!FOLDER_ID.test(folderId)) return [];
    const objects = await this.list(this.folderKey(folderId), '/');
    return objects
      .map((o) => ({ name: o.Key!.slice(this.folderKey(folderId).length), size: o.Size ?? 0 }))
      .filter((f) => f.name !== '' && !f.name.startsWith('.'))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((f) => ({ id: f.name, name: f.name, size: f.size, mimeType: contentTypeOf(f.name) }));
  }

  /** One GetObject with the asked Range: the body is the store's socket, read at the reader's pace. */
  async readFile(folderId: string, fileId: string, range?: ByteRange): Promise<FileRead> {
    if (!FOLDER_ID.test(folderId) || fileId.includes('/') || fileId.startsWith('.') || fileId === '') {
      throw new DomainError('not_found', SERVER_MESSAGES.storage.fileNotFound);
    }
    if (range) {
      const { start, end } = range;
      const wellFormed = Number.isSafeInteger(start) && start >= 0 && (end === undefined || (Number.isSafeInteger(end) && end >= start));
      if (!wellFormed) throw new DomainError('bad_range', SERVER_MESSAGES.storage.rangeNotSatisfiable);
    }
    let answer;
    try {
      answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.folderKey(folderId) + fileId,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
    } catch (err) {
      if (isCode(err, 'NoSuchKey', 404)) throw new DomainError('not_found', SERVER_MESSAGES.storage.fileNotFound);
      if (isCode(err, 'InvalidRange', 416)) throw new DomainError('bad_range', SERVER_MESSAGES.storage.rangeNotSatisfiable);
      throw this.failure(err);
    }
    this.options.health?.succeeded('storage');
    const length = answer.ContentLength ?? 0;
    const span = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
    const size = span ? Number(span[3]) : length;
    const start = span ? Number(span[1]) : 0;
    const end = span ? Number(span[2]) : length - 1;
    if (!(answer.Body instanceof Readable)) throw new DomainError('upstream_failed', SERVER_MESSAGES.s3.failed('no body'));
    const mimeType = answer.ContentType ?? contentTypeOf(fileId);
    if (!range || span) return { body: answer.Body, size, mimeType, start, end };
    // A store may ignore Range and answer the whole object (200): cut the asked bytes out of it.
    const wanted = clampRange(size, range);
    const whole = answer.Body;
    const body = whole.pipe(sliceBytes(wanted.start, wanted.end));
    whole.on('error', (err) => body.destroy(err));
    return { body, size, mimeType, start: wanted.start, end: wanted.end };
  }

  /** CopyObject inside the bucket; the same name and size already there is kept. */
  async copyFile(fromFolderId: string, fileId: string, toFolderId: string, name: string): Promise<StoredClip> {
    const source = (await this.listFiles(fromFolderId)).find((f) => f.id === fileId);
    if (!source || !(await this.folderMeta(toFolderId))) throw new DomainError('not_found', SERVER_MESSAGES.storage.fileNotFound);
    const target = sanitizeStoredName(name);
    const there = (await this.listFiles(toFolderId)).find((f) => f.name === target && f.size === source.size);
    if (there) return there;
    const from = this.folderKey(fromFolderId) + source.name;
    await this.report(() =>
      this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.folderKey(toFolderId) + target,
          CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        }),
      ),
    );
    return { id: target, name: target, size: source.size, mimeType: source.mimeType };
  }

  async deleteFolder(folderId: string): Promise<number> {
    if (!FOLDER_ID.test(folderId)) return 0;
    return this.removeCounting(await this.list(this.folderKey(folderId)));
  }

  async quota(): Promise<StorageQuota> {
    const usage = await this.usage();
    // A bucket has no size of its own: the limit is STORAGE_LIMIT_BYTES, when set.
    return { limit: this.options.limitBytes ?? 0, usage, usageInDrive: usage, usageInTrash: 0 };
  }

  async measure(cutoff?: Date): Promise<StoredAmount> {
    const files = (await this.stored(cutoff)).filter((o) => !isMarker(o.Key!));
    return { files: files.length, bytes: files.reduce((n, o) => n + (o.Size ?? 0), 0) };
  }

  async deleteOlderThan(cutoff: Date): Promise<number> {
    return this.removeCounting(await this.stored(cutoff));
  }

  async empty(): Promise<number> {
    return this.removeCounting(await this.stored());
  }

  /** Deletes the objects; resolves to how many of them were clips (folder markers are not counted). */
  private async removeCounting(objects: _Object[]): Promise<number> {
    await this.remove(objects);
    return objects.filter((o) => !isMarker(o.Key!)).length;
  }

  /**
   * Writes, reads back and deletes a probe object under S3_PREFIX, then reads the bucket's CORS rules
   * and says whether the admin's origin (the kiosks' own) may PUT and read the ETag. Never the keys.
   */
  async testConnection(origin?: string): Promise<IntegrationTestResult> {
    const { bucket, region } = this.options;
    const key = `${this.prefix}.connection-test-${randomBytes(6).toString('hex')}`;
    const written = `CourtReplay connection test ${this.options.clock.now().toISOString()}`;
    try {
      await this.report(async () => {
        await this.client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: written, ContentType: 'text/plain' }));
        try {
          const read = await this.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          const text = await read.Body?.transformToString();
          if (text !== written) throw new DomainError('upstream_failed', INTEGRATION_MESSAGES.s3ProbeMismatch);
        } finally {
          await this.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
        }
      });
    } catch (err) {
      return { ok: false, message: INTEGRATION_MESSAGES.s3ProbeFailed(bucket, (err as Error).message), details: { bucket, region } };
    }
    const cors = await this.corsState(origin);
    return {
      ok: cors.state !== 'missing' && cors.state !== 'incomplete',
      message: `${INTEGRATION_MESSAGES.s3Works(bucket, region)} ${cors.message}`,
      details: { bucket, region, endpoint: this.options.endpoint ?? 'Amazon S3', prefix: this.prefix, cors: cors.state },
    };
  }

  private async corsState(origin: string | undefined): Promise<{ state: 'ok' | 'missing' | 'incomplete' | 'unknown'; message: string }> {
    let rules: CORSRule[];
    try {
      rules = (await this.client.send(new GetBucketCorsCommand({ Bucket: this.bucket }))).CORSRules ?? [];
    } catch (err) {
      if (isCode(err, 'NoSuchCORSConfiguration', 404)) rules = [];
      else return { state: 'unknown', message: INTEGRATION_MESSAGES.s3CorsUnknown(codeOf(err)) };
    }
    if (rules.length === 0) return { state: 'missing', message: INTEGRATION_MESSAGES.s3CorsMissing };
    const who = origin ?? '*';
    const missing = corsGaps(rules, who);
    if (missing.length === 0) return { state: 'ok', message: INTEGRATION_MESSAGES.s3CorsOk(who) };
    return { state: 'incomplete', message: INTEGRATION_MESSAGES.s3CorsIncomplete(who, missing.join(', ')) };
  }

  /** Every object this product stored before `cutoff` (all without one): a folder counts from its marker's time. */
  private async stored(cutoff?: Date): Promise<_Object[]> {
    const objects = await this.list(this.prefix);
    if (!cutoff) return objects;
    const made = new Map<string, number>();
    for (const o of objects) {
      if (isMarker(o.Key!)) made.set(this.folderOf(o.Key!), o.LastModified?.getTime() ?? 0);
    }
    return objects.filter((o) => (made.get(this.folderOf(o.Key!)) ?? o.LastModified?.getTime() ?? 0) < cutoff.getTime());
  }

  private folderOf(key: string): string {
    const rest = key.slice(this.prefix.length);
    return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : rest;
  }

  private async usage(): Promise<number> {
    return (await this.list(this.prefix)).reduce((n, o) => n + (o.Size ?? 0), 0);
  }

  private async folderMeta(folderId: string): Promise<FolderMeta | undefined> {
    if (!FOLDER_ID.test(folderId)) return undefined;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.folderKey(folderId) + MARKER }));
      return JSON.parse((await answer.Body?.transformToString()) ?? '{}') as FolderMeta;
    } catch (err) {
      if (isCode(err, 'NoSuchKey', 404)) return undefined;
      throw this.failure(err);
    }
  }

  private async head(key: string): Promise<{ size: number } | undefined> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: answer.ContentLength ?? 0 };
    } catch (err) {
      if (isCode(err, 'NotFound', 404) || isCode(err, 'NoSuchKey', 404)) return undefined;
      throw this.failure(err);
    }
  }

  /** Every object under `prefix` (all pages); with a delimiter, only the objects directly in it. */
  private async list(prefix: string, delimiter?: string): Promise<_Object[]> {
    return this.report(async () => {
      const objects: _Object[] = [];
      let token: string | undefined;
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: prefix,
            ...(delimiter ? { Delimiter: delimiter } : {}),
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        objects.push(...(page.Contents ?? []).filter((o) => o.Key?.startsWith(this.prefix)));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects;
    });
  }

  private async remove(objects: _Object[]): Promise<void> {
    const queue = objects.map((o) => o.Key!).filter((k) => k.startsWith(this.prefix));
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        const k = key;
        await this.report(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: k })));
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, queue.length) }, worker));
  }

  /** A presigned URL's life: UPLOAD_URL_TTL_MINUTES, never past SigV4's week. */
  private presignSeconds(): number {
    return Math.max(1, Math.min(MAX_PRESIGN_SECONDS, Math.floor(this.options.uploadUrlTtlMs / 1000)));
  }

  /** A key a clip of ours may have: under the prefix, in a folder of ours. */
  private isClipKey(key: string): boolean {
    return key.startsWith(this.prefix) && FOLDER_ID.test(key.slice(this.prefix.length).split('/')[0] ?? '');
  }

  private folderKey(folderId: string): string {
    if (!FOLDER_ID.test(folderId)) throw new DomainError('not_found', SERVER_MESSAGES.storage.folderNotFound);
    return `${this.prefix}${folderId}/`;
  }

  /** Runs a call, tells the health board how it went, and turns the store's errors into ours. */
  private async report<T>(fn: () => Promise<T>): Promise<T> {
    try {
      const result = await fn();
      this.options.health?.succeeded('storage');
      return result;
    } catch (err) {
      throw this.failure(err);
    }
  }

  private failure(err: unknown): DomainError {
    if (err instanceof DomainError) return err;
    const code = codeOf(err);
    const status = statusOf(err);
    // The faults of one multipart upload, not of the bucket: the health board is not told.
    if (code === 'NoSuchUpload') return new DomainError('gone', SERVER_MESSAGES.s3.uploadGone);
    if (code === 'EntityTooSmall') return new DomainError('invalid_input', SERVER_MESSAGES.s3.partTooSmall);
    if (code === 'InvalidPart' || code === 'InvalidPartOrder') return new DomainError('conflict', SERVER_MESSAGES.s3.partRefused(code));
    let failure: DomainError;
    if (status === 403 || /^(AccessDenied|InvalidAccessKeyId|SignatureDoesNotMatch|AllAccessDisabled)$/.test(code)) {
      failure = new DomainError('upstream_failed', SERVER_MESSAGES.s3.accessDenied(code));
      this.options.health?.failed('storage', failure.message, {
        code: 's3_access_denied',
        advice: INTEGRATION_MESSAGES.s3AccessDeniedAdvice,
      });
      return failure;
    }
    if (code === 'SlowDown' || status === 503) failure = new DomainError('unavailable', SERVER_MESSAGES.s3.slowDown(code));
    else if (code === 'NoSuchBucket') failure = new DomainError('upstream_failed', SERVER_MESSAGES.s3.noSuchBucket(this.bucket));
    else failure = new DomainError('upstream_failed', SERVER_MESSAGES.s3.failed(code));
    this.options.health?.failed('storage', failure.message);
    return failure;
  }
}

function isMarker(key: string): boolean {
  return key.endsWith(`/${MARKER}`);
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function codeOf(err: unknown): string {
  if (err instanceof S3ServiceException) return err.name;
  return (err as Error).name && (err as Error).name !== 'Error' ? (err as Error).name : ((err as Error).message ?? String(err));
}

function isCode(err: unknown, code: string, status: number): boolean {
  return codeOf(err) === code || statusOf(err) === status;
}

/** When a presigned URL stops working: X-Amz-Date plus X-Amz-Expires, in ms (0 when unreadable). */
export function presignedExpiry(url: string): number {
  const query = new URL(url).searchParams;
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(query.get('X-Amz-Date') ?? '');
  const expires = Number(query.get('X-Amz-Expires'));
  if (!date || !Number.isFinite(expires)) return 0;
  const [, y, mo, d, h, mi, s] = date.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) + expires * 1000;
}

/** What no rule of the bucket grants `origin` of a kiosk upload: PUT, the Content-Type header, the ETag. */
export function corsGaps(rules: CORSRule[], origin: string): string[] {
  const matches = (pattern: string, value: string) =>
    new RegExp(
      `^${pattern
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
      'i',
    ).test(value);
  const forOrigin = rules.filter((r) => (r.AllowedOrigins ?? []).some((o) => o === '*' || matches(o, origin)));
  if (forOrigin.length === 0) return [`origin ${origin}`];
  const best = forOrigin.map((r) => {
    const gaps: string[] = [];
    if (!(r.AllowedMethods ?? []).some((m) => m.toUpperCase() === 'PUT')) gaps.push('method PUT');
    if (!(r.AllowedHeaders ?? []).some((h) => h === '*' || matches(h, 'content-type'))) gaps.push('header Content-Type');
    if (!(r.ExposeHeaders ?? []).some((h) => h.toLowerCase() === 'etag')) gaps.push('exposed ETag');
    return gaps;
  });
  return best.reduce((a, b) => (b.length < a.length ? b : a));
}
