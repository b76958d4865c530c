import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auth as googleAuth } from '@googleapis/drive';
import { GoogleDriveStorage } from './google-drive.ts';
import { sendJson, startFakeHttp, type RecordedRequest } from './testing/fake-http.ts';

type Fake = Awaited<ReturnType<typeof startFakeHttp>>;

const FOLDER = 'application/vnd.google-apps.folder';

/** A fake of exactly the Google endpoints the adapter calls: the OAuth token endpoint and Drive v3. */
function driveFake(files: { id: string; mimeType: string; createdTime: string }[]) {
  return (req: RecordedRequest, res: ServerResponse) => {
    const path = req.url.pathname;
    if (req.method === 'POST' && path === '/token') {
      return sendJson(res, 200, { access_token: 'ya29.test-access-token', expires_in: 3599, token_type: 'Bearer', scope: 'https://www.googleapis.com/auth/drive.file' });
    }
    if (req.headers.authorization !== 'Bearer ya29.test-access-token') return sendJson(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
    if (req.method === 'POST' && path === '/drive/v3/files') {
      const body = JSON.parse(req.body);
      return sendJson(res, 200, { kind: 'drive#file', id: '1AbCdEfGhIjKlMnOpQrStUvWxYz', name: body.name, mimeType: body.mimeType });
    }
    if (req.method === 'POST' && path === '/drive/v3/files/1AbCdEfGhIjKlMnOpQrStUvWxYz/permissions') {
      return sendJson(res, 200, { kind: 'drive#permission', id: 'anyoneWithLink', type: 'anyone', role: 'reader' });
    }
    if (req.method === 'POST' && path === '/upload/drive/v3/files') {
      res.writeHead(200, { Location: 'https://www.googleapis.com/upload/drive/v3/files?uploadType=resumable&upload_id=ADPycdt-session', 'Content-Length': '0' });
      return res.end();
    }
    if (req.method === 'GET' && path === '/drive/v3/about') {
      return sendJson(res, 200, { storageQuota: { limit: '16106127360', usage: '5368709120', usageInDrive: '4294967296', usageInDriveTrash: '1073741824' } });
    }
    if (req.method === 'GET' && path === '/drive/v3/files') {
      const q = req.url.searchParams.get('q') ?? '';
      const cutoff = /createdTime < '([^']+)'/.exec(q)?.[1];
      const matching = files.filter((f) => !cutoff || f.createdTime < cutoff);
      // Two pages, to prove pagination is followed.
      if (!req.url.searchParams.get('pageToken')) return sendJson(res, 200, { kind: 'drive#fileList', nextPageToken: 'page2', files: matching.slice(0, 2) });
      return sendJson(res, 200, { kind: 'drive#fileList', files: matching.slice(2) });
    }
    if (req.method === 'DELETE' && path === '/drive/v3/files/trash') {
      res.writeHead(204);
      return res.end();
    }
    if (req.method === 'DELETE' && path.startsWith('/drive/v3/files/')) {
      const id = path.split('/').pop();
      const i = files.findIndex((f) => f.id === id);
      if (i < 0) return sendJson(res, 404, { error: { code: 404, message: `File not found: ${id}.` } });
      files.splice(i, 1);
      res.writeHead(204);
      return res.end();
    }
    sendJson(res, 404, { error: { code: 404, message: 'Not Found' } });
  };
}

