// Correcting a player's e-mail, erasing on request and the retention job,
// against the real adapters: local disk storage and a loopback SMTP server.
import { ERASED_EMAIL, MESSAGES, SERVER_MESSAGES } from '@courtreplay/shared';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalStorage } from '../adapters/local-storage.ts';
import { DomainError } from '../errors.ts';
import { UPLOAD_PATH } from '../adapters/local-storage.ts';
import { mp4Bytes } from '../adapters/testing/clips.ts';
import { bodyOf, makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { startSmtpSink } from '../mail/testing/smtp-sink.ts';
import type { SeededAdmin } from '../testing/index.ts';
import { listPurchaseEvents } from './events.ts';
import { setFolder } from './queries.ts';
import { expireOldClips } from './retention.ts';

const DAY = 24 * 3_600_000;

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: AdapterTestApp;
let seeded: Awaited<ReturnType<typeof seedPurchase>>;
let admin: SeededAdmin;
let otherAdmin: SeededAdmin;
let superAdmin: SeededAdmin;

beforeEach(async () => {
  sink = await startSmtpSink();
  t = await makeAdapterTestApp({ smtpUrl: sink.url, smtpCa: sink.ca });
  seeded = await seedPurchase(t, { email: 'pLayer@gmial.com' });
  const otherVenue = await t.seed.venue({ name: 'Arena Lain' });
  admin = await t.seed.admin({ role: 'admin', venueId: seeded.venue.id });
  otherAdmin = await t.seed.admin({ role: 'admin', venueId: otherVenue.id });
  superAdmin = await t.seed.admin({ role: 'super_admin' });
});
afterEach(async () => {
  await t.delivery.idle();
  await t.close();
  await sink.close();
});

const storage = () => t.storage as LocalStorage;
const folderPath = (folderId: string) => join(t.config.dataDir, 'drive', folderId);
const row = (id: string) => t.db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The server's folder for the purchase with one uploaded clip, its link saved by the kiosk (which sends the e-mail once paid). */
async function deliver(purchaseId: string, token: string, device = seeded.device) {
  const { folderId, folderUrl } = await storage().createFolder('videos', { baseUrl: t.config.publicUrl, purchaseId });
  await setFolder(t.db, purchaseId, { folderId, folderUrl }, t.clock.now());
  const clip = mp4Bytes(2000);
  const { uploadUrl } = await storage().createUploadUrl({
    folderId,
    filename: 'rally.mp4',
    mimeType: 'video/mp4',
    size: clip.length,
    origin: undefined,
  });
  const url = new URL(uploadUrl, 'http://x');
  const ticket = storage().openUpload(
    url.pathname.slice(UPLOAD_PATH.length),
    url.searchParams.get('exp') ?? undefined,
    url.searchParams.get('sig') ?? undefined,
  );
  expect((await storage().receive(ticket, undefined, 'video/mp4', Readable.from([clip]))).status).toBe(201);
  await t.call('simulatePayment', { params: { token: token, outcome: 'success' } }, { raw: true });
  await t.call(
    'updateZipUrl',
    { params: { id: purchaseId }, body: { zipUrl: folderUrl, error: false } },
    { headers: device.headers, status: 200 },
  );
  await t.delivery.idle();
  return folderId;
}

const putEmail = (body: unknown, who: SeededAdmin | { headers: Record<string, string> }, id = seeded.purchase.id) =>
  t.json('PUT', `/api/transaction/${id}/email`, body, who.headers);
const erase = (who: SeededAdmin, id = seeded.purchase.id) =>
  t.call('erasePurchase', { params: { id } }, { headers: who.headers, raw: true });

describe('PUT /api/transaction/:id/email', () => {
  it('an admin of the venue corrects the address; it is recorded with who and when; Resend goes to the new address', async () => {
    await deliver(seeded.purchase.id, seeded.token);
    expect(sink.received.map((m) => m.to)).toEqual([['player@gmial.com']]);

    t.clock.advance(60_000);
    const res = await putEmail({ email: '  Player@Gmail.com ' }, admin);
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body.message).toBe(MESSAGES.transactions.emailCorrected('player@gmail.com'));
    expect(body.transaction).toMatchObject({ id: seeded.purchase.id, email: 'player@gmail.com' });
    expect((await row(seeded.purchase.id)).email).toBe('player@gmail.com');
    const corrected = (await listPurchaseEvents(t.db, seeded.purchase.id)).find((e) => e.kind === 'email_corrected');
    expect(corrected).toMatchObject({
      adminId: admin.id,
      at: t.clock.now().toISOString(),
      detail: { from: 'player@gmial.com', to: 'player@gmail.com' },
    });

    await t.call('resendEmail', { params: { id: seeded.purchase.id } }, { headers: admin.headers, status: 200 });
    expect(sink.received.map((m) => m.to)).toEqual([['player@gmial.com'], ['player@gmail.com']]);
    expect((await listPurchaseEvents(t.db, seeded.purchase.id)).map((e) => e.kind)).toEqual([
      'email_sent',
      'email_corrected',
      'resend',
      'email_sent',
    ]);
  });

  it('a super admin may; an admin of another venue may not (403), nor an anonymous caller (401), and nothing changes', async () => {
    expect((await putEmail({ email: 'other@example.com' }, otherAdmin)).status).toBe(403);
    expect((await putEmail({ email: 'other@example.com' }, { headers: {} })).status).toBe(401);
    expect((await putEmail({ email: 'other@example.com' }, seeded.device)).status).toBe(401);
    expect((await row(seeded.purchase.id)).email).toBe('player@gmial.com');
    expect(await listPurchaseEvents(t.db, seeded.purchase.id)).toEqual([]);
    expect((await putEmail({ email: 'super@example.com' }, superAdmin)).status).toBe(200);
    expect((await row(seeded.purchase.id)).email).toBe('super@example.com');
  });

  it('refuses a bad address with a clear 400 and changes nothing; an unknown purchase is 404', async () => {
    for (const email of ['', 'no-at-sign', 'a@b', 'two@@example.com', 'sp ace@example.com', `${'x'.repeat(250)}@example.com`, 42]) {
      const res = await putEmail({ email }, admin);
      expect(res.status).toBe(400);
      expect((await bodyOf(res)).message).toMatch(/valid email address|email/i);
    }
    expect((await putEmail({}, admin)).status).toBe(400);
    expect((await putEmail({ email: 'ok@example.com', extra: 1 }, admin)).status).toBe(400);
    expect((await putEmail({ email: 'player@gmial.com' }, admin)).status).toBe(400);
    expect((await row(seeded.purchase.id)).email).toBe('player@gmial.com');
    expect(await listPurchaseEvents(t.db, seeded.purchase.id)).toEqual([]);
    expect((await putEmail({ email: 'ok@example.com' }, admin, 'CR-20261120-NOPE')).status).toBe(404);
  });
});

