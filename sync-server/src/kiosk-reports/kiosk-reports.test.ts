// /api/kiosk-reports against the real app on a fresh SQLite file: parked purchases and upload
// progress reported by kiosks, read by admins within their venue, and the delivery state derived.
import type { KioskParkedReport, ListParkedResponse } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows } from '../testing/index.ts';
import { created, purchaseWorld, type PurchaseWorld } from '../purchases/test-support.ts';
import { setFolder } from '../purchases/queries.ts';

let w: PurchaseWorld;
beforeEach(async () => {
  w = await purchaseWorld();
});
afterEach(async () => {
  await w.t.close();
});

const parked = (overrides: Partial<KioskParkedReport> = {}): KioskParkedReport => ({
  idempotencyKey: 'b1946ac9-2a49-4b9e-8f7e-6a3c8d1f0e11',
  reason: 'The total has changed. Please review your order.',
  status: 400,
  attempts: 1,
  email: 'player@example.com',
  videoCount: 2,
  totalAmount: 0,
  isStaging: false,
  queuedAt: '2026-11-20T03:00:00.000Z',
  parkedAt: '2026-11-20T03:05:00.000Z',
  ...overrides,
});

const report = (device: { headers: Record<string, string> }, path: string, body: unknown) =>
  w.t.json('POST', `/api/kiosk-reports/${path}`, body, device.headers);
const listParked = async (admin: { headers: Record<string, string> }, query = '') => {
  const res = await w.t.json('GET', `/api/kiosk-reports/parked${query}`, undefined, admin.headers);
  expect(res.status).toBe(200);
  return ((await res.json()) as ListParkedResponse).parked;
};
const delivery = async (admin: { headers: Record<string, string> }, ids: string[]) => {
  const res = await w.t.call(
    'deliveryReport',
    { query: { ids: ids.map(encodeURIComponent).join(',') } },
    { headers: admin.headers, status: 200 },
  );
  return res.deliveries;
};

