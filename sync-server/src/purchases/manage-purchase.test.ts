import { MESSAGES, PURCHASE_MESSAGES, type Purchase, SERVER_MESSAGES } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from '../adapters/local-storage.ts';
import { DomainError } from '../errors.ts';
import { markPurchaseOutcome } from './outcomes.ts';
import { setFolder } from './queries.ts';
import { created, messageOf, promoUsed, purchaseWorld, storedPurchases, type PurchaseWorld } from './test-support.ts';

let w: PurchaseWorld;
let purchase: Purchase;
const LINK = 'https://drive.google.com/drive/folders/abc123';

beforeEach(async () => {
  w = await purchaseWorld();
  purchase = (await created(await w.buy(w.kioskA))).transaction;
  // The folder the server made for the purchase (create-folder with its purchaseId).
  await setFolder(w.t.db, purchase.id, { folderId: 'abc123', folderUrl: LINK }, new Date());
});
afterEach(async () => {
  await w.t.close();
});

const putZip = (body: unknown, headers: Record<string, string>, id = purchase.id) =>
  w.t.json('PUT', `/api/transaction/${id}/zipUrl`, body, headers);
const resend = (headers: Record<string, string>, id = purchase.id) => w.t.call('resendEmail', { params: { id } }, { headers, raw: true });
const stored = async () => (await storedPurchases(w.t)).find((p) => p.id === purchase.id);

