// `npm run bench phone-delivery`: how soon a player can watch on their phone after paying
//. For each of 20 purchases of 3 clips (20 MB each) on the real server (child process,
// local storage, payment simulator): the payment notification arrives, the kiosk uploads the clips
// through signed upload URLs as its outbox does, and we time until the last clip is playable from
// the phone page: the page's state lists all 3 and the clip answers a Range request (206). Two
// figures: the server's (polled every 50 ms) and what the phone page itself sees (it asks every
// 2 s while clips upload, as /p/phone.js does). Also the phone page's JavaScript and HTML, gzipped. Prints; never fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { clipBytes, saleClient, startServer, summary } from './support.ts';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 20);
const CLIP_MB = Number(process.env.BENCH_CLIP_MB ?? 20);
const CLIPS = 3;
const PRICE = 5000;
const PHONE_POLL_MS = 2000;
const DEVICE = 'bench-phone-delivery-kiosk';

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-bench-phone-'));
  const server = await startServer(dataDir);
  const base = server.url;
  try {
    const sales = saleClient(base);
    await sales.setUp([DEVICE], PRICE);

    const clip = clipBytes(CLIP_MB);
    const serverReady: number[] = [];
    const phoneSees: number[] = [];
    let lastPage = '';
    for (let i = 0; i < PURCHASES; i++) {
      const sale = await sales.purchase(DEVICE, i, CLIPS, PRICE);
      lastPage = sale.phonePage;
      const playable = () => sales.playable(sale.phonePage, CLIPS);

      // The payment notification (the simulator posts the provider's signed notification), then the kiosk's uploads.
      const started = performance.now();
      await sales.notifyPaid(sale.paymentToken);
      const phone = (async () => {
        for (;;) {
          await new Promise((r) => setTimeout(r, PHONE_POLL_MS));
          if (await playable()) return performance.now() - started;
        }
      })();
      const uploads = (async () => {
        for (let n = 0; n < CLIPS; n++) await sales.upload(DEVICE, sale.folderId, n, clip.length, clip);
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
      `notification -> the phone page shows it (its own 2 s polling):    median ${seconds(seen.median)} s, p95 ${seconds(seen.p95)} s`,
    );

    const script = Buffer.from(await (await fetch(`${base}/p/phone.js`)).arrayBuffer());
    const html = Buffer.from(await (await fetch(`${base}${lastPage}`)).arrayBuffer());
    console.log(`phone page JavaScript: ${script.length} B, ${gzipSync(script, { level: 9 }).length} B gzipped (aim: under 50 KiB)`);
    console.log(`phone page HTML (3 clips): ${html.length} B, ${gzipSync(html, { level: 9 }).length} B gzipped`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