describe('parked purchases', () => {
  it('stores a report once per key and shows it, with its reason, to the admins of that venue only', async () => {
    expect((await report(w.kioskA, 'parked', parked())).status).toBe(200);
    expect((await report(w.kioskA, 'parked', parked({ attempts: 2 }))).status).toBe(200);
    expect(await countRows(w.t.db, 'parked_purchases')).toBe(1);

    const forA = await listParked(w.adminA);
    expect(forA).toHaveLength(1);
    expect(forA[0]).toMatchObject({
      reason: parked().reason,
      status: 400,
      attempts: 2,
      deviceId: w.kioskA.deviceId,
      venueId: w.venueA.id,
      venueName: 'Arena A',
      isStaging: false,
    });
    expect(await listParked(w.adminB)).toEqual([]);
    expect(await listParked(w.superAdmin)).toHaveLength(1);
    expect(await listParked(w.superAdmin, `?venueId=${w.venueB.id}`)).toEqual([]);
    // An admin cannot widen the scope by naming another venue.
    expect(await listParked(w.adminB, `?venueId=${w.venueA.id}`)).toEqual([]);
  });

  it('takes reports only from an authorised device, and refuses bad bodies without storing them', async () => {
    expect((await report({ headers: {} }, 'parked', parked())).status).toBe(401);
    const off = await w.t.seed.device({ venueId: w.venueA.id, authorized: false });
    expect((await report(off, 'parked', parked())).status).toBe(403);
    const bad = await report(w.kioskA, 'parked', { ...parked(), status: 500 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/status/);
    expect((await report(w.kioskA, 'parked', { ...parked(), extra: 1 })).status).toBe(400);
    expect((await report(w.kioskA, 'parked', parked({ reason: '' }))).status).toBe(400);
    expect(await countRows(w.t.db, 'parked_purchases')).toBe(0);
  });

  it('is read by admins only, and dismissed only within the admin venue', async () => {
    await w.t.call('listParked', {}, { headers: w.kioskA.headers, status: 401 });
    await report(w.kioskA, 'parked', parked());
    const [row] = await listParked(w.superAdmin);
    await w.t.call('dismissParked', { params: { id: row!.id } }, { headers: w.adminB.headers, status: 403 });
    await w.t.call('dismissParked', { params: { id: 999 } }, { headers: w.adminA.headers, status: 404 });
    await w.t.call('dismissParked', { params: { id: row!.id } }, { headers: w.adminA.headers, status: 200 });
    expect(await countRows(w.t.db, 'parked_purchases')).toBe(0);
  });
});

describe('upload progress and delivery state', () => {
  async function freePurchase() {
    await w.t.seed.config('ENABLE_PAYMENT_GATEWAY', 'false');
    const res = await w.buy(w.kioskA, w.body({ videoIds: ['a', 'b', 'c'], videoTitles: ['a', 'b', 'c'], totalAmount: 0 }));
    expect(res.status).toBe(201);
    return (await created(res)).transaction.id;
  }

  it('moves from paid to uploading n of m to link saved to e-mailed', async () => {
    const id = await freePurchase();
    expect(await delivery(w.adminA, [id])).toMatchObject([{ transactionId: id, state: 'paid', uploaded: 0, total: 3 }]);

    expect((await report(w.kioskA, 'progress', { transactionId: id, uploaded: 2, failed: 0, total: 3, state: 'uploading' })).status).toBe(
      200,
    );
    expect(await delivery(w.adminA, [id])).toMatchObject([{ state: 'uploading', uploaded: 2, total: 3 }]);

    await setFolder(w.t.db, id, { folderId: 'f1', folderUrl: 'https://drive.example/f/1' }, new Date());
    await w.t.call(
      'updateZipUrl',
      { params: { id }, body: { zipUrl: 'https://drive.example/f/1', error: false } },
      { headers: w.kioskA.headers, status: 200 },
    );
    await report(w.kioskA, 'progress', { transactionId: id, uploaded: 3, failed: 0, total: 3, state: 'done' });
    expect(await delivery(w.adminA, [id])).toMatchObject([{ state: 'link_saved', uploaded: 3, total: 3 }]);

    await w.t.db.updateTable('purchases').set({ emailStatus: 'sent' }).where('id', '=', id).execute();
    expect(await delivery(w.adminA, [id])).toMatchObject([{ state: 'emailed' }]);
  });

  it('shows a failed delivery with its reason', async () => {
    const id = await freePurchase();
    await report(w.kioskA, 'progress', {
      transactionId: id,
      uploaded: 0,
      failed: 3,
      total: 3,
      state: 'failed',
      reason: 'clip.mp4 is no longer in the kiosk folder',
    });
    expect(await delivery(w.adminA, [id])).toMatchObject([
      { state: 'failed', failed: 3, reason: 'clip.mp4 is no longer in the kiosk folder' },
    ]);
  });

  it('shows a purchase awaiting payment as such, whatever the kiosk uploaded', async () => {
    const res = await w.buy(w.kioskA, w.body());
    const id = (await created(res)).transaction.id;
    await report(w.kioskA, 'progress', { transactionId: id, uploaded: 1, failed: 0, total: 1, state: 'done' });
    expect(await delivery(w.adminA, [id])).toMatchObject([{ state: 'awaiting_payment' }]);
  });

  it('takes progress only from the kiosk that sold the purchase, and only consistent counts', async () => {
    const id = await freePurchase();
    expect((await report(w.kioskB, 'progress', { transactionId: id, uploaded: 1, failed: 0, total: 3, state: 'uploading' })).status).toBe(
      404,
    );
    expect(
      (await report(w.kioskA, 'progress', { transactionId: 'CR-unknown', uploaded: 1, failed: 0, total: 3, state: 'uploading' })).status,
    ).toBe(404);
    expect((await report(w.kioskA, 'progress', { transactionId: id, uploaded: 3, failed: 1, total: 3, state: 'uploading' })).status).toBe(
      400,
    );
    expect(await countRows(w.t.db, 'upload_progress')).toBe(0);
  });

  it("leaves out other venues' purchases and unknown ids, and needs ids", async () => {
    const id = await freePurchase();
    expect(await delivery(w.adminB, [id, 'CR-nope'])).toEqual([]);
    expect(await delivery(w.superAdmin, [id, 'CR-nope'])).toHaveLength(1);
    expect((await w.t.json('GET', '/api/kiosk-reports/delivery', undefined, w.adminA.headers)).status).toBe(400);
    await w.t.call('deliveryReport', { query: { ids: id } }, { headers: w.kioskA.headers, status: 401 });
  });
});
