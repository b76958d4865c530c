// An imitation of Google Drive v3, written from Google's documentation, as a real loopback HTTP
// server: the OAuth token endpoint (refresh_token grant), files.create/get/list/update/delete,
// files.get alt=media with a Range header (206 + Content-Range, 416 past the end), permissions.create,
// about.get, drives.get and the resumable upload protocol (POST opens a
// session, PUT with Content-Range sends a chunk, 308 + Range says what arrived, an empty PUT with
// `Content-Range: bytes */total` asks). The real adapters and the kiosk run against it unmodified
// through GOOGLE_API_URL and GOOGLE_OAUTH_TOKEN_URL.
//
//   const drive = await startDriveImitation();          // drive.url ends with '/'
//   GOOGLE_API_URL=drive.url, GOOGLE_OAUTH_TOKEN_URL=drive.tokenUrl
//   drive.inject('upload-chunk', '503-html');           // the next chunk PUT fails once
//   drive.options.hideRange = true;                     // CORS hides Range from the browser
//   drive.files                                         // what is stored (read or seed it)
//   await drive.close();
//
// Faults are one-shot and matched by the operation they hit; `options` holds lasting behaviours.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type DriveOperation =
  | 'token'
  | 'about.get'
  | 'drives.get'
  | 'files.list'
  | 'files.get'
  | 'files.download'
  | 'files.create'
  | 'files.copy'
  | 'files.update'
  | 'files.delete'
  | 'permissions.create'
  | 'upload-session'
  | 'upload-chunk';

export type DriveFault = 'hang' | '500' | '503-html' | '429' | '403-rate-limit' | '404-session-expired';

export interface ImitatedFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  appProperties: Record<string, string>;
  createdTime: string;
  size: number;
  trashed: boolean;
  /** Made through this app's OAuth client: the only items visible with scope drive.file. */
  byApp: boolean;
  content?: Buffer;
}

export interface DriveImitationOptions {
  /** Scope drive.file: items not made by the app answer 404 (e.g. a parent folder made in the Drive UI). */
  driveFileScope: boolean;
  /** Shared drive with the Content manager role: files.delete answers 403, trashing works. */
  organizerOnlyDelete: boolean;
  /** Access-Control-Expose-Headers leaves Range out, as Drive's answers to a browser do. */
  hideRange: boolean;
  /** The token endpoint answers invalid_grant (refresh token revoked or expired after 7 days). */
  invalidGrant: boolean;
  /** files.list answers at most this many items a page (Drive may return fewer than pageSize). */
  maxPageSize: number;
  /** alt=media answers 200 with the whole file whatever the Range header asks (HTTP lets a server ignore it). */
  ignoreRange: boolean;
  /** alt=media bodies are sent in four pieces this many ms apart (a slow link). */
  mediaTrickleMs: number;
  /**
   * A Google Workspace whose sharing policy forbids "anyone with the link": permissions.create of
   * type anyone answers 403 publishOutNotPermitted.
   */
  sharingRestricted: boolean;
  /** The account's storage is full: opening an upload session answers 403 storageQuotaExceeded. */
  storageFull: boolean;
  /** about.get's storageQuota for the caller's account. */
  userQuota: { limit?: string; usage: string; usageInDrive: string; usageInDriveTrash: string };
}

export interface UploadSession {
  id: string;
  fileId: string;
  total: number;
  received: Buffer[];
  expired: boolean;
}

const FOLDER = 'application/vnd.google-apps.folder';
/** Always accepted: what a service-account token source hands out in tests. */
export const IMITATION_SERVICE_ACCOUNT_TOKEN = 'ya29.service-account';

