// The real storage provider: Google Drive. Works with a venue's own Google account (OAuth client +
// refresh token, scope drive.file) or with a service account on a shared drive (service accounts
// created since April 2025 own no storage). The resumable session is made with a raw POST because
// files.create does not hand back the session URI; the kiosk's Origin rides along so the browser's
// PUT to the session passes CORS.
import { auth as googleAuth, drive, type drive_v3 } from '@googleapis/drive';
import { HttpError } from '../http/errors.ts';
import { sanitizeStoredName } from './file-names.ts';
import type { CreateUploadUrlInput, StorageProvider, StorageQuota } from './ports.ts';

export const DRIVE_SCOPE_FILE = 'https://www.googleapis.com/auth/drive.file';
export const DRIVE_SCOPE_FULL = 'https://www.googleapis.com/auth/drive';
const FOLDER_MIME = 'application/vnd.google-apps.folder';
const GOOGLE_ROOT = 'https://www.googleapis.com/';

/** The part of a google-auth-library client this adapter uses. */
export interface AccessTokenSource {
  getAccessToken(): Promise<{ token?: string | null }>;
}

export type GoogleDriveAuth =
  | { mode: 'oauth'; clientId: string; clientSecret: string; refreshToken: string; tokenUrl?: string }
  | { mode: 'service-account'; keyFile: string; sharedDriveId: string };

export interface GoogleDriveOptions {
  auth: GoogleDriveAuth;
  parentFolderId: string | undefined;
  limitBytes: number | undefined;
  /** Injectable so tests reach a local fake of the Drive endpoints. Ends with '/'. */
  rootUrl?: string;
  /**
   * Tests of the shared-drive mode: google-auth-library's service-account client always asks
   * Google's own token endpoint, so a test passes a client that asks the fake instead.
   */
  serviceAccountClient?: InstanceType<typeof googleAuth.OAuth2>;
}

export class GoogleDriveStorage implements StorageProvider {
  readonly name = 'google-drive' as const;
  private readonly drive: drive_v3.Drive;
  private readonly tokens: AccessTokenSource;
  private readonly rootUrl: string;
  private readonly sharedDriveId: string | undefined;

  constructor(private readonly options: GoogleDriveOptions) {
    this.rootUrl = options.rootUrl ?? GOOGLE_ROOT;
    const a = options.auth;
    if (a.mode === 'oauth') {
      const client = new googleAuth.OAuth2({
        clientId: a.clientId,
        clientSecret: a.clientSecret,
        ...(a.tokenUrl ? { endpoints: { oauth2TokenUrl: a.tokenUrl } } : {}),
      });
      client.setCredentials({ refresh_token: a.refreshToken });
      this.tokens = client;
      this.drive = drive({ version: 'v3', auth: client, rootUrl: this.rootUrl });
      this.sharedDriveId = undefined;
    } else if (options.serviceAccountClient) {
      this.tokens = options.serviceAccountClient;
      this.drive = drive({ version: 'v3', auth: options.serviceAccountClient, rootUrl: this.rootUrl });
      this.sharedDriveId = a.sharedDriveId;
    } else {
      const client = new googleAuth.GoogleAuth({ keyFile: a.keyFile, scopes: [DRIVE_SCOPE_FULL] });
      this.tokens = { getAccessToken: async () => ({ token: await client.getAccessToken() }) };
      this.drive = drive({ version: 'v3', auth: client, rootUrl: this.rootUrl });
      this.sharedDriveId = a.sharedDriveId;
    }
  }

  async createFolder(folderName: string): Promise<{ folderId: string; folderUrl: string }> {
    const parent = this.options.parentFolderId ?? this.sharedDriveId;
    const created = await this.call(() =>
      this.drive.files.create({
        requestBody: { name: folderName.slice(0, 200), mimeType: FOLDER_MIME, ...(parent ? { parents: [parent] } : {}) },
        fields: 'id',
        supportsAllDrives: true,
      }),
    );
    const folderId = created.data.id;
    if (!folderId) throw new HttpError(502, 'Google Drive did not return a folder id.');
    await this.call(() =>
      this.drive.permissions.create({ fileId: folderId, requestBody: { role: 'reader', type: 'anyone' }, supportsAllDrives: true }),
    );
    return { folderId, folderUrl: `https://drive.google.com/drive/folders/${folderId}` };
  }