describe('PUT /api/transaction/:id/zipUrl', () => {
  it('saves the link from the kiosk that made the purchase and tells the delivery', async () => {
    const res = await putZip({ zipUrl: LINK, error: false }, w.kioskA.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      message: PURCHASE_MESSAGES.updated,
      transaction: { id: purchase.id, zipUrl: LINK, uploadError: false },
    });
    expect(await stored()).toMatchObject({ zipUrl: LINK, uploadError: 0 });
    expect(w.delivery.changed).toEqual([purchase.id]);
  });

  it("refuses from the kiosk any link but the purchase's own folder, and stores nothing", async () => {
    for (const zipUrl of ['https://evil.example/x', `${LINK}/../other`, 'https://drive.google.com/drive/folders/abc1234']) {
      const res = await putZip({ zipUrl, error: false }, w.kioskA.headers);
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(SERVER_MESSAGES.purchases.foreignLink);
    }
    const other = (await created(await w.buy(w.kioskA))).transaction;
    expect((await putZip({ zipUrl: LINK, error: false }, w.kioskA.headers, other.id)).status).toBe(400);
    expect(await stored()).toMatchObject({ zipUrl: null, uploadError: 0 });
    expect(w.delivery.changed).toEqual([]);
    // An admin's link (the resend flow's own upload) is theirs to choose.
    expect((await putZip({ zipUrl: 'https://drive.google.com/drive/folders/fromAdmin' }, w.adminA.headers)).status).toBe(200);
  });

  it("refuses from an admin any link that is not a folder on the product's own storage, and stores nothing", async () => {
    const publicUrl = w.t.config.publicUrl;
    const foreign = [
      'https://evil.example/x',
      'https://drive.google.com.evil.example/drive/folders/abc123',
      'http://drive.google.com/drive/folders/abc123',
      'https://drive.google.com/file/d/abc123/view',
      'https://someone@drive.google.com/drive/folders/abc123',
      'https://drive.google.com/drive/folders/abc123#elsewhere',
      'https://drive.google.com/drive/folders/abc123?next=https://evil.example',
      `${publicUrl}/d/abc123/../../api/x`,
      `${publicUrl}/d/abc123?x=1`,
      'https://evil.example/d/abc123',
    ];
    for (const zipUrl of foreign) {
      const res = await putZip({ zipUrl }, w.adminA.headers);
      expect(res.status, zipUrl).toBe(400);
      expect(await messageOf(res)).toBe(SERVER_MESSAGES.purchases.notOwnStorageLink);
    }
    expect((await stored())?.zipUrl).toBeNull();
    // With local storage configured, only this server's own share page; Drive links are not its folders.
    w.t.deps.storage = new LocalStorage({ dataDir: w.t.dir, secret: 's', limitBytes: undefined, uploadUrlTtlMs: 60_000, clock: w.t.clock });
    expect((await putZip({ zipUrl: LINK }, w.adminA.headers)).status).toBe(400);
    expect((await putZip({ zipUrl: `${publicUrl}/d/Local_folder-1` }, w.superAdmin.headers)).status).toBe(200);
    expect((await stored())?.zipUrl).toBe(`${publicUrl}/d/Local_folder-1`);
  });

  it('records a failed upload as no link plus the error flag', async () => {
    const res = await putZip({ zipUrl: null, error: true }, w.kioskA.headers);
    expect(res.status).toBe(200);
    expect(await stored()).toMatchObject({ zipUrl: null, uploadError: 1 });
  });

  it('lets an admin of the venue and a super admin save it, no one else', async () => {
    expect((await putZip({ zipUrl: LINK }, w.adminA.headers)).status).toBe(200);
    expect((await putZip({ zipUrl: LINK }, w.superAdmin.headers)).status).toBe(200);
    expect((await putZip({ zipUrl: 'https://evil.example/x' }, w.adminB.headers)).status).toBe(403);
    expect((await putZip({ zipUrl: 'https://evil.example/x' }, w.kioskA2.headers)).status).toBe(403);
    expect((await putZip({ zipUrl: 'https://evil.example/x' }, {})).status).toBe(401);
    const blocked = await w.t.seed.device({ venueId: w.venueA.id, authorized: false });
    expect((await putZip({ zipUrl: 'https://evil.example/x' }, blocked.headers)).status).toBe(403);
    expect((await stored())?.zipUrl).toBe(LINK);
  });

  it('leaves the e-mail to the resend that follows when an admin saves the link, so the player is mailed once', async () => {
    expect((await putZip({ zipUrl: LINK }, w.adminA.headers)).status).toBe(200);
    expect(w.delivery.changed).toEqual([]);
    expect((await stored())?.zipUrl).toBe(LINK);
  });

  it('answers 404 for an unknown purchase', async () => {
    const res = await putZip({ zipUrl: LINK }, w.kioskA.headers, 'CR-20261120-UNKNOWN');
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe(PURCHASE_MESSAGES.transactionNotFound);
  });

  it.each([
    ['a missing zipUrl', { error: false }, 'zipUrl is required'],
    ['a zipUrl that is not text', { zipUrl: 5 }, /zipUrl/],
    ['a javascript: link', { zipUrl: 'javascript:alert(1)' }, /zipUrl/],
    ['a link that is not a URL', { zipUrl: 'not a link' }, /zipUrl/],
    ['a link too long', { zipUrl: `https://example.com/${'a'.repeat(2048)}` }, /zipUrl/],
    ['an error flag as text', { zipUrl: LINK, error: 'yes' }, 'error must be a boolean'],
    ['an unknown field', { zipUrl: LINK, folderId: 'x' }, 'Unknown field: folderId'],
    ['malformed JSON', '{"zipUrl":', 'Request body must be valid JSON'],
  ])('answers 400 for %s and changes nothing', async (_name, body, message) => {
    const res = await putZip(body, w.kioskA.headers);
    expect(res.status).toBe(400);
    const got = await messageOf(res);
    if (typeof message === 'string') expect(got).toBe(message);
    else expect(got).toMatch(message);
    expect(await stored()).toMatchObject({ zipUrl: null, uploadError: 0 });
    expect(w.delivery.changed).toEqual([]);
  });
});

