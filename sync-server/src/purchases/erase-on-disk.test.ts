// Erasing a purchase on the player's request leaves their e-mail address and WhatsApp number in no
// file under DATA_DIR: not in the SQLite database or its write-ahead log, not in the e-mail outbox,
// not in the WhatsApp outbox. The real app with its embedded adapters, a real sale through the API,
// and the real files read byte by byte (on PostgreSQL the database is elsewhere; the outboxes are
// still checked).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { LocalStorage } from '../adapters/local-storage.ts';
import { UPLOAD_PATH } from '../adapters/local-storage.ts';
import { mp4Bytes } from '../adapters/testing/clips.ts';
import { makeAdapterTestApp, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { setFolder } from './queries.ts';

const EMAIL = 'erase-me.player@example.com';
const PHONE = '+6281298765432';
const OTHER = { email: 'keep-me.player@example.com', phone: '+6281311112222' };

let t: AdapterTestApp;
beforeEach(async () => {
  t = await makeAdapterTestApp({ env: { WHATSAPP: 'outbox', PUBLIC_URL: 'https://replay.example' } });
});
afterEach(async () => {
  await t.delivery.idle();
  await t.close();
});

/** Every file under `dir` that holds `text` (as UTF-8 bytes), by its path below `dir`. */
function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  const found: string[] = [];
  for (const name of readdirSync(dir, { recursive: true }).map(String)) {
    const path = join(dir, name);
    if (statSync(path).isFile() && readFileSync(path).includes(needle)) found.push(name);
  }
  return found;
}

/** A paid purchase with an e-mail address and a WhatsApp number, its clip stored and both messages sent. */
async function deliveredSale(contact: { email: string; phone: string }, key: string): Promise<string> {
  const venue = await t.seed.venue({ name: 'Arena Senayan' });
  const field = await t.seed.field({ venueId: venue.id, name: 'Court 1' });
  const device = await t.seed.device({ venueId: venue.id, fieldId: field.id });
  await t.seed.config('ENABLE_PAYMENT_GATEWAY', 'true');
  await t.seed.config('DEFAULT_PRICE', '5000');
  const sale = await t.json(
    'POST',
    '/api/transaction',
    { ...contact, phoneConsent: true, videoIds: ['1795762800000-rally.mp4'], videoTitles: ['Rally'], totalAmount: 5000 },
    { ...device.headers, 'Idempotency-Key': key },
  );
  expect(sale.status).toBe(201);
  const { transaction, payment } = (await sale.json()) as { transaction: { id: string }; payment: { token: string } };
  const storage = t.storage as LocalStorage;
  const { folderId, folderUrl } = await storage.createFolder('videos', { baseUrl: t.config.publicUrl, purchaseId: transaction.id });
  await setFolder(t.db, transaction.id, { folderId, folderUrl }, t.clock.now());
  const clip = mp4Bytes(2000);
  const { uploadUrl } = await storage.createUploadUrl({
    folderId,
    filename: 'rally.mp4',
    mimeType: 'video/mp4',
    size: clip.length,
    origin: undefined,
  });
  const url = new URL(uploadUrl, 'http://x');
  const ticket = storage.openUpload(
    url.pathname.slice(UPLOAD_PATH.length),
    url.searchParams.get('exp') ?? undefined,
    url.searchParams.get('sig') ?? undefined,
  );
  expect((await storage.receive(ticket, undefined, 'video/mp4', Readable.from([clip]))).status).toBe(201);
  await t.call('simulatePayment', { params: { token: payment.token, outcome: 'success' } }, { raw: true });
  await t.call(
    'updateZipUrl',
    { params: { id: transaction.id }, body: { zipUrl: folderUrl, error: false } },
    { headers: device.headers, status: 200 },
  );
  await t.delivery.idle();
  return transaction.id;
}

it('leaves the erased e-mail address and WhatsApp number in no file under DATA_DIR', async () => {
  const id = await deliveredSale({ email: EMAIL, phone: PHONE }, 'erase-on-disk-1');
  await deliveredSale(OTHER, 'erase-on-disk-2');
  const admin = await t.seed.admin({ role: 'super_admin' });
  // Both messages went out through the outboxes, which keep a copy on disk.
  expect(filesHolding(t.config.dataDir, EMAIL).filter((f) => f.startsWith('outbox/'))).toHaveLength(1);
  expect(filesHolding(t.config.dataDir, PHONE.slice(1)).filter((f) => f.startsWith('whatsapp-outbox/'))).toHaveLength(1);

  const res = await t.call('erasePurchase', { params: { id } }, { headers: admin.headers, raw: true });
  expect(res.status).toBe(200);

  expect(filesHolding(t.config.dataDir, EMAIL)).toEqual([]);
  expect(filesHolding(t.config.dataDir, PHONE.slice(1))).toEqual([]);
  // Another player's messages stay.
  expect(filesHolding(t.config.dataDir, OTHER.email).filter((f) => f.startsWith('outbox/'))).toHaveLength(1);
  expect(filesHolding(t.config.dataDir, OTHER.phone.slice(1)).filter((f) => f.startsWith('whatsapp-outbox/'))).toHaveLength(1);
});