  async createUploadUrl(input: CreateUploadUrlInput): Promise<{ uploadUrl: string }> {
    const { token } = await this.call(() => this.tokens.getAccessToken());
    if (!token) throw new HttpError(502, 'Google Drive refused the credentials.');
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json; charset=UTF-8',
      'X-Upload-Content-Type': input.mimeType,
      'X-Upload-Content-Length': String(input.size),
    };
    if (input.origin) headers.Origin = input.origin;
    const res = await fetch(`${this.rootUrl}upload/drive/v3/files?uploadType=resumable&supportsAllDrives=true`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: sanitizeStoredName(input.filename), mimeType: input.mimeType, parents: [input.folderId] }),
    }).catch(() => {
      throw new HttpError(502, 'Google Drive could not be reached.');
    });
    const location = res.headers.get('location');
    if (!res.ok || !location) throw new HttpError(502, `Google Drive refused the upload session (${res.status}).`);
    return { uploadUrl: location };
  }

  async quota(): Promise<StorageQuota> {
    const about = await this.call(() => this.drive.about.get({ fields: 'storageQuota' }));
    const q = about.data.storageQuota ?? {};
    const num = (v: string | null | undefined) => (v ? Number(v) : 0);
    // A shared drive has no per-user limit: STORAGE_LIMIT_BYTES says what the venue wants to stay under.
    return {
      limit: this.options.limitBytes ?? num(q.limit),
      usage: num(q.usage),
      usageInDrive: num(q.usageInDrive),
      usageInTrash: num(q.usageInDriveTrash),
    };
  }

  async deleteOlderThan(cutoff: Date): Promise<number> {
    return this.deleteWhere(`createdTime < '${cutoff.toISOString()}' and trashed = false`);
  }

  async empty(): Promise<number> {
    const deleted = await this.deleteWhere('trashed = false');
    // drive.file cannot always empty the whole trash; what this app deleted is gone already.
    await this.drive.files.emptyTrash(this.sharedDriveId ? { driveId: this.sharedDriveId } : {}).catch(() => undefined);
    return deleted;
  }

  /** Deletes the files matching `q` (and then the folders), returning how many files went. */
  private async deleteWhere(q: string): Promise<number> {
    const items: drive_v3.Schema$File[] = [];
    let pageToken: string | undefined;
    do {
      const page = await this.call(() =>
        this.drive.files.list({
          q,
          fields: 'nextPageToken, files(id, mimeType)',
          pageSize: 1000,
          supportsAllDrives: true,
          includeItemsFromAllDrives: true,
          ...(this.sharedDriveId ? { corpora: 'drive', driveId: this.sharedDriveId } : { corpora: 'user' }),
          ...(pageToken ? { pageToken } : {}),
        }),
      );
      items.push(...(page.data.files ?? []));
      pageToken = page.data.nextPageToken ?? undefined;
    } while (pageToken);
    const files = items.filter((f) => f.mimeType !== FOLDER_MIME);
    const folders = items.filter((f) => f.mimeType === FOLDER_MIME);
    let deleted = 0;
    for (const f of [...files, ...folders]) {
      try {
        await this.drive.files.delete({ fileId: f.id!, supportsAllDrives: true });
        if (f.mimeType !== FOLDER_MIME) deleted++;
      } catch (err) {
        // Already gone with its folder, or by another hand: the goal is reached.
        if (statusOf(err) !== 404) throw toHttpError(err);
      }
    }
    return deleted;
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw toHttpError(err);
    }
  }
}

function statusOf(err: unknown): number | undefined {
  const e = err as { status?: number; code?: number | string; response?: { status?: number } };
  return e.response?.status ?? e.status ?? (typeof e.code === 'number' ? e.code : undefined);
}

function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const status = statusOf(err);
  return new HttpError(502, `Google Drive request failed${status ? ` (${status})` : ''}: ${(err as Error).message}`);
}
