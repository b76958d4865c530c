// The real storage provider: Google Drive. Works with a venue's own Google account (OAuth client +
// refresh token, scope drive.file) or with a service account on a shared drive (service accounts
// created since April 2025 own no storage).
//
// Every file and folder it makes carries appProperties { courtreplay: '1' } (folders also the
// purchase id), and clean-up only ever lists tagged items: a shared drive or a parent folder holds
// things this product never made, and they must survive "Empty Drive". Calls are raw REST through
// outboundFetch (drive-rest.ts) for timeouts and retries.
import { INTEGRATION_MESSAGES, SERVER_MESSAGES } from '@courtreplay/shared';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DomainError } from '../errors.ts';
import type { IntegrationHealth } from '../integrations/health.ts';
import {
  DriveApiError,
  driveErrorOf,
  DriveRest,
  InvalidGrantError,
  RefreshTokenSource,
  serviceAccountTokens,
  type RetryTuning,
  type TokenSource,
} from './drive-rest.ts';
import { clampRange, sliceBytes } from './byte-range.ts';
import { RATE_LIMIT_REASONS } from './outbound-http.ts';
import { sanitizeStoredName } from './file-names.ts';
import type {
  ByteRange,
  CreateFolderOptions,
  FileRead,
  CreateUploadUrlInput,
  IntegrationTestResult,
  StorageProvider,
  StorageQuota,
  StoredAmount,
  StoredClip,
  UploadStatus,
} from './ports.ts';
import { queryUploadStatus } from './upload-status.ts';

export { DEFAULT_GOOGLE_API_URL, DEFAULT_GOOGLE_TOKEN_URL, DRIVE_SCOPE_FULL } from './drive-rest.ts';
export const DRIVE_SCOPE_FILE = 'https://www.googleapis.com/auth/drive.file';
const FOLDER_MIME = 'application/vnd.google-apps.folder';
export const APP_TAG = { courtreplay: '1' } as const;
const TAGGED = "appProperties has { key='courtreplay' and value='1' }";
/** One chunk: what the admin's browser PUTs to prove CORS and Range work from its origin. */
export const TEST_UPLOAD_BYTES = 256 * 1024;
export type GoogleDriveAuth =
  | { mode: 'oauth'; clientId: string; clientSecret: string; refreshToken: string; tokenUrl: string }
  | { mode: 'service-account'; keyFile: string; sharedDriveId: string };

export interface GoogleDriveOptions {
  auth: GoogleDriveAuth;
  parentFolderId: string | undefined;
  limitBytes: number | undefined;
  /** Drive API and upload root (GOOGLE_API_URL), ending with '/'. */
  apiUrl: string;
  health?: IntegrationHealth;
  /** Tests of the shared-drive mode: a token source that needs no key file. */
  serviceAccountTokens?: TokenSource;
  tuning?: RetryTuning;
  /** Told when clean-up had to trash instead of delete (the role cannot delete). */
  onTrashedInstead?: (count: number) => void;
}

interface DriveFile {
  id: string;
  name?: string;
  mimeType?: string;
  size?: string;
  parents?: string[];
  trashed?: boolean;
  appProperties?: Record<string, string>;
}

/** Drive's ids are URL-safe base64-like; anything else cannot be one and must not reach a query string. */
const DRIVE_ID = /^[A-Za-z0-9_-]{1,200}$/;

export class GoogleDriveStorage implements StorageProvider {
  readonly name = 'google-drive' as const;
  private readonly rest: DriveRest;
  private readonly sharedDriveId: string | undefined;

  constructor(private readonly options: GoogleDriveOptions) {
    const a = options.auth;
    const tokens =
      a.mode === 'oauth' ? new RefreshTokenSource(a, options.tuning) : (options.serviceAccountTokens ?? serviceAccountTokens(a.keyFile));
    this.sharedDriveId = a.mode === 'service-account' ? a.sharedDriveId : undefined;
    this.rest = new DriveRest(options.apiUrl, tokens, options.tuning);
  }

