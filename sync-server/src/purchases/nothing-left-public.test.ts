// Erase and retention leave nothing public, against real local storage: every
// folder ever made for a purchase goes with it; an erased, clips-removed or finally unpaid purchase
// takes no folder, upload URL or link (409), while a pending one and one closed inside its payment
// window (it may still be paid) do; the idempotency record keeps no address or phone link; logs keep
// no player's address and no phone-page token.
import { ERASED_EMAIL, SERVER_MESSAGES, UNPAID_GRACE_MINUTES } from '@courtreplay/shared';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { mp4Bytes } from '../adapters/testing/clips.ts';
import { startSmtpSink } from '../mail/testing/smtp-sink.ts';
import type { SeededAdmin } from '../testing/index.ts';
import { listPurchaseEvents } from './events.ts';
import { expireOldClips } from './retention.ts';

const MINUTE = 60_000;

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: AdapterTestApp;
let seeded: Awaited<ReturnType<typeof seedPurchase>>;
let admin: SeededAdmin;
let logged: string;

beforeEach(async () => {
  sink = await startSmtpSink();
  logged = '';
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    }),
  );
  t = await makeAdapterTestApp({ smtpUrl: sink.url, smtpCa: sink.ca, deps: { logger } });
  seeded = await seedPurchase(t, { email: 'Secret.Player@gmail.com' });
  admin = await t.seed.admin({ role: 'admin', venueId: seeded.venue.id });
});
afterEach(async () => {
  await t.delivery.idle();
  await t.close();
  await sink.close();
});

const kiosk = () => seeded.device.headers;
const id = () => seeded.purchase.id;
const folderPath = (folderId: string) => join(t.config.dataDir, 'drive', folderId);
const local = (url: string) => url.replace(t.config.publicUrl, '');
const pay = async () =>
  expect((await t.call('simulatePayment', { params: { token: seeded.token, outcome: 'success' } }, { raw: true })).status).toBe(200);
const row = () => t.db.selectFrom('purchases').selectAll().where('id', '=', id()).executeTakeFirstOrThrow();

const createFolder = () => t.call('createFolder', { body: { folderName: 'videos_1', purchaseId: id() } }, { headers: kiosk(), raw: true });
const signedUrl = (folderId: string, size = 2000) =>
  t.call('getSignedUrl', { body: { filename: 'rally-1.mp4', mimeType: 'video/mp4', size, folderId } }, { headers: kiosk(), raw: true });
const saveLink = (zipUrl: string | null) =>
  t.call('updateZipUrl', { params: { id: id() }, body: { zipUrl, error: zipUrl === null } }, { headers: kiosk(), raw: true });

/** A folder for the purchase with one clip in it, through the API as the kiosk does. */
async function folderWithClip(): Promise<{ folderId: string; folderUrl: string }> {
  const folder = (await bodyOf(createFolder())) as { folderId: string; folderUrl: string };
  const bytes = mp4Bytes(2000);
  const { uploadUrl } = await bodyOf(signedUrl(folder.folderId, bytes.length));
  const put = await t.app.request(local(uploadUrl as string), { method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, body: bytes });
  expect(put.status).toBe(201);
  return folder;
}

async function expectRefused(res: Response | Promise<Response>, message: string) {
  const answer = await res;
  expect(answer.status).toBe(409);
  expect((await bodyOf(answer)).message).toBe(message);
}

describe('a purchase that takes no more clips', () => {
  it('a pending one, and one closed at the kiosk inside its payment window, still take folders, uploads and a link', async () => {
    const first = await folderWithClip();
    await t.call('abandonPurchase', { params: { id: id() } }, { headers: kiosk(), status: 200 });
    expect((await row()).paymentStatus).toBe('expired');
    // Inside the window plus the grace it may still be paid late: it goes on taking what the kiosk sends.
    t.clock.advance(t.config.pendingPaymentExpiryMs + UNPAID_GRACE_MINUTES * MINUTE - MINUTE);
    const second = await folderWithClip();
    expect((await saveLink(second.folderUrl)).status).toBe(200);

    t.clock.advance(2 * MINUTE);
    await expectRefused(createFolder(), SERVER_MESSAGES.storage.purchaseUnpaid);
    await expectRefused(signedUrl(second.folderId), SERVER_MESSAGES.storage.purchaseUnpaid);
    await expectRefused(signedUrl(first.folderId), SERVER_MESSAGES.storage.purchaseUnpaid);
    await expectRefused(saveLink(second.folderUrl), SERVER_MESSAGES.storage.purchaseUnpaid);
  });

  it('an erased one refuses a folder, an upload URL into any of its folders, and a link (409)', async () => {
    const first = await folderWithClip();
    const second = await folderWithClip();
    await pay();
    await t.call('erasePurchase', { params: { id: id() } }, { headers: admin.headers, status: 200 });
    await expectRefused(createFolder(), SERVER_MESSAGES.storage.purchaseErased);
    for (const folder of [first, second]) await expectRefused(signedUrl(folder.folderId), SERVER_MESSAGES.storage.purchaseErased);
    await expectRefused(saveLink(second.folderUrl), SERVER_MESSAGES.storage.purchaseErased);
  });

  it('one whose clips the retention job removed refuses them too', async () => {
    const folder = await folderWithClip();
    await pay();
    t.clock.advance(t.config.retentionDays * 24 * 60 * MINUTE + MINUTE);
    expect(await expireOldClips(t)).toBe(1);
    await expectRefused(createFolder(), SERVER_MESSAGES.storage.purchaseClipsRemoved);
    await expectRefused(signedUrl(folder.folderId), SERVER_MESSAGES.storage.purchaseClipsRemoved);
    await expectRefused(saveLink(folder.folderUrl), SERVER_MESSAGES.storage.purchaseClipsRemoved);
  });
});