describe('POST /api/transaction/:id/erase', () => {
  it('removes the e-mail and the clips (the folder is gone) and keeps the money figures; idempotent', async () => {
    const folderId = await deliver(seeded.purchase.id, seeded.token);
    expect(existsSync(folderPath(folderId))).toBe(true);
    const before = await row(seeded.purchase.id);

    expect((await erase(otherAdmin)).status).toBe(403);
    expect(existsSync(folderPath(folderId))).toBe(true);

    const res = await erase(admin);
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body.message).toBe(MESSAGES.transactions.erasedDone);
    expect(body.transaction).toMatchObject({ email: ERASED_EMAIL, zipUrl: null, erasedAt: t.clock.now().toISOString() });
    expect(existsSync(folderPath(folderId))).toBe(false);
    const after = await row(seeded.purchase.id);
    expect(after).toMatchObject({
      email: ERASED_EMAIL,
      zipUrl: null,
      folderUrl: null,
      folderId: null,
      // What the books need stays.
      id: before.id,
      subtotal: before.subtotal,
      discount: before.discount,
      totalAmount: before.totalAmount,
      paymentStatus: 'paid',
      paidAt: before.paidAt,
      promoCode: before.promoCode,
      videoCount: before.videoCount,
      venueId: before.venueId,
    });
    const erased = (await listPurchaseEvents(t.db, seeded.purchase.id)).filter((e) => e.kind === 'erased');
    expect(erased).toEqual([expect.objectContaining({ adminId: admin.id, detail: { filesRemoved: 1 } })]);

    t.clock.advance(60_000);
    const again = await erase(superAdmin);
    expect(again.status).toBe(200);
    expect((await bodyOf(again)).transaction.erasedAt).toBe(after.erasedAt);
    expect((await listPurchaseEvents(t.db, seeded.purchase.id)).filter((e) => e.kind === 'erased')).toHaveLength(1);

    // Nothing can bring the player's data back or mail the marker address.
    expect((await putEmail({ email: 'player@gmail.com' }, admin)).status).toBe(409);
    await t.call('resendEmail', { params: { id: seeded.purchase.id } }, { headers: admin.headers, status: 409 });
    await t.call(
      'updateZipUrl',
      { params: { id: seeded.purchase.id }, body: { zipUrl: 'https://x.example/d/a', error: false } },
      { headers: admin.headers, status: 409 },
    );
    // A kiosk's upload that finishes after the erase is refused with the reason.
    const late = await t.call(
      'updateZipUrl',
      { params: { id: seeded.purchase.id }, body: { zipUrl: null, error: true } },
      { headers: seeded.device.headers, raw: true },
    );
    expect(late.status).toBe(409);
    expect((await bodyOf(late)).message).toBe(SERVER_MESSAGES.storage.purchaseErased);
    expect((await row(seeded.purchase.id)).zipUrl).toBeNull();
    expect((await row(seeded.purchase.id)).uploadError).toBe(0);
    expect(sink.received).toHaveLength(1);
  });

  it('changes nothing when storage cannot delete the clips (502), so the admin can try again', async () => {
    const folderId = await deliver(seeded.purchase.id, seeded.token);
    const deleteFolder = storage().deleteFolder.bind(storage());
    storage().deleteFolder = () => Promise.reject(new DomainError('upstream_failed', 'Google Drive did not answer'));
    const res = await erase(admin);
    expect(res.status).toBe(502);
    expect((await row(seeded.purchase.id)).email).toBe('player@gmial.com');
    expect((await listPurchaseEvents(t.db, seeded.purchase.id)).map((e) => e.kind)).toEqual(['email_sent']);
    storage().deleteFolder = deleteFolder;
    expect((await erase(admin)).status).toBe(200);
    expect(existsSync(folderPath(folderId))).toBe(false);
  });

  it('erases a purchase that never got a folder', async () => {
    expect((await erase(superAdmin)).status).toBe(200);
    expect((await row(seeded.purchase.id)).email).toBe(ERASED_EMAIL);
  });
});