  async createFolder(folderName: string, options: CreateFolderOptions = {}): Promise<{ folderId: string; folderUrl: string }> {
    return this.report(async () => {
      const appProperties = { ...APP_TAG, ...(options.purchaseId ? { purchase: options.purchaseId } : {}) };
      // A retried purchase (or a create whose answer was lost) finds its folder instead of making a twin.
      const existing = options.purchaseId ? await this.findFolderOf(options.purchaseId) : undefined;
      const folderId = existing ?? (await this.createTaggedFolder(folderName, appProperties)).id;
      const shared = await this.shareWithAnyone(folderId);
      return { folderId, folderUrl: `https://drive.google.com/drive/folders/${folderId}`, ...(shared ? {} : { shared: false as const }) };
    });
  }

  /**
   * "Anyone with the link" may read the folder: true once Drive agrees. A Workspace whose policy
   * forbids sharing outside the domain answers 403 (publishOutNotPermitted and the like): the
   * folder stays private, which delivery does not need (the phone page streams the clips through
   * this server), and the operator is told once.
   */
  private async shareWithAnyone(folderId: string): Promise<boolean> {
    try {
      // Sharing the same folder with the same audience twice changes nothing: safe to repeat.
      await this.rest.json(`drive/v3/files/${encodeURIComponent(folderId)}/permissions`, {
        method: 'POST',
        query: { supportsAllDrives: true },
        body: { role: 'reader', type: 'anyone' },
        idempotent: true,
      });
    } catch (err) {
      if (
        !(err instanceof DriveApiError) ||
        err.status !== 403 ||
        RATE_LIMIT_REASONS.test(err.reason) ||
        err.reason === 'storageQuotaExceeded'
      )
        throw err;
      this.options.health?.noticed('storage', INTEGRATION_MESSAGES.driveSharingRestricted, {
        code: 'google_sharing_restricted',
        advice: INTEGRATION_MESSAGES.driveSharingAdvice,
      });
      return false;
    }
    this.options.health?.resolve('google_sharing_restricted');
    return true;
  }

  async createUploadUrl(input: CreateUploadUrlInput): Promise<{ uploadUrl: string }> {
    return this.report(async () => {
      const headers: Record<string, string> = { 'X-Upload-Content-Type': input.mimeType, 'X-Upload-Content-Length': String(input.size) };
      // The browser's PUT passes CORS only when the session was opened with the kiosk's Origin.
      if (input.origin) headers.Origin = input.origin;
      const res = await this.rest.send(`${this.rest.apiUrl}upload/drive/v3/files`, {
        method: 'POST',
        query: { uploadType: 'resumable', supportsAllDrives: true },
        headers,
        body: { name: sanitizeStoredName(input.filename), mimeType: input.mimeType, parents: [input.folderId], appProperties: APP_TAG },
      });
      const location = res.headers.get('location');
      // Google's reason (storageQuotaExceeded, a rate limit...) is what the kiosk and the operator need.
      if (!res.ok) throw await driveErrorOf(res);
      if (!location) {
        await res.body?.cancel().catch(() => undefined);
        throw new DomainError('upstream_failed', SERVER_MESSAGES.drive.sessionRefused(res.status));
      }
      this.options.health?.resolve('google_storage_full');
      return { uploadUrl: location };
    });
  }

  /** Where a session stands, asked server-side (the kiosk's browser cannot read Drive's Range header). */
  async uploadStatus(uploadUrl: string, total: number): Promise<UploadStatus> {
    return this.report(() => queryUploadStatus(uploadUrl, total, this.options.tuning));
  }

  async quota(): Promise<StorageQuota> {
    return this.report(async () => {
      if (this.sharedDriveId) {
        // about.get answers the caller's own quota; a shared drive has none (drives.get has no
        // figure either), so usage is what this product stored there.
        const usage = (await this.listTagged('trashed = false', 'size')).reduce((n, f) => n + Number(f.size ?? 0), 0);
        return { limit: this.options.limitBytes ?? 0, usage, usageInDrive: usage, usageInTrash: 0 };
      }
      const about = await this.rest.json<{ storageQuota?: Record<string, string | undefined> }>('drive/v3/about', {
        query: { fields: 'storageQuota' },
      });
      const q = about.storageQuota ?? {};
      const num = (v: string | undefined) => (v ? Number(v) : 0);
      return {
        limit: this.options.limitBytes ?? num(q.limit),
        usage: num(q.usage),
        usageInDrive: num(q.usageInDrive),
        usageInTrash: num(q.usageInDriveTrash),
      };
    });
  }

  async deleteOlderThan(cutoff: Date): Promise<number> {
    return this.report(() => this.removeTagged(`createdTime < '${cutoff.toISOString()}' and trashed = false`));
  }

