// `npm run drive:connect`: gets a Google Drive refresh token for the venue's own Google account, so
// the server can use STORAGE=google-drive without a service account. OAuth "installed app" flow
// with a loopback redirect and PKCE: this prints a URL, you sign in and allow access in a browser,
// Google redirects to this script, and it prints the lines for your .env.
//
//   GOOGLE_CLIENT_ID=... GOOGLE_CLIENT_SECRET=... npm run drive:connect
//
// The OAuth client must be of type "Desktop app" (Google Cloud console > APIs & Services >
// Credentials); the scope is drive.file, so the server sees only the files it creates.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_GOOGLE_API_URL } from '../sync-server/src/adapters/drive-rest.ts';
import { outboundFetch } from '../sync-server/src/adapters/outbound-http.ts';

export const GOOGLE_AUTH_ENDPOINT = 'https://accounts.google.com/o/oauth2/v2/auth';
export const GOOGLE_TOKEN_ENDPOINT = 'https://oauth2.googleapis.com/token';
export const DRIVE_FILE_SCOPE = 'https://www.googleapis.com/auth/drive.file';

export interface AuthUrlInput {
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  authEndpoint?: string;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** access_type=offline + prompt=consent: Google returns a refresh token every time. */
export function buildAuthUrl(input: AuthUrlInput): string {
  const url = new URL(input.authEndpoint ?? GOOGLE_AUTH_ENDPOINT);
  url.search = new URLSearchParams({
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: DRIVE_FILE_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

export interface ExchangeInput {
  code: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  codeVerifier: string;
  tokenUrl?: string;
}

export async function exchangeCode(input: ExchangeInput): Promise<{ refreshToken: string; scope: string; accessToken: string }> {
  const res = await fetch(input.tokenUrl ?? GOOGLE_TOKEN_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      client_id: input.clientId,
      client_secret: input.clientSecret,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
    }).toString(),
  });
  const body = (await res.json().catch(() => ({}))) as {
    access_token?: string;
    refresh_token?: string;
    scope?: string;
    error?: string;
    error_description?: string;
  };
  if (!res.ok || !body.refresh_token) {
    throw new Error(`Google refused the code: ${body.error ?? res.status}${body.error_description ? ` (${body.error_description})` : ''}`);
  }
  return { refreshToken: body.refresh_token, scope: body.scope ?? '', accessToken: body.access_token ?? '' };
}

export interface LoopbackFlowOptions {
  clientId: string;
  clientSecret: string;
  /** Called with the consent URL (the CLI prints it). */
  showUrl: (url: string) => void;
  authEndpoint?: string;
  tokenUrl?: string;
  timeoutMs?: number;
}

/** Listens on 127.0.0.1, waits for Google's redirect, checks the state, exchanges the code. */
export async function runLoopbackFlow(options: LoopbackFlowOptions): Promise<{ refreshToken: string; scope: string; accessToken: string }> {
  const state = randomBytes(16).toString('base64url');
  const { verifier, challenge } = pkcePair();
  let server: Server | undefined;
  try {
    const code = await new Promise<{ code: string; redirectUri: string }>((resolveCode, rejectCode) => {
      let redirectUri = '';
      server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', redirectUri);
        if (url.pathname !== '/oauth2callback') {
          res.writeHead(404).end();
          return;
        }
        const error = url.searchParams.get('error');
        const got = url.searchParams.get('code');
        if (url.searchParams.get('state') !== state || error || !got) {
          res
            .writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
            .end('Google Drive was not connected. You can close this tab and run the command again.');
          rejectCode(new Error(error ? `Google said: ${error}` : 'The answer did not match this request (state).'));
          return;
        }
        res
          .writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end('Google Drive is connected. You can close this tab and go back to the terminal.');
        resolveCode({ code: got, redirectUri });
      });
      server.listen(0, '127.0.0.1', () => {
        redirectUri = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/oauth2callback`;
        options.showUrl(
          buildAuthUrl({ clientId: options.clientId, redirectUri, state, codeChallenge: challenge, authEndpoint: options.authEndpoint }),
        );
      });
      setTimeout(
        () => rejectCode(new Error('No answer from the browser within the time limit.')),
        options.timeoutMs ?? 10 * 60_000,
      ).unref();
    });
    return await exchangeCode({
      code: code.code,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      redirectUri: code.redirectUri,
      codeVerifier: verifier,
      tokenUrl: options.tokenUrl,
    });
  } finally {
    (server as Server | undefined)?.close();
  }
}

const FOLDER_MIME = 'application/vnd.google-apps.folder';

/**
 * The folder purchases go into. With scope drive.file the app sees only what it made, so a folder
 * made in the Drive UI answers 404 to every create: this checks the given one and, when the app
 * cannot see it, makes one. Tagged `courtreplayParent` (not `courtreplay`, which clean-up deletes).
 */
export async function ensureParentFolder(input: {
  accessToken: string;
  apiUrl?: string;
  folderId?: string | undefined;
  name?: string;
}): Promise<{ folderId: string; created: boolean }> {
  const api = input.apiUrl ?? DEFAULT_GOOGLE_API_URL;
  const headers = { Authorization: `Bearer ${input.accessToken}`, 'Content-Type': 'application/json; charset=UTF-8' };
  if (input.folderId) {
    const res = await outboundFetch(
      `${api}drive/v3/files/${encodeURIComponent(input.folderId)}?fields=id,mimeType,trashed&supportsAllDrives=true`,
      { headers },
      { timeoutMs: 30_000 },
    );
    const file = (await res.json().catch(() => ({}))) as { mimeType?: string; trashed?: boolean };
    if (res.ok && file.mimeType === FOLDER_MIME && !file.trashed) return { folderId: input.folderId, created: false };
    if (res.status !== 404 && !res.ok) throw new Error(`Google Drive answered ${res.status} about folder ${input.folderId}.`);
  }
  const res = await outboundFetch(
    `${api}drive/v3/files?fields=id&supportsAllDrives=true`,
    {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: input.name ?? 'CourtReplay', mimeType: FOLDER_MIME, appProperties: { courtreplayParent: '1' } }),
    },
    { timeoutMs: 30_000 },
  );
  const made = (await res.json().catch(() => ({}))) as { id?: string };
  if (!res.ok || !made.id) throw new Error(`Google Drive refused to create the parent folder (${res.status}).`);
  return { folderId: made.id, created: true };
}

async function cli(): Promise<void> {
  const clientId = process.env.GOOGLE_CLIENT_ID;
  const clientSecret = process.env.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    console.error(
      'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (an OAuth client of type "Desktop app"), e.g.\n  GOOGLE_CLIENT_ID=... GOOGLE_CLIENT_SECRET=... npm run drive:connect',
    );
    process.exit(1);
  }
  const { refreshToken, scope, accessToken } = await runLoopbackFlow({
    clientId,
    clientSecret,
    showUrl: (url) =>
      console.log(
        `\nOpen this address in a browser on this computer, sign in with the venue's Google account and allow access:\n\n  ${url}\n\nWaiting for Google to send you back here...`,
      ),
  });
  console.log(`\nConnected (scope: ${scope || 'drive.file'}). Add these lines to your .env and restart the server:\n`);
  console.log('STORAGE=google-drive');
  console.log(`GOOGLE_CLIENT_ID=${clientId}`);
  console.log('GOOGLE_CLIENT_SECRET=<the same secret>');
  console.log(`GOOGLE_REFRESH_TOKEN=${refreshToken}`);
  const parent = await ensureParentFolder({ accessToken, folderId: process.env.GOOGLE_DRIVE_PARENT_FOLDER_ID });
  console.log(`GOOGLE_DRIVE_PARENT_FOLDER_ID=${parent.folderId}`);
  if (parent.created)
    console.log('\n(A folder "CourtReplay" was made in that Drive: with scope drive.file the app can only use folders it made.)');
  console.log('\nKeep the refresh token secret: it gives access to the files this app creates in that Drive.');
}

/**
 * True when this module is the script node was started with. Compared as URLs built by Node, not
 * by hand: a hand-built `file://` + path leaves a space unescaped and never matches, so the
 * script exited silently under a folder such as "C:\\Users\\Venue PC".
 */
export function isEntryPoint(moduleUrl: string, argv1: string | undefined): boolean {
  return argv1 !== undefined && pathToFileURL(resolve(argv1)).href === moduleUrl;
}

if (isEntryPoint(import.meta.url, process.argv[1])) {
  cli().catch((err: unknown) => {
    console.error(String((err as Error).message ?? err));
    process.exit(1);
  });
}
