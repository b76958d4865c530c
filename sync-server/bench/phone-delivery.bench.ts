// `npm run bench phone-delivery`: how soon a player can watch on their phone after paying
// (issue 13). For each of 20 purchases of 3 clips (20 MB each) on the real server (child process,
// local storage, payment simulator): the payment notification arrives, the kiosk uploads the clips
// through signed upload URLs as its outbox does, and we time until the last clip is playable from
// the phone page: the page's state lists all 3 and the clip answers a Range request (206). Two
// figures: the server's (polled every 50 ms) and what the phone page itself sees (it asks every
// 4 s, as /p/phone.js does). Also the phone page's JavaScript and HTML, gzipped. Prints; never fails.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BENCH_ADMIN, freePort, startServer, summary } from './support.ts';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 20);
const CLIP_MB = Number(process.env.BENCH_CLIP_MB ?? 20);
const CLIPS = 3;
const PRICE = 5000;
const PHONE_POLL_MS = 4000;
const DEVICE = 'bench-phone-delivery-kiosk';

/** A 20 MB "clip": random bytes behind an MP4 ftyp box, which is what the storage checks for. */
function clipBytes(): Buffer {
  const bytes = randomBytes(CLIP_MB * 1024 * 1024);
  Buffer.from([
    0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31,
  ]).copy(bytes);
  return bytes;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-bench-phone-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(dataDir, port, { PUBLIC_URL: base });
  try {
    const json = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
      const res = await fetch(`${base}/api${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    };
    const { token } = await json<{ token: string }>('POST', '/admin/login', BENCH_ADMIN);
    const admin = { Authorization: `Bearer ${token}` };
    const kiosk = { 'X-Device-Id': DEVICE };
    const { venue } = await json<{ venue: { id: number } }>('POST', '/venue/create', { name: 'Bench Arena', location: 'Jakarta' }, admin);
    await json('POST', '/device/register', { deviceId: DEVICE, venueId: venue.id }, admin);
    await json('PUT', '/device/authorize', { deviceId: DEVICE, isAuthorized: true }, admin);
    for (const [key, value] of [
      ['ENABLE_PAYMENT_GATEWAY', 'true'],
      ['DEFAULT_PRICE', String(PRICE)],
      // One bundle tier, disabled: every clip at the default price.
      ['PROMO_TABLE', JSON.stringify([{ QUANTITY: 5, PRICE: 20000, ENABLED: false }])],
    ]) {
      await json('PUT', '/admin/config', { key, value }, admin);
    }

    const clip = clipBytes();
    const serverReady: number[] = [];
    const phoneSees: number[] = [];
    let lastPage = '';
    for (let i = 0; i < PURCHASES; i++) {
      const videoIds = Array.from({ length: CLIPS }, (_, n) => `bench-${i}-${n}`);
      const sale = await json<{ transaction: { id: string }; payment: { token: string }; phoneUrl: string }>(
        'POST',
        '/transaction',
        { email: `player${i}@example.com`, videoIds, videoTitles: videoIds, totalAmount: CLIPS * PRICE },
        { ...kiosk, 'Idempotency-Key': randomUUID() },
      );
      const { folderId } = await json<{ folderId: string }>(
        'POST',
        '/google-drive/create-folder',
        { folderName: `videos_bench_${i}`, purchaseId: sale.transaction.id },
        kiosk,
      );
      const page = new URL(sale.phoneUrl).pathname;
      lastPage = page;
      const playable = async () => {
        const state = (await (await fetch(`${base}${page}/state`)).json()) as { clips: { url: string }[] };
        if (state.clips.length < CLIPS) return false;
        const last = await fetch(`${base}${state.clips[CLIPS - 1]!.url}`, { headers: { Range: 'bytes=0-1023' } });
        await last.arrayBuffer();
        return last.status === 206;
      };

      // The payment notification (the simulator posts the provider's signed notification), then the kiosk's uploads.
      const started = performance.now();
      const notified = await fetch(`${base}/api/payment/simulator/${sale.payment.token}/success`, { method: 'POST' });
      if (!notified.ok) throw new Error(`notification: ${notified.status}`);
      const phone = (async () => {
        for (;;) {
          await new Promise((r) => setTimeout(r, PHONE_POLL_MS));
          if (await playable()) return performance.now() - started;
        }
      })();
      const uploads = (async () => {
        for (let n = 0; n < CLIPS; n++) {
          const { uploadUrl } = await json<{ uploadUrl: string }>(
            'POST',
            '/google-drive/get-signed-url',
            { filename: `clip-${n + 1}.mp4`, mimeType: 'video/mp4', size: clip.length, folderId },
            kiosk,
          );
          const put = await fetch(new URL(uploadUrl, base), { method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, body: clip });
          if (put.status !== 201) throw new Error(`upload: ${put.status}`);
        }
      })();
      for (;;) {
        if (await playable()) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      serverReady.push(performance.now() - started);
      await uploads;
      phoneSees.push(await phone);
    }

    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    const ready = summary(serverReady);
    const seen = summary(phoneSees);
    console.log(`${PURCHASES} purchases of ${CLIPS} clips x ${CLIP_MB} MB, loopback, local storage, payment simulator`);
    console.log(
      `notification -> last clip playable (server, polled every 50 ms): median ${seconds(ready.median)} s, p95 ${seconds(ready.p95)} s`,
    );
    console.log(
      `notification -> the phone page shows it (its own 4 s polling):    median ${seconds(seen.median)} s, p95 ${seconds(seen.p95)} s`,
    );

    const script = Buffer.from(await (await fetch(`${base}/p/phone.js`)).arrayBuffer());
    const html = Buffer.from(await (await fetch(`${base}${lastPage}`)).arrayBuffer());
    console.log(`phone page JavaScript: ${script.length} B, ${gzipSync(script, { level: 9 }).length} B gzipped (aim: under 50 KiB)`);
    console.log(`phone page HTML (3 clips): ${html.length} B, ${gzipSync(html, { level: 9 }).length} B gzipped`);
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