  async measure(cutoff?: Date): Promise<StoredAmount> {
    const filter = cutoff ? `createdTime < '${cutoff.toISOString()}' and trashed = false` : 'trashed = false';
    return this.report(async () => {
      const files = (await this.listTagged(filter, 'size')).filter((f) => f.mimeType !== FOLDER_MIME);
      return { files: files.length, bytes: files.reduce((n, f) => n + Number(f.size ?? 0), 0) };
    });
  }

  async empty(): Promise<number> {
    // Never emptyTrash: on a shared drive or a personal account it would also take others' trash.
    return this.report(() => this.removeTagged('trashed = false'));
  }

  /** The clips in a folder (files.list `'<folder>' in parents`, every page); Drive lists an upload only once it is whole. */
  async listFiles(folderId: string): Promise<StoredClip[]> {
    if (!DRIVE_ID.test(folderId)) return [];
    return this.report(async () => {
      const items = await this.listPage(
        `'${folderId}' in parents and trashed = false and mimeType != '${FOLDER_MIME}'`,
        'name, size',
        true,
      );
      return items
        .map((f) => ({ id: f.id, name: f.name ?? f.id, size: Number(f.size ?? 0), mimeType: f.mimeType ?? 'application/octet-stream' }))
        .sort((a, b) => a.name.localeCompare(b.name));
    });
  }

  /**
   * Streams a clip through this server (files.get alt=media with a Range header), so a player never
   * needs a Google account. The file must sit in `folderId`: a file id alone opens nothing else.
   */
  async readFile(folderId: string, fileId: string, range?: ByteRange): Promise<FileRead> {
    const meta = DRIVE_ID.test(folderId) && DRIVE_ID.test(fileId) ? await this.report(() => this.metadata(fileId)) : undefined;
    if (!meta || meta.trashed || meta.mimeType === FOLDER_MIME || !meta.parents?.includes(folderId)) {
      throw new DomainError('not_found', SERVER_MESSAGES.storage.fileNotFound);
    }
    const size = Number(meta.size ?? 0);
    const { start, end } = clampRange(size, range);
    const mimeType = meta.mimeType ?? 'application/octet-stream';
    if (size === 0) return { body: Readable.from([]), size, mimeType, start, end };
    const res = await this.report(() =>
      this.rest.send(`${this.rest.apiUrl}drive/v3/files/${encodeURIComponent(fileId)}`, {
        query: { alt: 'media', supportsAllDrives: true },
        headers: { Range: `bytes=${start}-${end}` },
        stream: true,
      }),
    );
    if (res.status === 404) {
      await res.body?.cancel().catch(() => undefined);
      throw new DomainError('not_found', SERVER_MESSAGES.storage.fileNotFound);
    }
    if (res.status === 416) {
      await res.body?.cancel().catch(() => undefined);
      throw new DomainError('bad_range', SERVER_MESSAGES.storage.rangeNotSatisfiable);
    }
    if ((res.status !== 206 && res.status !== 200) || !res.body) throw this.failure(await driveErrorOf(res));
    const stream = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    // A 200 is the whole file (a server may ignore Range): cut the asked bytes out of it.
    const body = res.status === 206 ? stream : stream.pipe(sliceBytes(start, end));
    if (body !== stream) stream.on('error', (err) => body.destroy(err));
    return { body, size, mimeType, start, end };
  }

  /**
   * Deletes a folder this product made and its files (files first, so the count is exact and no
   * file outlives a folder that could not take it along). A folder without the product's tag is
   * refused: whatever the caller believes, the Drive's own things are never touched.
   */
  async deleteFolder(folderId: string): Promise<number> {
    if (!DRIVE_ID.test(folderId)) return 0;
    const folder = await this.report(() => this.metadata(folderId));
    if (!folder || folder.trashed) return 0;
    if (folder.mimeType !== FOLDER_MIME || folder.appProperties?.courtreplay !== APP_TAG.courtreplay) {
      throw new DomainError('forbidden', SERVER_MESSAGES.storage.notOurFolder);
    }
    return this.report(async () => {
      const children = await this.listPage(`'${folderId}' in parents and trashed = false`, 'size', true);
      let removed = 0;
      let trashed = 0;
      for (const f of [...children, folder]) {
        const outcome = await this.removeOne(f);
        if (outcome === 'trashed') trashed++;
        if (outcome !== 'gone' && f.mimeType !== FOLDER_MIME) removed++;
      }
      if (trashed > 0) this.options.onTrashedInstead?.(trashed);
      return removed;
    });
  }