describe('retention', () => {
  it("removes only expired purchases' folders, marks them expired, and leaves fresh purchases and other folders alone", async () => {
    const oldFolder = await deliver(seeded.purchase.id, seeded.token);
    // Another folder in the same storage that no purchase owns (an admin's, another product's).
    const stray = await storage().createFolder('not a purchase');

    t.clock.advance(3 * DAY);
    const res = await t.call(
      'createPurchase',
      { body: { email: 'fresh@example.com', videoIds: ['v9'], videoTitles: ['Rally 9'], totalAmount: 1000 } },
      { headers: seeded.device.headers, raw: true },
    );
    const fresh = (await bodyOf(res)) as { transaction: { id: string }; payment: { token: string } };
    const freshFolder = await deliver(fresh.transaction.id, fresh.payment.token);

    // Day 14 after the first payment: nothing is due yet.
    t.clock.set(new Date(Date.parse((await row(seeded.purchase.id)).paidAt!) + 14 * DAY - 1000));
    expect(await expireOldClips(t)).toBe(0);
    expect(existsSync(folderPath(oldFolder))).toBe(true);

    t.clock.advance(2000);
    // Two passes at once (two instances) expire it once.
    const passes = await Promise.all([expireOldClips(t), expireOldClips(t)]);
    expect(passes[0] + passes[1]).toBe(1);
    expect((await listPurchaseEvents(t.db, seeded.purchase.id)).filter((e) => e.kind === 'clips_expired')).toHaveLength(1);
    expect(existsSync(folderPath(oldFolder))).toBe(false);
    expect(existsSync(folderPath(freshFolder))).toBe(true);
    expect(existsSync(folderPath(stray.folderId))).toBe(true);
    expect((await row(seeded.purchase.id)).clipsExpiredAt).toBe(t.clock.now().toISOString());
    expect((await row(fresh.transaction.id)).clipsExpiredAt).toBeNull();
    expect((await listPurchaseEvents(t.db, seeded.purchase.id)).at(-1)).toMatchObject({ kind: 'clips_expired', adminId: null });
    // The list shows it; Resend has nothing to send any more.
    const lateAdmin = await t.seed.admin({ role: 'admin', venueId: seeded.venue.id }); // the first one's session has ended
    const resend = await t.call('resendEmail', { params: { id: seeded.purchase.id } }, { headers: lateAdmin.headers, raw: true });
    expect(resend.status).toBe(409);
    expect((await bodyOf(resend)).message).toBe(MESSAGES.transactions.clipsExpiredNoResend);

    // A second pass finds nothing new.
    expect(await expireOldClips(t)).toBe(0);
    t.clock.advance(3 * DAY);
    expect(await expireOldClips(t)).toBe(1);
    expect(existsSync(folderPath(freshFolder))).toBe(false);
  });
});