describe('every folder ever made for a purchase goes with it', () => {
  it('on erase: the folder of an upload that ended short and the one that followed, neither served any more', async () => {
    const short = await folderWithClip();
    const last = await folderWithClip();
    expect((await saveLink(last.folderUrl)).status).toBe(200);
    await pay();
    for (const folder of [short, last]) expect((await t.app.request(local(folder.folderUrl))).status).toBe(200);
    await t.call('erasePurchase', { params: { id: id() } }, { headers: admin.headers, status: 200 });
    for (const folder of [short, last]) {
      expect(existsSync(folderPath(folder.folderId))).toBe(false);
      expect((await t.app.request(local(folder.folderUrl))).status).toBe(404);
    }
    const events = await listPurchaseEvents(t.db, id());
    expect(events.find((e) => e.kind === 'erased')?.detail).toEqual({ filesRemoved: 2 });
  });

  it('on retention, every folder of an expired purchase', async () => {
    const short = await folderWithClip();
    const last = await folderWithClip();
    await pay();
    t.clock.advance(t.config.retentionDays * 24 * 60 * MINUTE + MINUTE);
    expect(await expireOldClips(t)).toBe(1);
    for (const folder of [short, last]) expect(existsSync(folderPath(folder.folderId))).toBe(false);
  });

  it("a finally unpaid purchase's uploads, once its window plus the grace has passed and not before", async () => {
    const folder = await folderWithClip();
    // Not public while unpaid, before or after.
    expect((await t.app.request(local(folder.folderUrl))).status).toBe(404);
    await t.call('abandonPurchase', { params: { id: id() } }, { headers: kiosk(), status: 200 });
    t.clock.advance(t.config.pendingPaymentExpiryMs + UNPAID_GRACE_MINUTES * MINUTE - MINUTE);
    expect(await expireOldClips(t)).toBe(0);
    expect(existsSync(folderPath(folder.folderId))).toBe(true);
    t.clock.advance(2 * MINUTE);
    expect(await expireOldClips(t)).toBe(1);
    expect(existsSync(folderPath(folder.folderId))).toBe(false);
    expect((await row()).clipsExpiredAt).not.toBeNull();
    // The phone page still says it was not paid, not that clips were removed.
    const page = await t.app.request(`/p/${(await row()).phoneToken}/state`);
    expect((await bodyOf(page)).status).toBe('not_paid');
  });
});

describe('what is kept about the player', () => {
  it('the Idempotency-Key record keeps no address or phone link; a replay after an erase answers the erased purchase', async () => {
    const body = { email: 'Another.Player@gmail.com', videoIds: ['1795762800000-a.mp4'], videoTitles: ['a'], totalAmount: 1000 };
    const headers = { ...kiosk(), 'Idempotency-Key': 'outbox-42' };
    const first = await t.call('createPurchase', { body }, { headers, raw: true });
    expect(first.status).toBe(201);
    const answer = await bodyOf(first.clone());
    const stored = await t.db
      .selectFrom('idempotency_keys')
      .select('responseBody')
      .where('key', '=', 'outbox-42')
      .executeTakeFirstOrThrow();
    expect(stored.responseBody).not.toContain('another.player@gmail.com');
    expect(stored.responseBody).not.toContain(new URL(answer.phoneUrl as string).pathname);

    const again = await t.call('createPurchase', { body }, { headers, raw: true });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await bodyOf(again)).toEqual(answer);

    await t.call('erasePurchase', { params: { id: answer.transaction.id } }, { headers: admin.headers, status: 200 });
    const afterErase = await bodyOf(t.call('createPurchase', { body }, { headers, raw: true }));
    expect(afterErase.transaction.email).toBe(ERASED_EMAIL);
    expect(JSON.stringify(afterErase)).not.toContain('another.player@gmail.com');
  });

  it("logs neither the player's address nor the phone page's token (nor the share page's folder id)", async () => {
    const folder = await folderWithClip();
    await pay();
    expect((await saveLink(folder.folderUrl)).status).toBe(200);
    await t.delivery.idle();
    expect(sink.received).toHaveLength(1);
    const { phoneToken } = await row();
    expect((await t.app.request(`/p/${phoneToken}`)).status).toBe(200);
    expect((await t.app.request(`/p/${phoneToken}/clip/1`)).status).toBe(200);
    expect(logged).toContain('purchase e-mail sent');
    expect(logged).toContain(`"path":"/p/${phoneToken!.slice(0, 4)}…"`);
    expect(logged.toLowerCase()).not.toContain('secret.player@gmail.com');
    expect(logged).not.toContain(phoneToken!);
    expect(logged).not.toContain(folder.folderId);
  });
});