  /** files.copy inside Drive (the copy tagged as the product's own); the same name and size already there is kept. */
  async copyFile(fromFolderId: string, fileId: string, toFolderId: string, name: string): Promise<StoredClip> {
    const source = (await this.listFiles(fromFolderId)).find((f) => f.id === fileId);
    if (!source || !DRIVE_ID.test(toFolderId)) throw new DomainError('not_found', SERVER_MESSAGES.storage.fileNotFound);
    const target = sanitizeStoredName(name);
    const there = (await this.listFiles(toFolderId)).find((f) => f.name === target && f.size === source.size);
    if (there) return there;
    const copy = await this.report(() =>
      this.rest.json<DriveFile>(`drive/v3/files/${encodeURIComponent(fileId)}/copy`, {
        method: 'POST',
        query: { supportsAllDrives: true, fields: 'id, name, size, mimeType' },
        body: { name: target, parents: [toFolderId], appProperties: APP_TAG },
      }),
    );
    return { id: copy.id, name: copy.name ?? target, size: Number(copy.size ?? source.size), mimeType: copy.mimeType ?? source.mimeType };
  }

  /** files.get metadata, or undefined when Drive has no such item (or this app may not see it). */
  private async metadata(fileId: string): Promise<DriveFile | undefined> {
    try {
      return await this.rest.json<DriveFile>(`drive/v3/files/${encodeURIComponent(fileId)}`, {
        query: { supportsAllDrives: true, fields: 'id, name, mimeType, size, parents, trashed, appProperties' },
      });
    } catch (err) {
      if (err instanceof DriveApiError && err.status === 404) return undefined;
      throw err;
    }
  }

  async testConnection(origin?: string): Promise<IntegrationTestResult> {
    try {
      await this.rest.json('drive/v3/about', { query: { fields: 'user,storageQuota' } });
      const probe = await this.createTaggedFolder('CourtReplay connection test', { ...APP_TAG });
      const removed = await this.removeOne({ id: probe.id });
      const folder = await this.createTaggedFolder('CourtReplay connection test (upload)', { ...APP_TAG });
      const shared = await this.shareWithAnyone(folder.id);
      const { uploadUrl } = await this.createUploadUrl({
        folderId: folder.id,
        filename: 'connection-test.bin',
        mimeType: 'application/octet-stream',
        size: TEST_UPLOAD_BYTES,
        origin,
      });
      this.options.health?.succeeded('storage');
      const how = removed === 'trashed' ? 'trashed (this role cannot delete; Manager can)' : 'deleted';
      const works = INTEGRATION_MESSAGES.driveWorks(how);
      return {
        ok: true,
        message: shared ? works : `${works} ${INTEGRATION_MESSAGES.driveSharingRestricted}.`,
        details: { uploadUrl, uploadBytes: TEST_UPLOAD_BYTES, cleanup: removed, sharedWithAnyone: shared },
      };
    } catch (err) {
      const failure = this.failure(err);
      return { ok: false, message: failure.message };
    }
  }

  private async createTaggedFolder(name: string, appProperties: Record<string, string>): Promise<{ id: string }> {
    const parent = this.options.parentFolderId ?? this.sharedDriveId;
    try {
      // A POST: outboundFetch repeats it only on 429 / rate-limit 403, which prove it was not processed.
      return await this.rest.json<{ id: string }>('drive/v3/files', {
        method: 'POST',
        query: { supportsAllDrives: true, fields: 'id' },
        body: { name: name.slice(0, 200), mimeType: FOLDER_MIME, appProperties, ...(parent ? { parents: [parent] } : {}) },
      });
    } catch (err) {
      if (err instanceof DriveApiError && err.status === 404 && parent) {
        throw new DomainError('upstream_failed', SERVER_MESSAGES.drive.parentInvisible(parent));
      }
      throw err;
    }
  }

  private async findFolderOf(purchaseId: string): Promise<string | undefined> {
    const q = `${TAGGED} and appProperties has { key='purchase' and value='${purchaseId.replace(/['\\]/g, '')}' } and mimeType = '${FOLDER_MIME}' and trashed = false`;
    return (await this.listPage(q, 'id'))[0]?.id;
  }