export async function startDriveImitation(initial: Partial<DriveImitationOptions> = {}) {
  const options: DriveImitationOptions = {
    driveFileScope: false,
    organizerOnlyDelete: false,
    hideRange: false,
    invalidGrant: false,
    sharingRestricted: false,
    storageFull: false,
    maxPageSize: 1000,
    mediaTrickleMs: 0,
    ignoreRange: false,
    userQuota: { limit: '16106127360', usage: '5368709120', usageInDrive: '4294967296', usageInDriveTrash: '1073741824' },
    ...initial,
  };
  const files: ImitatedFile[] = [];
  const sessions = new Map<string, UploadSession>();
  const tokens = new Set<string>([IMITATION_SERVICE_ACCOUNT_TOKEN]);
  const faults: { op: DriveOperation; fault: DriveFault }[] = [];
  const requests: { op: DriveOperation | 'other'; method: string; url: URL; headers: IncomingMessage['headers'] }[] = [];
  const hanging = new Set<ServerResponse>();
  let seq = 0;
  let url = '';

  const newId = () => `imit${(++seq).toString().padStart(4, '0')}${randomBytes(4).toString('hex')}`;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', url);
      const op = operationOf(req.method ?? 'GET', u.pathname, u.searchParams.get('alt'));
      requests.push({ op: op ?? 'other', method: req.method ?? 'GET', url: u, headers: req.headers });
      cors(req, res);
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      const i = op ? faults.findIndex((f) => f.op === op) : -1;
      if (i >= 0) return applyFault(faults.splice(i, 1)[0]!.fault, res, u);
      try {
        route(op, req, u, Buffer.concat(chunks), res);
      } catch (err) {
        sendJson(res, 400, apiError(400, 'badRequest', (err as Error).message));
      }
    });
  });

  function cors(req: IncomingMessage, res: ServerResponse) {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader(
      'Access-Control-Allow-Headers',
      'Authorization, Content-Type, Content-Range, X-Upload-Content-Type, X-Upload-Content-Length',
    );
    res.setHeader('Access-Control-Expose-Headers', options.hideRange ? 'Location, X-Goog-Upload-Status' : 'Location, Range');
  }

  function applyFault(fault: DriveFault, res: ServerResponse, u: URL) {
    if (fault === 'hang') return void hanging.add(res);
    if (fault === '500') return sendJson(res, 500, apiError(500, 'backendError', 'Backend Error'));
    if (fault === '503-html') {
      res.writeHead(503, { 'Content-Type': 'text/html; charset=UTF-8' });
      return void res.end('<html><body><h1>Service Unavailable</h1></body></html>');
    }
    if (fault === '429') return sendJson(res, 429, apiError(429, 'rateLimitExceeded', 'Rate Limit Exceeded'), { 'Retry-After': '1' });
    if (fault === '403-rate-limit') return sendJson(res, 403, apiError(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded'));
    const session = sessions.get(u.searchParams.get('upload_id') ?? '');
    if (session) session.expired = true;
    return sendJson(res, 404, apiError(404, 'notFound', 'Upload session expired'));
  }

  function route(op: DriveOperation | undefined, req: IncomingMessage, u: URL, body: Buffer, res: ServerResponse) {
    if (op === 'token') return token(body, res);
    if (!op) return sendJson(res, 404, apiError(404, 'notFound', 'Not Found'));
    if (op !== 'upload-chunk' && !tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) {
      return sendJson(res, 401, apiError(401, 'authError', 'Invalid Credentials'));
    }
    const id = u.pathname.split('/')[4] ?? '';
    switch (op) {
      case 'about.get':
        return sendJson(res, 200, { kind: 'drive#about', storageQuota: options.userQuota });
      case 'drives.get':
        return sendJson(res, 200, { kind: 'drive#drive', id, name: 'Venue shared drive' });
      case 'files.list':
        return list(u, res);
      case 'files.create':
        return create(JSON.parse(body.toString('utf8') || '{}'), res, u);
      case 'files.get': {
        const f = visible(id);
        return f ? sendJson(res, 200, fileJson(f, u)) : notFound(res, id);
      }
      case 'files.download': {
        const f = visible(id);
        return f ? download(f, req, res) : notFound(res, id);
      }
      case 'files.copy': {
        // files.copy: a file's content under a new name and parents (patch semantics); folders cannot be copied.
        const f = visible(id);
        if (!f) return notFound(res, id);
        if (f.mimeType === FOLDER) return sendJson(res, 403, apiError(403, 'cannotCopyFile', 'This file cannot be copied by the user.'));
        const patch = JSON.parse(body.toString('utf8') || '{}') as Partial<ImitatedFile>;
        return create(
          { ...f, parents: [], appProperties: f.appProperties, ...patch, mimeType: f.mimeType },
          res,
          u,
          f.content ?? Buffer.alloc(0),
        );
      }
      case 'files.update': {
        const f = visible(id);
        if (!f) return notFound(res, id);
        Object.assign(f, pick(JSON.parse(body.toString('utf8') || '{}')));
        return sendJson(res, 200, fileJson(f, u));
      }
      case 'files.delete': {
        const f = visible(id);
        if (!f) return notFound(res, id);
        if (options.organizerOnlyDelete) {
          return sendJson(
            res,
            403,
            apiError(403, 'insufficientFilePermissions', 'The user does not have sufficient permissions for this file.'),
          );
        }
        removeTree(f.id);
        return void res.writeHead(204).end();
      }
      case 'permissions.create':
        if (!visible(id)) return notFound(res, id);
        if (options.sharingRestricted)
          return sendJson(
            res,
            403,
            apiError(403, 'publishOutNotPermitted', 'The user does not have sufficient permissions to share this item with anyone.'),
          );
        return sendJson(res, 200, { kind: 'drive#permission', id: 'anyoneWithLink', type: 'anyone', role: 'reader' });
      case 'upload-session':
        if (options.storageFull)
          return sendJson(res, 403, apiError(403, 'storageQuotaExceeded', "The user's Drive storage quota has been exceeded."));
        return openSession(req, JSON.parse(body.toString('utf8') || '{}'), res);
      case 'upload-chunk':
        return chunk(req, u, body, res);
    }
  }

  function token(body: Buffer, res: ServerResponse) {
    const form = new URLSearchParams(body.toString('utf8'));
    if (options.invalidGrant || form.get('grant_type') !== 'refresh_token') {
      return sendJson(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    }
    const access = `ya29.${randomBytes(8).toString('hex')}`;
    tokens.add(access);
    sendJson(res, 200, {
      access_token: access,
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'https://www.googleapis.com/auth/drive.file',
    });
  }

  function visible(id: string): ImitatedFile | undefined {
    const f = files.find((x) => x.id === id);
    return f && (!options.driveFileScope || f.byApp) ? f : undefined;
  }

  function create(meta: Partial<ImitatedFile>, res: ServerResponse, u: URL, content?: Buffer) {
    const parents = meta.parents ?? [];
    for (const p of parents) if (!visible(p) && !p.startsWith('0A')) return notFound(res, p);
    const f: ImitatedFile = {
      id: newId(),
      name: meta.name ?? 'Untitled',
      mimeType: meta.mimeType ?? 'application/octet-stream',
      parents,
      appProperties: meta.appProperties ?? {},
      createdTime: new Date().toISOString(),
      size: content?.length ?? 0,
      trashed: false,
      byApp: true,
      ...(content ? { content } : {}),
    };
    files.push(f);
    sendJson(res, 200, fileJson(f, u));
    return f;
  }

  function list(u: URL, res: ServerResponse) {
    const matches = files.filter((f) => (!options.driveFileScope || f.byApp) && matchesQuery(f, u.searchParams.get('q') ?? ''));
    const pageSize = Math.min(Number(u.searchParams.get('pageSize') ?? 100), 1000, options.maxPageSize);
    const start = Number(u.searchParams.get('pageToken') ?? 0);
    const page = matches.slice(start, start + pageSize);
    const next = start + pageSize < matches.length ? { nextPageToken: String(start + pageSize) } : {};
    sendJson(res, 200, { kind: 'drive#fileList', ...next, files: page.map((f) => fileJson(f, u)) });
  }

  /** alt=media: the bytes, or the one range a `Range: bytes=a-b | a- | -n` header asks for. */
  function download(f: ImitatedFile, req: IncomingMessage, res: ServerResponse) {
    if (f.mimeType === FOLDER)
      return sendJson(res, 403, apiError(403, 'fileNotDownloadable', 'Only files with binary content can be downloaded.'));
    const content = f.content ?? Buffer.alloc(0);
    const range = options.ignoreRange ? null : /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
    let start = 0;
    let end = content.length - 1;
    if (range && (range[1] || range[2])) {
      if (range[1]) {
        start = Number(range[1]);
        end = range[2] ? Math.min(Number(range[2]), content.length - 1) : content.length - 1;
      } else {
        start = Math.max(content.length - Number(range[2]), 0);
      }
      if (start >= content.length || end < start) {
        res.writeHead(416, { 'Content-Range': `bytes */${content.length}`, 'Content-Type': 'application/json; charset=UTF-8' });
        return void res.end(JSON.stringify(apiError(416, 'requestedRangeNotSatisfiable', 'Request range not satisfiable')));
      }
    }
    const partial = range !== null && (range[1] !== '' || range[2] !== '');
    const bytes = content.subarray(start, end + 1);
    res.writeHead(partial ? 206 : 200, {
      'Content-Type': f.mimeType,
      'Content-Length': String(bytes.length),
      ...(partial ? { 'Content-Range': `bytes ${start}-${end}/${content.length}` } : {}),
    });
    if (!options.mediaTrickleMs) return void res.end(bytes);
    const piece = Math.ceil(bytes.length / 4);
    const send = (at: number) => {
      if (res.destroyed) return;
      if (at >= bytes.length) return void res.end();
      res.write(bytes.subarray(at, at + piece));
      setTimeout(() => send(at + piece), options.mediaTrickleMs);
    };
    send(0);
  }

  function openSession(req: IncomingMessage, meta: Partial<ImitatedFile>, res: ServerResponse) {
    const total = Number(req.headers['x-upload-content-length'] ?? NaN);
    const parents = meta.parents ?? [];
    for (const p of parents) if (!visible(p) && !p.startsWith('0A')) return notFound(res, p);
    const f: ImitatedFile = {
      id: newId(),
      name: meta.name ?? 'Untitled',
      mimeType: meta.mimeType ?? 'application/octet-stream',
      parents,
      appProperties: meta.appProperties ?? {},
      createdTime: new Date().toISOString(),
      size: 0,
      trashed: true,
      byApp: true,
    };
    // Not listed until the upload completes.
    const session: UploadSession = { id: `ADPy${randomBytes(12).toString('hex')}`, fileId: f.id, total, received: [], expired: false };
    pendingFiles.set(session.id, f);
    sessions.set(session.id, session);
    res.writeHead(200, { Location: `${url}upload/drive/v3/files?uploadType=resumable&upload_id=${session.id}`, 'Content-Length': '0' });
    res.end();
  }

  const pendingFiles = new Map<string, ImitatedFile>();

  function chunk(req: IncomingMessage, u: URL, body: Buffer, res: ServerResponse) {
    const session = sessions.get(u.searchParams.get('upload_id') ?? '');
    if (!session || session.expired) return sendJson(res, 404, apiError(404, 'notFound', 'Upload session not found'));
    const have = session.received.reduce((n, b) => n + b.length, 0);
    const range = /^bytes (?:(\d+)-(\d+)|\*)\/(\d+|\*)$/.exec(String(req.headers['content-range'] ?? ''));
    if (!range) return sendJson(res, 400, apiError(400, 'badContentRange', 'Bad Content-Range'));
    if (range[1] !== undefined) {
      const start = Number(range[1]);
      if (start !== have) return sendStatus(session, have, res);
      session.received.push(body);
    }
    const now = have + (range[1] !== undefined ? body.length : 0);
    if (now < session.total) return sendStatus(session, now, res);
    const f = pendingFiles.get(session.id);
    if (f && f.trashed) {
      f.trashed = false;
      f.content = Buffer.concat(session.received);
      f.size = f.content.length;
      files.push(f);
    }
    sendJson(res, 200, f ? fileJson(f, u) : {});
  }

  function sendStatus(session: UploadSession, have: number, res: ServerResponse) {
    res.writeHead(308, { ...(have > 0 ? { Range: `bytes=0-${have - 1}` } : {}), 'Content-Length': '0' });
    res.end();
  }

  function removeTree(id: string) {
    for (const child of files.filter((f) => f.parents.includes(id))) removeTree(child.id);
    const i = files.findIndex((f) => f.id === id);
    if (i >= 0) files.splice(i, 1);
  }

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  return {
    /** The Drive API and upload root (GOOGLE_API_URL), ending with '/'. */
    url,
    /** The OAuth token endpoint (GOOGLE_OAUTH_TOKEN_URL). */
    tokenUrl: `${url}token`,
    options,
    files,
    sessions,
    requests,
    /** The next request of this operation answers with the fault (once per call). */
    inject(op: DriveOperation, fault: DriveFault) {
      faults.push({ op, fault });
    },
    /** Adds an item as if made outside the app (e.g. in the Drive UI): invisible with drive.file. */
    seed(file: Partial<ImitatedFile> & { name: string }): ImitatedFile {
      const f: ImitatedFile = {
        id: newId(),
        mimeType: FOLDER,
        parents: [],
        appProperties: {},
        createdTime: new Date().toISOString(),
        size: 0,
        trashed: false,
        byApp: false,
        ...file,
      };
      files.push(f);
      return f;
    },
    close: () =>
      new Promise<void>((done) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export type DriveImitation = Awaited<ReturnType<typeof startDriveImitation>>;

/** A server's settings to store clips in `drive`: Drive storage with an OAuth client the imitation accepts. */
export function driveEnv(drive: Pick<DriveImitation, 'url' | 'tokenUrl'>): Record<string, string> {
  return {
    STORAGE: 'google-drive',
    GOOGLE_CLIENT_ID: 'venue.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'venue-secret',
    GOOGLE_REFRESH_TOKEN: '1//venue-refresh-token',
    GOOGLE_API_URL: drive.url,
    GOOGLE_OAUTH_TOKEN_URL: drive.tokenUrl,
  };
}

function operationOf(method: string, path: string, alt: string | null): DriveOperation | undefined {
  if (path === '/token' && method === 'POST') return 'token';
  if (path === '/drive/v3/about' && method === 'GET') return 'about.get';
  if (/^\/drive\/v3\/drives\/[^/]+$/.test(path) && method === 'GET') return 'drives.get';
  if (path === '/drive/v3/files' && method === 'GET') return 'files.list';
  if (path === '/drive/v3/files' && method === 'POST') return 'files.create';
  if (/^\/drive\/v3\/files\/[^/]+$/.test(path))
    return method === 'GET'
      ? alt === 'media'
        ? 'files.download'
        : 'files.get'
      : method === 'PATCH'
        ? 'files.update'
        : method === 'DELETE'
          ? 'files.delete'
          : undefined;
  if (/^\/drive\/v3\/files\/[^/]+\/permissions$/.test(path) && method === 'POST') return 'permissions.create';
  if (/^\/drive\/v3\/files\/[^/]+\/copy$/.test(path) && method === 'POST') return 'files.copy';
  if (path === '/upload/drive/v3/files') return method === 'POST' ? 'upload-session' : method === 'PUT' ? 'upload-chunk' : undefined;
  return undefined;
}

/** The subset of Drive's query language the product uses, clauses joined by ' and '. */
export function matchesQuery(f: ImitatedFile, q: string): boolean {
  if (!q) return !f.trashed;
  const clauses = q.replace(/appProperties has \{ key='([^']*)' and value='([^']*)' \}/g, 'appProp:$1=$2').split(' and ');
  return clauses.every((c) => {
    let m: RegExpExecArray | null;
    if ((m = /^appProp:(.*)=(.*)$/.exec(c))) return f.appProperties[m[1]!] === m[2];
    if ((m = /^createdTime < '([^']+)'$/.exec(c))) return f.createdTime < m[1]!;
    if ((m = /^trashed = (true|false)$/.exec(c))) return f.trashed === (m[1] === 'true');
    if ((m = /^mimeType (=|!=) '([^']+)'$/.exec(c))) return (f.mimeType === m[2]) === (m[1] === '=');
    if ((m = /^'([^']+)' in parents$/.exec(c))) return f.parents.includes(m[1]!);
    throw new Error(`Invalid Value: q clause ${c}`);
  });
}

function pick(patch: Partial<ImitatedFile>): Partial<ImitatedFile> {
  return { ...(patch.trashed !== undefined ? { trashed: patch.trashed } : {}), ...(patch.name ? { name: patch.name } : {}) };
}

function fileJson(f: ImitatedFile, u: URL) {
  const all = {
    kind: 'drive#file',
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    parents: f.parents,
    appProperties: f.appProperties,
    createdTime: f.createdTime,
    size: String(f.size),
    trashed: f.trashed,
  };
  const fields = u.searchParams.get('fields');
  return fields && !fields.includes('(')
    ? Object.fromEntries(
        Object.entries(all).filter(
          ([k]) =>
            k === 'kind' ||
            fields
              .split(',')
              .map((s) => s.trim())
              .includes(k),
        ),
      )
    : all;
}

function apiError(code: number, reason: string, message: string) {
  return { error: { code, message, errors: [{ domain: 'global', reason, message }] } };
}

function notFound(res: ServerResponse, id: string) {
  sendJson(res, 404, apiError(404, 'notFound', `File not found: ${id}.`));
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}
