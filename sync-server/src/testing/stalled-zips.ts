// Stalled ZIP readers against the real server process, shared by
// phone-page/zip-memory.test.ts and bench/zip-readers.bench.ts: purchases of three clips made,
// uploaded and paid through the API as a kiosk does, then phones that ask for the ZIP and stop
// reading after its first bytes, over real sockets, so the server sees the socket's backpressure.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect, type Socket } from 'node:net';

export const ZIP_ADMIN = { email: 'zip-readers@example.com', password: 'zip-readers-password-1' };
const DEVICE = 'zip-readers-kiosk';
const PRICE = 5000;

/** An MP4 ftyp box, then filler: what local storage accepts as a clip. */
export function clipOf(bytes: number): Buffer {
  const clip = Buffer.alloc(bytes, 7);
  Buffer.from([
    0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31,
  ]).copy(clip);
  return clip;
}

/**
 * `count` paid purchases of three clips each on the server at `base`; answers their phone pages' paths.
 * `clip` is every clip, or the first, second and third in order (a ZIP holds them in that order).
 */
export async function seedPaidPurchases(
  base: string,
  count: number,
  clip: Buffer | [Buffer, Buffer, Buffer],
  credentials: { email: string; password: string } = ZIP_ADMIN,
): Promise<string[]> {
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
  const { token } = await json<{ token: string }>('POST', '/admin/login', credentials);
  const admin = { Authorization: `Bearer ${token}` };
  const kiosk = { 'X-Device-Id': DEVICE };
  const { venue } = await json<{ venue: { id: number } }>('POST', '/venue/create', { name: 'Zip Arena', location: 'Jakarta' }, admin);
  await json('POST', '/device/register', { deviceId: DEVICE, venueId: venue.id }, admin);
  await json('PUT', '/device/authorize', { deviceId: DEVICE, isAuthorized: true }, admin);
  for (const [key, value] of [
    ['ENABLE_PAYMENT_GATEWAY', 'true'],
    ['DEFAULT_PRICE', String(PRICE)],
    ['PROMO_TABLE', JSON.stringify([{ QUANTITY: 5, PRICE: 20000, ENABLED: false }])],
  ]) {
    await json('PUT', '/admin/config', { key, value }, admin);
  }
  const pages: string[] = [];
  for (let i = 0; i < count; i++) {
    const videoIds = [1, 2, 3].map((n) => `1795762800000-rally-${i}-${n}.mp4`);
    const sale = await json<{ transaction: { id: string }; payment: { token: string }; phoneUrl: string }>(
      'POST',
      '/transaction',
      { email: `player${i}@example.com`, videoIds, videoTitles: videoIds, totalAmount: 3 * PRICE },
      { ...kiosk, 'Idempotency-Key': randomUUID() },
    );
    const { folderId } = await json<{ folderId: string }>(
      'POST',
      '/google-drive/create-folder',
      { folderName: `videos_zip_${i}`, purchaseId: sale.transaction.id },
      kiosk,
    );
    for (const [n, id] of videoIds.entries()) {
      const bytes = Array.isArray(clip) ? clip[n]! : clip;
      const { uploadUrl } = await json<{ uploadUrl: string }>(
        'POST',
        '/google-drive/get-signed-url',
        { filename: id.slice(14), mimeType: 'video/mp4', size: bytes.length, folderId },
        kiosk,
      );
      // Its path on this server, whatever PUBLIC_URL the server was given.
      const signed = new URL(uploadUrl, base);
      const put = await fetch(`${base}${signed.pathname}${signed.search}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'video/mp4' },
        body: bytes,
      });
      if (put.status !== 201) throw new Error(`upload: ${put.status}`);
    }
    const paid = await fetch(`${base}/api/payment/simulator/${sale.payment.token}/success`, { method: 'POST' });
    if (!paid.ok) throw new Error(`payment: ${paid.status}`);
    pages.push(new URL(sale.phoneUrl).pathname);
  }
  return pages;
}

/** A phone that asks for `path` and stops reading once the first bytes came (`first`: them, as text). */
export async function stalledReader(base: string, path: string): Promise<{ socket: Socket; status: number; first: string }> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('data', (first: Buffer) => {
      socket.pause();
      const text = first.toString('latin1');
      resolve({ socket, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), first: text });
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

/** A process's resident memory in bytes (Linux). */
export function residentBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** How many files under `dir` a process holds open (Linux). */
export function openFilesUnder(pid: number, dir: string): number {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(dir)) count++;
    } catch {
      // closed while we looked
    }
  }
  return count;
}
