// What the server benchmarks share: the real server started as a child process from its sources
// (so its memory and CPU are its own) by the one starter (scripts/server-process.mjs: port 0, ready
// once it says it serves); or
// the app in-process on a database the bench seeded, for requests without a socket. And, for the
// benches of a sale on that server, the kiosk's and the phone's side of it over HTTP (saleClient).
import { randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import pino from 'pino';
import { startServerProcess, type ServerProcess } from '../../scripts/server-process.mjs';
import type { Delivery, PaymentProvider } from '../src/adapters/ports.ts';
import { systemClock } from '../src/adapters/ports.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');

export { freePort } from '../../scripts/ports.mjs';

export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

/** The server on DATA_DIR `dataDir` with BENCH_ADMIN, its API only; its links name its own address (url). */
export function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServerProcess({
    env: {
      DATA_DIR: dataDir,
      SERVE_PWA: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...env,
    },
  });
}

/** Median, 95th percentile and largest of samples (any unit). */
export function summary(samples: number[]): { median: number; p95: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)]!,
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!,
    max: sorted[sorted.length - 1]!,
  };
}

/** A "clip" of `mb` MiB: random bytes behind an MP4 ftyp box, which is what the storage checks for. */
export function clipBytes(mb: number): Buffer {
  const bytes = randomBytes(mb * 1024 * 1024);
  Buffer.from([
    0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31,
  ]).copy(bytes);
  return bytes;
}

/** A purchase as the kiosk made it: what pays for it, where its clips go and the player's phone page. */
export interface BenchSale {
  paymentToken: string;
  folderId: string;
  /** The phone page's path (/p/…). */
  phonePage: string;
}

/**
 * A sale on the real server at `base` (startServer with PUBLIC_URL = base), over HTTP as the kiosk,
 * the payment simulator and the phone page make it.
 */
export function saleClient(base: string) {
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
  const kiosk = (deviceId: string) => ({ 'X-Device-Id': deviceId });

  return {
    json,

    /**
     * The bench admin logs in and makes a venue with these kiosks registered and authorized; the
     * payment gateway is on and every clip costs `price` (one bundle tier, disabled).
     */
    async setUp(deviceIds: string[], price: number): Promise<void> {
      const { token } = await json<{ token: string }>('POST', '/admin/login', BENCH_ADMIN);
      const admin = { Authorization: `Bearer ${token}` };
      const { venue } = await json<{ venue: { id: number } }>('POST', '/venue/create', { name: 'Bench Arena', location: 'Jakarta' }, admin);
      for (const deviceId of deviceIds) {
        await json('POST', '/device/register', { deviceId, venueId: venue.id }, admin);
        await json('PUT', '/device/authorize', { deviceId, isAuthorized: true }, admin);
      }
      for (const [key, value] of [
        ['ENABLE_PAYMENT_GATEWAY', 'true'],
        ['DEFAULT_PRICE', String(price)],
        ['PROMO_TABLE', JSON.stringify([{ QUANTITY: 5, PRICE: 20000, ENABLED: false }])],
      ]) {
        await json('PUT', '/admin/config', { key, value }, admin);
      }
    },

    /** Purchase number `i` of `clips` clips at `price` each, as the kiosk makes it: the transaction, then its folder. */
    async purchase(deviceId: string, i: number, clips: number, price: number): Promise<BenchSale> {
      const videoIds = Array.from({ length: clips }, (_, n) => `bench-${i}-${n}`);
      const sale = await json<{ transaction: { id: string }; payment: { token: string }; phoneUrl: string }>(
        'POST',
        '/transaction',
        { email: `player${i}@example.com`, videoIds, videoTitles: videoIds, totalAmount: clips * price },
        { ...kiosk(deviceId), 'Idempotency-Key': randomUUID() },
      );
      const { folderId } = await json<{ folderId: string }>(
        'POST',
        '/google-drive/create-folder',
        { folderName: `videos_bench_${i}`, purchaseId: sale.transaction.id },
        kiosk(deviceId),
      );
      return { paymentToken: sale.payment.token, folderId, phonePage: new URL(sale.phoneUrl).pathname };
    },

    /**
     * Clip number `n` (from 0) of `size` bytes, as the kiosk's outbox uploads it: a signed upload
     * URL, then one PUT of the body (the bytes, or a stream of them), which must answer 201.
     */
    async upload(deviceId: string, folderId: string, n: number, size: number, body: Buffer | Readable): Promise<void> {
      const { uploadUrl } = await json<{ uploadUrl: string }>(
        'POST',
        '/google-drive/get-signed-url',
        { filename: `clip-${n + 1}.mp4`, mimeType: 'video/mp4', size, folderId },
        kiosk(deviceId),
      );
      const put = await fetch(new URL(uploadUrl, base), { method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, body, duplex: 'half' });
      await put.arrayBuffer();
      if (put.status !== 201) throw new Error(`upload: ${put.status}`);
    },

    /** The payment notification: the simulator posts the provider's signed notification. */
    async notifyPaid(paymentToken: string): Promise<void> {
      const notified = await fetch(`${base}/api/payment/simulator/${paymentToken}/success`, { method: 'POST' });
      await notified.arrayBuffer();
      if (!notified.ok) throw new Error(`notification: ${notified.status}`);
    },

    /** Whether the last clip is playable from the phone page: its state lists all `clips` and the last answers a Range request (206). */
    async playable(phonePage: string, clips: number): Promise<boolean> {
      const state = (await (await fetch(`${base}${phonePage}/state`)).json()) as { clips: { url: string }[] };
      if (state.clips.length < clips) return false;
      const last = await fetch(`${base}${state.clips[clips - 1]!.url}`, { headers: { Range: 'bytes=0-1023' } });
      await last.arrayBuffer();
      return last.status === 206;
    },
  };
}

/**
 * The HTTP app in-process on `db` (app.request, no socket), with payments and delivery that do
 * nothing, and the dependencies it was made of (for calling a service directly).
 */
export function inProcessApp(db: Db, dataDir: string) {
  const payments: PaymentProvider = {
    name: 'simulator',
    createPayment: async (input) => ({ token: `token-${input.orderId}` }),
    verifyNotification: () => true,
    fetchStatus: async () => 'pending',
    endPayment: async () => 'ended',
    clientConfig: () => ({ scriptUrl: '', clientKey: '' }),
  };
  const delivery: Delivery = { purchaseChanged: async () => {}, resend: async () => {} };
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const deps = { db, config, clock: systemClock, logger: pino({ level: 'silent' }), payments, delivery };
  return { app: createApp(deps), deps };
}
