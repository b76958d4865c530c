import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAuthUrl, exchangeCode, runLoopbackFlow } from './drive-connect.ts';

/** A fake of Google's token endpoint: answers like Google and keeps the form it was sent. */
async function fakeTokenEndpoint() {
  const forms: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      forms.push(form);
      res.setHeader('Content-Type', 'application/json');
      if (form.get('code') !== 'good-code') {
        res.writeHead(400).end(JSON.stringify({ error: 'invalid_grant', error_description: 'Bad Request' }));
        return;
      }
      res.end(
        JSON.stringify({
          access_token: 'ya29.x',
          expires_in: 3599,
          refresh_token: '1//refresh-token',
          scope: 'https://www.googleapis.com/auth/drive.file',
          token_type: 'Bearer',
        }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`, forms, close: () => server.close() };
}

describe('drive:connect', () => {
  let close = () => {};
  afterEach(() => close());

  it('builds the consent URL: drive.file, offline, consent, PKCE S256, loopback redirect', () => {
    const url = new URL(
      buildAuthUrl({ clientId: 'cid', redirectUri: 'http://127.0.0.1:5555/oauth2callback', state: 's1', codeChallenge: 'ch' }),
    );
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'cid',
      redirect_uri: 'http://127.0.0.1:5555/oauth2callback',
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/drive.file',
      access_type: 'offline',
      prompt: 'consent',
      state: 's1',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code and reports a refusal clearly', async () => {
    const fake = await fakeTokenEndpoint();
    close = fake.close;
    const input = {
      clientId: 'cid',
      clientSecret: 'secret',
      redirectUri: 'http://127.0.0.1:1/oauth2callback',
      codeVerifier: 'v',
      tokenUrl: fake.url,
    };
    expect(await exchangeCode({ ...input, code: 'good-code' })).toEqual({
      refreshToken: '1//refresh-token',
      scope: 'https://www.googleapis.com/auth/drive.file',
      accessToken: 'ya29.x',
    });
    expect(Object.fromEntries(fake.forms[0]!)).toEqual({
      grant_type: 'authorization_code',
      code: 'good-code',
      client_id: 'cid',
      client_secret: 'secret',
      redirect_uri: input.redirectUri,
      code_verifier: 'v',
    });
    await expect(exchangeCode({ ...input, code: 'bad' })).rejects.toThrow('Google refused the code: invalid_grant (Bad Request)');
  });

  it('runs the loopback flow: the browser comes back with the code and the right state', async () => {
    const fake = await fakeTokenEndpoint();
    close = fake.close;
    const result = await runLoopbackFlow({
      clientId: 'cid',
      clientSecret: 'secret',
      tokenUrl: fake.url,
      // Stands in for the browser: Google would redirect to redirect_uri with the code and state.
      showUrl: (consent) => {
        const params = new URL(consent).searchParams;
        void fetch(`${params.get('redirect_uri')}?code=good-code&state=${params.get('state')}`);
      },
    });
    expect(result.refreshToken).toBe('1//refresh-token');
    const form = fake.forms[0]!;
    expect(form.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth2callback$/);
    expect(form.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{64}$/);
  });

  it('refuses an answer whose state does not match', async () => {
    await expect(
      runLoopbackFlow({
        clientId: 'cid',
        clientSecret: 'secret',
        tokenUrl: 'http://127.0.0.1:1/never',
        showUrl: (consent) => void fetch(`${new URL(consent).searchParams.get('redirect_uri')}?code=good-code&state=forged`),
      }),
    ).rejects.toThrow('state');
  });
});

describe('drive:connect as a command', () => {
  it('runs (and says what it needs) when the repository sits under a folder with a space', async () => {
    const { mkdtemp, readFile, writeFile, rm } = await import('node:fs/promises');
    const { execFile } = await import('node:child_process');
    const { tmpdir } = await import('node:os');
    const { join, resolve } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'venue pc '));
    try {
      const script = join(dir, 'drive-connect.ts');
      // The script alone, its imports of the server's modules pointed back at this repository.
      const source = await readFile(resolve(import.meta.dirname, 'drive-connect.ts'), 'utf8');
      await writeFile(script, source.replaceAll("'../sync-server/", `'${resolve(import.meta.dirname, '../sync-server')}/`));
      const tsx = resolve(import.meta.dirname, '../node_modules/.bin/tsx');
      const env = { ...process.env, GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' };
      const outcome = await new Promise<{ code: number | null; stderr: string }>((done) => {
        execFile(tsx, [script], { env }, (err, _stdout, stderr) =>
          done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr }),
        );
      });
      expect(outcome.stderr).toContain('Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
      expect(outcome.code).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('drive:connect makes the parent folder the app can see', () => {
  it('replaces a folder made in the Drive UI (invisible with drive.file) and keeps one it made', async () => {
    const { startDriveImitation } = await import('../sync-server/src/adapters/testing/drive-imitation.ts');
    const { GoogleDriveStorage } = await import('../sync-server/src/adapters/google-drive.ts');
    const { ensureParentFolder } = await import('./drive-connect.ts');
    const drive = await startDriveImitation({ driveFileScope: true });
    try {
      const token = await fetch(drive.tokenUrl, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'r' }),
      });
      const { access_token: accessToken } = (await token.json()) as { access_token: string };
      const uiFolder = drive.seed({ name: 'Made in the Drive UI' });
      const made = await ensureParentFolder({ accessToken, apiUrl: drive.url, folderId: uiFolder.id });
      expect(made.created).toBe(true);
      expect(await ensureParentFolder({ accessToken, apiUrl: drive.url, folderId: made.folderId })).toEqual({
        folderId: made.folderId,
        created: false,
      });
      const storage = new GoogleDriveStorage({
        auth: { mode: 'oauth', clientId: 'c', clientSecret: 's', refreshToken: 'r', tokenUrl: drive.tokenUrl },
        parentFolderId: made.folderId,
        limitBytes: undefined,
        apiUrl: drive.url,
      });
      await storage.createFolder('videos_1');
      // Clean-up never takes the parent folder.
      await storage.empty();
      expect(drive.files.map((f) => f.id)).toContain(made.folderId);
    } finally {
      await drive.close();
    }
  });
});