  private async listTagged(filter: string, fields: string): Promise<DriveFile[]> {
    return this.listPage(`${TAGGED} and ${filter}`, fields, true);
  }

  private async listPage(q: string, fields: string, all = false): Promise<DriveFile[]> {
    const items: DriveFile[] = [];
    let pageToken: string | undefined;
    do {
      const page = await this.rest.json<{ files?: DriveFile[]; nextPageToken?: string }>('drive/v3/files', {
        query: {
          q,
          fields: `nextPageToken, files(id, mimeType, ${fields})`,
          pageSize: 1000,
          supportsAllDrives: true,
          includeItemsFromAllDrives: true,
          ...(this.sharedDriveId ? { corpora: 'drive', driveId: this.sharedDriveId } : { corpora: 'user' }),
          pageToken,
        },
      });
      items.push(...(page.files ?? []));
      pageToken = all ? page.nextPageToken : undefined;
    } while (pageToken);
    return items;
  }

  /** Removes the tagged items matching `filter` (files first, then folders); counts files. */
  private async removeTagged(filter: string): Promise<number> {
    const items = await this.listTagged(filter, 'size');
    const files = items.filter((f) => f.mimeType !== FOLDER_MIME);
    const folders = items.filter((f) => f.mimeType === FOLDER_MIME);
    let removed = 0;
    let trashed = 0;
    for (const f of [...files, ...folders]) {
      const outcome = await this.removeOne(f);
      if (outcome === 'trashed') trashed++;
      if (outcome !== 'gone' && f.mimeType !== FOLDER_MIME) removed++;
    }
    if (trashed > 0) this.options.onTrashedInstead?.(trashed);
    return removed;
  }

  /** Deletes, or trashes when the role may not delete (shared drive, Content manager). */
  private async removeOne(f: DriveFile): Promise<'deleted' | 'trashed' | 'gone'> {
    const path = `drive/v3/files/${encodeURIComponent(f.id)}`;
    try {
      await this.rest.json(path, { method: 'DELETE', query: { supportsAllDrives: true } });
      return 'deleted';
    } catch (err) {
      if (!(err instanceof DriveApiError)) throw err;
      // Already gone with its folder, or by another hand: the goal is reached.
      if (err.status === 404) return 'gone';
      if (
        err.status !== 403 ||
        !/insufficientFilePermissions|cannotDeleteFile|teamDriveFileDeletion|organizer/i.test(`${err.reason} ${err.message}`)
      )
        throw err;
    }
    await this.rest.json(path, { method: 'PATCH', query: { supportsAllDrives: true, fields: 'id' }, body: { trashed: true } });
    return 'trashed';
  }

  /** Runs a call, tells the health board how it went, and turns Google's errors into a 502. */
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
    const http =
      err instanceof DomainError
        ? err
        : err instanceof DriveApiError
          ? domainErrorOf(err)
          : new DomainError('upstream_failed', SERVER_MESSAGES.drive.requestFailed((err as Error).message));
    if (err instanceof InvalidGrantError) {
      this.options.health?.failed('storage', http.message, {
        code: 'google_invalid_grant',
        advice: INTEGRATION_MESSAGES.googleInvalidGrantAdvice,
      });
    } else if (err instanceof DriveApiError && err.reason === 'storageQuotaExceeded') {
      this.options.health?.failed('storage', http.message, {
        code: 'google_storage_full',
        advice: INTEGRATION_MESSAGES.driveStorageAdvice,
      });
    } else {
      this.options.health?.failed('storage', http.message);
    }
    return http;
  }
}

/** Google's answer in words the kiosk can show: a full Drive is 507, a rate limit 503 (try again). */
function domainErrorOf(err: DriveApiError): DomainError {
  if (err.reason === 'storageQuotaExceeded') return new DomainError('insufficient_storage', SERVER_MESSAGES.drive.storageFull);
  if (err.status === 429 || RATE_LIMIT_REASONS.test(err.reason))
    return new DomainError('unavailable', SERVER_MESSAGES.drive.rateLimited(err.reason || String(err.status)));
  if (err.status === 404) return new DomainError('upstream_failed', SERVER_MESSAGES.drive.notFound(err.reason || 'notFound'));
  return new DomainError(
    'upstream_failed',
    SERVER_MESSAGES.drive.refused(err.status, err.reason, err.message.replace(/^Google Drive answered [^:]*: /, '')),
  );
}