describe('POST /api/transaction/:id/resend-email', () => {
  it('answers searchLocally with the transaction when there is no link yet', async () => {
    await markPurchaseOutcome(w.t.db, purchase.id, 'paid', w.t.clock.now());
    const res = await resend(w.adminA.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      searchLocally: true,
      transaction: { id: purchase.id, videoIds: purchase.videoIds, zipUrl: null },
    });
    expect(w.delivery.resent).toEqual([]);
  });

  it('sends the e-mail again when the link is saved', async () => {
    await markPurchaseOutcome(w.t.db, purchase.id, 'paid', w.t.clock.now());
    await putZip({ zipUrl: LINK }, w.kioskA.headers);
    const res = await resend(w.superAdmin.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: MESSAGES.transactions.resent });
    expect(w.delivery.resent).toEqual([purchase.id]);
  });

  it("answers 'Failed to resend email' when the mail fails without a message of its own, and passes one through", async () => {
    await markPurchaseOutcome(w.t.db, purchase.id, 'paid', w.t.clock.now());
    await putZip({ zipUrl: LINK }, w.kioskA.headers);
    w.delivery.resendError = new Error('SMTP connection refused');
    const failed = await resend(w.adminA.headers);
    expect(failed.status).toBe(502);
    expect(await messageOf(failed)).toBe(MESSAGES.transactions.resendFailed);
    w.delivery.resendError = new DomainError('conflict', 'The mail server refused the address');
    const refused = await resend(w.adminA.headers);
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe('The mail server refused the address');
  });

  it('sends at most 3 resends per purchase per hour, counted in the database, then 429 with a message', async () => {
    await markPurchaseOutcome(w.t.db, purchase.id, 'paid', w.t.clock.now());
    await putZip({ zipUrl: LINK }, w.kioskA.headers);
    for (let i = 0; i < 3; i++) expect((await resend(w.adminA.headers)).status).toBe(200);
    const fourth = await resend(w.superAdmin.headers);
    expect(fourth.status).toBe(429);
    expect(await messageOf(fourth)).toBe(MESSAGES.transactions.resendLimit);
    expect(w.delivery.resent).toEqual([purchase.id, purchase.id, purchase.id]);
    w.t.clock.advance(59 * 60_000);
    expect((await resend(w.adminA.headers)).status).toBe(429);
    w.t.clock.advance(60_000);
    expect((await resend(w.adminA.headers)).status).toBe(200);
    expect(w.delivery.resent).toHaveLength(4);
  });

  it('refuses a purchase that is not paid', async () => {
    await putZip({ zipUrl: LINK }, w.kioskA.headers);
    const res = await resend(w.adminA.headers);
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe(PURCHASE_MESSAGES.notPaid);
    expect(w.delivery.resent).toEqual([]);
  });

  it('is for an admin of the venue or a super admin only', async () => {
    await markPurchaseOutcome(w.t.db, purchase.id, 'paid', w.t.clock.now());
    expect((await resend(w.adminB.headers)).status).toBe(403);
    expect((await resend(w.kioskA.headers)).status).toBe(401);
    expect((await resend({})).status).toBe(401);
    expect((await resend(w.adminA.headers, 'CR-NOPE')).status).toBe(404);
  });
});

describe('POST /api/transaction/:id/abandon', () => {
  const abandon = (headers: Record<string, string>, id = purchase.id) =>
    w.t.call('abandonPurchase', { params: { id } }, { headers, raw: true });

  it('ends the pending purchase of a closed payment form and gives its promo use back for the next Pay Now', async () => {
    const promo = await w.t.seed.promo({ code: 'ONCE', amount: 1000, quota: 1 });
    const first = (await created(await w.buy(w.kioskA, w.body({ promoCode: 'ONCE', totalAmount: 9000 })))).transaction;
    expect((await w.buy(w.kioskA, w.body({ promoCode: 'ONCE', totalAmount: 9000 }))).status).toBe(400);
    const res = await abandon(w.kioskA.headers, first.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ transaction: { id: first.id, paymentStatus: 'expired' } });
    expect(await promoUsed(w.t, promo.id)).toBe(0);
    expect((await w.buy(w.kioskA, w.body({ promoCode: 'ONCE', totalAmount: 9000 }))).status).toBe(201);
    // The provider may still confirm a payment made before the form closed: it counts.
    expect((await markPurchaseOutcome(w.t.db, first.id, 'paid', w.t.clock.now())).changed).toBe(true);
  });

  it('leaves a purchase that is no longer pending as it is', async () => {
    await markPurchaseOutcome(w.t.db, purchase.id, 'paid', w.t.clock.now());
    const res = await abandon(w.kioskA.headers);
    expect(res.status).toBe(200);
    expect((await stored())?.paymentStatus).toBe('paid');
  });

  it('is for the kiosk that made the purchase only', async () => {
    expect((await abandon(w.kioskA2.headers)).status).toBe(403);
    expect((await abandon(w.adminA.headers)).status).toBe(401);
    expect((await abandon({})).status).toBe(401);
    expect((await abandon(w.kioskA.headers, 'CR-NOPE')).status).toBe(404);
    expect((await stored())?.paymentStatus).toBe('pending');
  });
});
