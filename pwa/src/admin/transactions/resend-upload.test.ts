// The back-office Resend upload (lib/uploader.ts, as admin/transactions/resend.ts calls it) against
// the real server app in-process on Google Drive (the imitation), with an admin's session and the
// browser's view of Drive's answers: CORS hides the Range header of a 308, as Chromium does. A clip
// larger than one chunk must resume where Drive stands, which only our server can read.
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '@courtreplay/sync-server/testing/adapter-app';
import { startDriveImitation, type DriveImitation } from '@courtreplay/sync-server/testing/drive-imitation';
import { setCredentialSources } from '../../lib/api-client.ts';
import { uploadClips } from '../../lib/uploader.ts';

const ORIGIN = 'http://backoffice.test';
const CHUNK = 256 * 1024;

let drive: DriveImitation;
let t: AdapterTestApp;
let realFetch: typeof fetch;
/** Set while the server handles a request: its own calls to Drive see every header, as a server's do. */
const insideServer = new AsyncLocalStorage<true>();

/** What the browser sees of an answer from another origin: only the headers CORS exposes. */
async function asBrowserSeesIt(res: Response): Promise<Response> {
  const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/,\s*/);
  const headers = new Headers();
  res.headers.forEach((value, key) => {
    if (['content-type', 'content-length'].includes(key) || exposed.includes(key)) headers.set(key, value);
  });
  return new Response(res.body, { status: res.status, headers });
}

beforeAll(async () => {
  drive = await startDriveImitation();
  t = await makeAdapterTestApp({
    env: {
      STORAGE: 'google-drive',
      GOOGLE_CLIENT_ID: 'cid.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_REFRESH_TOKEN: '1//refresh',
      GOOGLE_API_URL: drive.url,
      GOOGLE_OAUTH_TOKEN_URL: drive.tokenUrl,
    },
  });
  realFetch = globalThis.fetch;
  Object.assign(globalThis, { window: { location: { origin: ORIGIN } } });
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === ORIGIN) return insideServer.run(true, () => t.app.request(`${url.pathname}${url.search}`, init));
    if (insideServer.getStore()) return realFetch(input, init);
    return asBrowserSeesIt(await realFetch(input, init));
  }) as typeof fetch;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await t.delivery.idle();
  await t.close();
  await drive.close();
});

describe('the back-office Resend upload', () => {
  it('resumes a clip larger than one chunk where Drive stands, asking our server, instead of resending it from the start', async () => {
    const { venue, purchase } = await seedPurchase(t, { videos: 1 });
    const admin = await t.seed.admin({ venueId: venue.id });
    setCredentialSources({ token: () => admin.token, deviceId: () => null });
    drive.options.hideRange = true;
    const bytes = Buffer.alloc(3 * CHUNK + 1000, 7);

    const result = await uploadClips(
      { name: 'videos_resend', purchaseId: purchase.id },
      [{ file: new Blob([new Uint8Array(bytes)]), name: 'Rally 1_1.mp4', mimeType: 'video/mp4' }],
      { chunkBytes: CHUNK },
    );

    expect(result).toMatchObject({ uploaded: 1, failed: [] });
    const stored = drive.files.filter((f) => f.size === bytes.length);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.content!.equals(bytes)).toBe(true);
    // Four chunks, each sent once (status questions carry `bytes */total` and no bytes).
    const chunkPuts = drive.requests.filter((r) => r.op === 'upload-chunk' && !String(r.headers['content-range']).includes('*'));
    expect(chunkPuts).toHaveLength(4);
  });

  it("tells an admin nothing about another admin's or a kiosk's upload", async () => {
    const { venue, purchase, device } = await seedPurchase(t, { videos: 1 });
    const owner = await t.seed.admin({ venueId: venue.id });
    const other = await t.seed.admin({ venueId: venue.id });
    const folder = (await (
      await t.json('POST', '/api/google-drive/create-folder', { folderName: 'videos_x', purchaseId: purchase.id }, owner.headers)
    ).json()) as { folderId: string };
    const { uploadUrl } = (await (
      await t.json(
        'POST',
        '/api/google-drive/get-signed-url',
        { filename: 'Rally 1_1.mp4', mimeType: 'video/mp4', size: 1000, folderId: folder.folderId },
        owner.headers,
      )
    ).json()) as { uploadUrl: string };
    const ask = (headers: Record<string, string>) => t.json('POST', '/api/storage/upload-status', { uploadUrl }, headers);

    expect(await (await ask(owner.headers)).json()).toEqual({ received: 0, complete: false });
    expect((await ask(other.headers)).status).toBe(404);
    expect((await ask(device.headers)).status).toBe(404);
  });
});
