// A clip upload cut off halfway: the network drops after the first chunk is stored, then
// the browser is closed. Reopened, the kiosk asks the server where the upload stopped (POST
// /api/storage/upload-status, which runs the resumable status query) and sends only the rest; the stored clip is byte-identical, the link is
// saved and the e-mail goes out once.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { cachedFixture, feedFolder, makeClip, useRig } from './support/index.ts';
import { launchKioskProfile, OfflineKiosk, recordRequests, until } from './pages/offline-kiosk.ts';

const { server, seed } = useRig({
  browser: false,
  kiosk: { pricing: { price: 10_000, gateway: false, tiers: [{ QUANTITY: 6, PRICE: 6_000, ENABLED: false }] } },
});

/** The uploader's chunk (lib/uploader.ts UPLOAD_CHUNK_BYTES): the clip below needs two. */
const CHUNK = 8 * 1024 * 1024;

/** A real MP4 followed by deterministic filler: 12 MiB, so the upload takes two chunks. */
function bigClip(): string {
  return cachedFixture('resume-12mib.mp4', (path) => {
    const head = readFileSync(makeClip({ format: 'mp4', seconds: 3 }));
    const filler = Buffer.alloc(12 * 1024 * 1024 - head.length);
    let seedBytes = createHash('sha256').update('courtreplay').digest();
    for (let i = 0; i < filler.length; i += 32) {
      seedBytes = createHash('sha256').update(seedBytes).digest();
      seedBytes.copy(filler, i);
    }
    writeFileSync(path, Buffer.concat([head, filler]));
  });
}

it('resumes an upload cut off halfway after the browser is reopened, storing the clip byte for byte and mailing once', async () => {
  const source = bigClip();
  const size = readFileSync(source).length;
  const first = await launchKioskProfile(server.url, seed.deviceId);
  const page = first.context.pages()[0] ?? (await first.context.newPage());
  const kiosk = new OfflineKiosk(page);
  await page.goto('/box');
  await kiosk.waitForServiceWorker();
  await feedFolder(page, [{ name: 'match_point.mp4', path: source }]);

  // The network goes down just as the second chunk leaves.
  let cut = false;
  await first.context.route('**/api/storage/upload/**', async (route) => {
    const range = route.request().headers()['content-range'] ?? '';
    if (!cut && range.startsWith(`bytes ${CHUNK}-`)) {
      cut = true;
      await first.context.setOffline(true);
      return route.abort('internetdisconnected');
    }
    return route.fallback();
  });
  await kiosk.buyFree(['match point'], 'dewi@example.com');
  await until(() => cut, 30_000, 'the second chunk');
  await until(
    async () => (await kiosk.outbox()).uploads[0]?.clips[0]?.confirmedOffset === CHUNK,
    10_000,
    'the first chunk confirmed and stored',
  );
  const [job] = (await kiosk.outbox()).uploads;
  expect(job?.state).not.toBe('done');
  const uploadUrl = job!.clips[0]!.uploadUrl!;
  await first.context.close();

  // Reopened with the network back: the job resumes from where the storage says it stopped.
  const second = await launchKioskProfile(server.url, seed.deviceId, first.profileDir);
  const requests = recordRequests(second.context);
  const reopened = new OfflineKiosk(second.context.pages()[0] ?? (await second.context.newPage()));
  await reopened.page.goto('/box');
  await until(() => server.outbox().length >= 1, 60_000, 'the e-mail');

  const puts = requests.uploads().filter((r) => uploadUrl.includes(r.path));
  // The kiosk asks the server where the upload stopped (the same answer for Drive, whose CORS hides
  // Range from the browser), then sends only the rest.
  expect(requests.all().filter((r) => r.method === 'POST' && r.path === '/api/storage/upload-status').length).toBeGreaterThanOrEqual(1);
  expect(puts.map((r) => r.headers['content-range'])).toEqual([`bytes ${CHUNK}-${size - 1}/${size}`]);

  const stored = server.storedFiles().filter((f) => !f.includes('/.uploads/'));
  expect(stored).toHaveLength(1);
  expect(readFileSync(stored[0]!).equals(readFileSync(source))).toBe(true);

  const listed = await seed.admin.call('listPurchases', { query: { page: '1', limit: '25' } });
  expect(listed.transactions).toHaveLength(1);
  expect(listed.transactions[0]?.zipUrl).toBeTruthy();
  // Once the kiosk has recorded the link as saved, nothing of this purchase is sent again: a second
  // e-mail could only follow a second save of the link, and there was one.
  await until(
    async () => (await reopened.outbox()).uploads.every((u) => u.state === 'done' && u.linkSaved),
    10_000,
    'the link recorded as saved',
  );
  const after = await reopened.outbox();
  expect(after.uploads.map((u) => [u.state, u.linkSaved])).toEqual([['done', true]]);
  expect(requests.all().filter((r) => r.method === 'PUT' && /^\/api\/transaction\/[^/]+\/zipUrl$/.test(r.path))).toHaveLength(1);
  expect(server.outbox()).toHaveLength(1);
  await second.context.close();
});