describe('Google Drive adapter against a local fake of the Drive endpoints', () => {
  let fake: Fake;
  let files: { id: string; mimeType: string; createdTime: string }[];
  let storage: GoogleDriveStorage;

  beforeEach(async () => {
    files = [
      { id: 'old-clip-1', mimeType: 'video/mp4', createdTime: '2026-11-01T10:00:00.000Z' },
      { id: 'old-folder', mimeType: FOLDER, createdTime: '2026-11-01T09:59:00.000Z' },
      { id: 'old-clip-2', mimeType: 'video/webm', createdTime: '2026-11-02T10:00:00.000Z' },
      { id: 'new-clip', mimeType: 'video/mp4', createdTime: '2026-11-21T10:00:00.000Z' },
    ];
    fake = await startFakeHttp(driveFake(files));
    storage = new GoogleDriveStorage({
      auth: { mode: 'oauth', clientId: 'cid.apps.googleusercontent.com', clientSecret: 'secret', refreshToken: '1//refresh', tokenUrl: `${fake.url}/token` },
      parentFolderId: 'parent-folder',
      limitBytes: undefined,
      rootUrl: `${fake.url}/`,
    });
  });
  afterEach(() => fake.close());

  const calls = (method: string, path: string) => fake.requests.filter((r) => r.method === method && r.url.pathname === path);

  it('refreshes the access token, creates the folder under the parent and shares it with anyone with the link', async () => {
    const answer = await storage.createFolder('videos_20261122_0930_3videos');
    expect(answer).toEqual({ folderId: '1AbCdEfGhIjKlMnOpQrStUvWxYz', folderUrl: 'https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOpQrStUvWxYz' });
    const token = new URLSearchParams(calls('POST', '/token')[0]!.body);
    expect(token.get('grant_type')).toBe('refresh_token');
    expect(token.get('refresh_token')).toBe('1//refresh');
    const create = calls('POST', '/drive/v3/files')[0]!;
    expect(JSON.parse(create.body)).toEqual({ name: 'videos_20261122_0930_3videos', mimeType: FOLDER, parents: ['parent-folder'] });
    expect(create.url.searchParams.get('supportsAllDrives')).toBe('true');
    const permission = calls('POST', '/drive/v3/files/1AbCdEfGhIjKlMnOpQrStUvWxYz/permissions')[0]!;
    expect(JSON.parse(permission.body)).toEqual({ role: 'reader', type: 'anyone' });
  });

  it("opens a resumable session with a raw POST carrying the kiosk's Origin and answers its Location", async () => {
    const { uploadUrl } = await storage.createUploadUrl({ folderId: 'folder-1', filename: 'my clip!.mp4', mimeType: 'video/mp4', size: 123456, origin: 'https://kiosk.example' });
    expect(uploadUrl).toBe('https://www.googleapis.com/upload/drive/v3/files?uploadType=resumable&upload_id=ADPycdt-session');
    const session = calls('POST', '/upload/drive/v3/files')[0]!;
    expect(session.url.searchParams.get('uploadType')).toBe('resumable');
    expect(session.headers.origin).toBe('https://kiosk.example');
    expect(session.headers['x-upload-content-type']).toBe('video/mp4');
    expect(session.headers['x-upload-content-length']).toBe('123456');
    expect(session.headers.authorization).toBe('Bearer ya29.test-access-token');
    expect(JSON.parse(session.body)).toEqual({ name: 'my-clip.mp4', mimeType: 'video/mp4', parents: ['folder-1'] });
  });

  it('reads the quota from about.get', async () => {
    expect(await storage.quota()).toEqual({ limit: 16106127360, usage: 5368709120, usageInDrive: 4294967296, usageInTrash: 1073741824 });
    expect(calls('GET', '/drive/v3/about')[0]!.url.searchParams.get('fields')).toBe('storageQuota');
  });

  it('deletes what was created before the cutoff, following pages, counting files (not folders)', async () => {
    expect(await storage.deleteOlderThan(new Date('2026-11-20T00:00:00.000Z'))).toBe(2);
    expect(files.map((f) => f.id)).toEqual(['new-clip']);
    const list = calls('GET', '/drive/v3/files');
    expect(list).toHaveLength(2);
    expect(list[0]!.url.searchParams.get('q')).toBe("createdTime < '2026-11-20T00:00:00.000Z' and trashed = false");
    expect(list[1]!.url.searchParams.get('pageToken')).toBe('page2');
  });

  it('empties: deletes every app file and the trash', async () => {
    expect(await storage.empty()).toBe(3);
    expect(files).toEqual([]);
    expect(calls('DELETE', '/drive/v3/files/trash')).toHaveLength(1);
  });

  it('service account on a shared drive: folders under the drive, lists and trash scoped to it', async () => {
    const client = new googleAuth.OAuth2({ clientId: 'sa', clientSecret: 'x', endpoints: { oauth2TokenUrl: `${fake.url}/token` } });
    client.setCredentials({ refresh_token: 'sa-refresh' });
    const shared = new GoogleDriveStorage({
      auth: { mode: 'service-account', keyFile: '/nonexistent/key.json', sharedDriveId: '0AsharedDriveId' },
      parentFolderId: undefined,
      limitBytes: 500 * 1024 ** 3,
      rootUrl: `${fake.url}/`,
      serviceAccountClient: client,
    });
    await shared.createFolder('videos_x');
    expect(JSON.parse(calls('POST', '/drive/v3/files')[0]!.body).parents).toEqual(['0AsharedDriveId']);
    await shared.deleteOlderThan(new Date('2026-11-20T00:00:00.000Z'));
    const list = calls('GET', '/drive/v3/files')[0]!.url.searchParams;
    expect([list.get('corpora'), list.get('driveId'), list.get('supportsAllDrives'), list.get('includeItemsFromAllDrives')]).toEqual(['drive', '0AsharedDriveId', 'true', 'true']);
    expect(calls('DELETE', '/drive/v3/files/old-clip-1')[0]!.url.searchParams.get('supportsAllDrives')).toBe('true');
    await shared.empty();
    expect(calls('DELETE', '/drive/v3/files/trash')[0]!.url.searchParams.get('driveId')).toBe('0AsharedDriveId');
    // A shared drive has no per-user limit: the configured one counts.
    expect((await shared.quota()).limit).toBe(500 * 1024 ** 3);
  });
});
