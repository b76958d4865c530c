// `npm run bench -- paid-while-uploading`: the figure, "Paid -> last clip playable, 3 clips x
// 20 MB, kiosk uplink throttled to 10 Mbit/s, the player taking 30 s to pay: p95". The kiosk starts
// uploading the chosen clips the moment the server accepts the purchase (Pay Now), while the player
// pays. For each purchase on the real server (child process, local storage, payment simulator): the
// kiosk makes the purchase and at once uploads its 3 clips one after another through signed upload
// URLs, each body paced to the uplink; meanwhile the player takes BENCH_PAY_SECONDS, then the
// payment notification arrives. We time from the notification until the last clip is playable
// from the phone page (its state lists all 3 and the clip answers a Range request, 206), polled
// every 50 ms. A few kiosks run at once (each purchase on its own kiosk and its own uplink), so the
// default 5 purchases take about two minutes. Prints figures; never fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { clipBytes, saleClient, startServer, summary } from './support.ts';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 5);
const PAY_SECONDS = Number(process.env.BENCH_PAY_SECONDS ?? 30);
const UPLINK_MBIT = Number(process.env.BENCH_UPLINK_MBIT ?? 10);
const KIOSKS = Math.max(1, Math.min(PURCHASES, Number(process.env.BENCH_KIOSKS ?? 3)));
const CLIP_MB = Number(process.env.BENCH_CLIP_MB ?? 20);
const CLIPS = 3;
const PRICE = 5000;
const POLL_MS = 50;
/** How often the throttled uplink releases what it may send since the upload began. */
const TICK_MS = 20;
/** Once the last upload is stored, how long the clip may take to become playable before the purchase counts as failed. */
const SETTLE_MS = 30_000;

/** `bytes` as the kiosk's throttled uplink sends them: a stream releasing, every tick, what `bytesPerSecond` allows so far. */
function pacedBody(bytes: Buffer, bytesPerSecond: number): Readable {
  return Readable.from(
    (async function* () {
      const started = performance.now();
      for (let sent = 0; sent < bytes.length;) {
        await sleep(TICK_MS);
        const due = Math.min(bytes.length, Math.floor((bytesPerSecond * (performance.now() - started)) / 1000));
        if (due > sent) {
          yield bytes.subarray(sent, due);
          sent = due;
        }
      }
    })(),
  );
}

interface Outcome {
  i: number;
  /** Purchase accepted -> last clip stored (201). */
  uploadMs: number;
  /** Payment notification -> last clip playable. */
  readyMs: number;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-bench-paid-uploading-'));
  const server = await startServer(dataDir);
  const base = server.url;
  try {
    const sales = saleClient(base);
    const kiosks = Array.from({ length: KIOSKS }, (_, k) => `bench-paid-uploading-kiosk-${k + 1}`);
    await sales.setUp(kiosks, PRICE);

    const clip = clipBytes(CLIP_MB);
    const bytesPerSecond = (UPLINK_MBIT * 1_000_000) / 8;

    const onePurchase = async (i: number, kiosk: string): Promise<Outcome> => {
      const sale = await sales.purchase(kiosk, i, CLIPS, PRICE);
      const accepted = performance.now();
      // The kiosk uploads from the moment the purchase is accepted, while the player pays.
      const upload = { doneMs: undefined as number | undefined, error: undefined as unknown };
      const uploads = (async () => {
        for (let n = 0; n < CLIPS; n++) await sales.upload(kiosk, sale.folderId, n, clip.length, pacedBody(clip, bytesPerSecond));
        upload.doneMs = performance.now() - accepted;
      })().catch((err: unknown) => {
        upload.error = err ?? new Error('upload failed');
      });

      await sleep(PAY_SECONDS * 1000);
      await sales.notifyPaid(sale.paymentToken);
      const notified = performance.now();
      for (;;) {
        if (await sales.playable(sale.phonePage, CLIPS)) break;
        if (upload.error !== undefined) throw upload.error;
        if (upload.doneMs !== undefined && performance.now() - accepted - upload.doneMs > SETTLE_MS) {
          throw new Error(`purchase ${i}: uploads stored but not playable after ${SETTLE_MS / 1000} s`);
        }
        await sleep(POLL_MS);
      }
      const readyMs = performance.now() - notified;
      await uploads;
      if (upload.error !== undefined) throw upload.error;
      return { i, uploadMs: upload.doneMs!, readyMs };
    };

    // Each kiosk takes the next purchase when its last is playable: at most KIOSKS at once.
    const outcomes: Outcome[] = [];
    const failures: string[] = [];
    let next = 0;
    await Promise.all(
      kiosks.map(async (kiosk) => {
        for (let i = next++; i < PURCHASES; i = next++) {
          try {
            outcomes.push(await onePurchase(i, kiosk));
          } catch (err) {
            failures.push(`purchase ${i + 1}: ${String(err)}`);
          }
        }
      }),
    );

    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    const totalBytes = CLIPS * clip.length;
    const nominalMb = CLIPS * CLIP_MB;
    const nominalS = (nominalMb * 8) / UPLINK_MBIT;
    const actualS = totalBytes / bytesPerSecond;
    const neededMbit = (totalBytes * 8) / 1_000_000 / PAY_SECONDS;
    console.log(
      `${PURCHASES} purchases of ${CLIPS} clips x ${CLIP_MB} MB, each kiosk's uplink throttled to ${UPLINK_MBIT} Mbit/s, the player taking ${PAY_SECONDS} s to pay; ` +
        `uploads start when the purchase is accepted (${KIOSKS} kiosks at once, each its own uplink), loopback, local storage, payment simulator`,
    );
    for (const o of [...outcomes].sort((a, b) => a.i - b.i)) {
      console.log(
        `  purchase ${o.i + 1}: upload (accepted -> last clip stored) ${seconds(o.uploadMs)} s, paid -> last clip playable ${seconds(o.readyMs)} s`,
      );
    }
    for (const failure of failures) console.log(`  ${failure}`);
    if (outcomes.length > 0) {
      const ready = summary(outcomes.map((o) => o.readyMs));
      const up = summary(outcomes.map((o) => o.uploadMs));
      console.log(
        `upload, accepted -> last clip stored:               p50 ${seconds(up.median)} s, p95 ${seconds(up.p95)} s, max ${seconds(up.max)} s`,
      );
      console.log(
        `paid -> last clip playable (polled every ${POLL_MS} ms): p50 ${seconds(ready.median)} s, p95 ${seconds(ready.p95)} s, max ${seconds(ready.max)} s (aim: under 5 s)`,
      );
      if (outcomes.length < 20) console.log(`(${outcomes.length} samples: under 20, the p95 is the slowest)`);
    }
    console.log(
      `at ${UPLINK_MBIT} Mbit/s ${nominalMb} MB needs ~${nominalS.toFixed(0)} s (these ${CLIPS} x ${CLIP_MB} MiB: ~${actualS.toFixed(0)} s), ` +
        `so with a ${PAY_SECONDS} s payment the remaining ~${Math.max(0, actualS - PAY_SECONDS).toFixed(0)} s of upload dominates: ` +
        `the aim of under 5 s needs the upload to finish within the payment time (an uplink of ~${neededMbit.toFixed(0)} Mbit/s for these clips)`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.log(`paid-while-uploading bench could not run: ${String(err)}`);
});
