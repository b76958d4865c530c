// GET /api/transaction/:id/timeline: a purchase's history for the detail drawer,
// through the real routes with a loopback SMTP server that refuses the first e-mail.
import type { PurchaseTimelineResponse } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { startSmtpSink } from '../mail/testing/smtp-sink.ts';
import type { SeededAdmin } from '../testing/index.ts';
import { setFolder } from './queries.ts';

const LINK = 'http://localhost:3000/share/AbCdEfGhIjKlMnOpQrStUv';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: AdapterTestApp;
let seeded: Awaited<ReturnType<typeof seedPurchase>>;
let admin: SeededAdmin;

beforeEach(async () => {
  // The first e-mail is refused for good; later ones go through.
  sink = await startSmtpSink({ answer: (n) => (n === 0 ? { code: 550, message: '5.1.1 No such mailbox' } : undefined) });
  t = await makeAdapterTestApp({ smtpUrl: sink.url, smtpCa: sink.ca });
  seeded = await seedPurchase(t, { email: 'rally@gmial.com', videos: 2 });
  admin = await t.seed.admin({ role: 'admin', venueId: seeded.venue.id });
});
afterEach(async () => {
  await t.delivery.idle();
  await t.close();
  await sink.close();
});

const timeline = async (id = seeded.purchase.id, who: SeededAdmin = admin) =>
  t.call('purchaseTimeline', { params: { id } }, { headers: who.headers, raw: true });
const progress = (uploaded: number, state: 'uploading' | 'done' | 'failed', failed = 0) =>
  t.call(
    'reportProgress',
    { body: { transactionId: seeded.purchase.id, uploaded, failed, total: 2, state, ...(failed ? { reason: 'Network error' } : {}) } },
    { headers: seeded.device.headers, raw: true },
  );

/** Paid, both clips uploaded (reported after each), the link saved: the e-mail goes out and is refused. */
async function sellAndDeliver() {
  t.clock.advance(1_000);
  expect((await t.call('simulatePayment', { params: { token: seeded.token, outcome: 'success' } }, { raw: true })).status).toBe(200);
  t.clock.advance(1_000);
  expect((await progress(1, 'uploading')).status).toBe(200);
  t.clock.advance(1_000);
  expect((await progress(2, 'uploading')).status).toBe(200);
  expect((await progress(2, 'done')).status).toBe(200);
  await setFolder(t.db, seeded.purchase.id, { folderId: 'AbCdEfGhIjKlMnOpQrStUv', folderUrl: LINK }, t.clock.now());
  t.clock.advance(1_000);
  await t.call(
    'updateZipUrl',
    { params: { id: seeded.purchase.id }, body: { zipUrl: LINK, error: false } },
    { headers: seeded.device.headers, status: 200 },
  );
  await t.delivery.idle();
}

describe('GET /api/transaction/:id/timeline', () => {
  it('tells the whole story in order: sale, payment, each clip, the refused e-mail with its reason, the correction and the resend, each by its admin', async () => {
    await sellAndDeliver();
    t.clock.advance(60_000);
    await t.call(
      'updatePurchaseEmail',
      { params: { id: seeded.purchase.id }, body: { email: 'rally@gmail.com' } },
      { headers: admin.headers, status: 200 },
    );
    t.clock.advance(1_000);
    await t.call('resendEmail', { params: { id: seeded.purchase.id } }, { headers: admin.headers, status: 200 });

    const res = await timeline();
    expect(res.status).toBe(200);
    const body = (await bodyOf(res)) as PurchaseTimelineResponse;
    expect(body.events.map((e) => e.kind)).toEqual([
      'created',
      'paid',
      'clip_uploaded',
      'clip_uploaded',
      'email_failed',
      'email_corrected',
      'resend',
      'email_sent',
    ]);
    const [created, paid, first, second, failed, corrected, resend, sent] = body.events;
    expect(created).toMatchObject({ by: null, amount: 2000 });
    expect(paid).toMatchObject({ by: null, amount: 2000 });
    expect(paid!.at > created!.at).toBe(true);
    expect([first, second].map((e) => [e!.clip, e!.clips])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(failed).toMatchObject({ by: null, to: 'rally@gmial.com', reason: expect.stringMatching(/550.*No such mailbox/) });
    expect(corrected).toMatchObject({ by: admin.email, from: 'rally@gmial.com', to: 'rally@gmail.com' });
    expect(resend).toMatchObject({ by: admin.email });
    expect(sent).toMatchObject({ by: null, to: 'rally@gmail.com' });
    const times = body.events.map((e) => e.at);
    expect(times).toEqual([...times].sort());
    // The links the drawer offers: the phone page and the folder.
    expect(body.phoneUrl).toMatch(new RegExp(`^${t.config.publicUrl}/p/[A-Za-z0-9_-]{22,}$`));
    expect(body.folderUrl).toBe(LINK);
    expect(body.transaction).toMatchObject({ id: seeded.purchase.id, email: 'rally@gmail.com', emailSent: 'sent' });
    expect(sink.received.map((m) => m.to)).toEqual([['rally@gmail.com']]);
  });

  it('a pending purchase has only its sale and no links; an upload that ends short is recorded once', async () => {
    expect((await progress(1, 'done', 1)).status).toBe(200);
    expect((await progress(1, 'done', 1)).status).toBe(200);
    const body = (await bodyOf(await timeline())) as PurchaseTimelineResponse;
    expect(body.events.map((e) => e.kind)).toEqual(['created', 'clip_uploaded', 'upload_failed']);
    expect(body.events[2]).toMatchObject({ clip: 1, clips: 2, reason: 'Network error' });
    expect(body.folderUrl).toBeNull();
    expect(body.transaction.paymentStatus).toBe('pending');
  });

  it('after an erase the history keeps what happened but no address, and offers no links', async () => {
    await sellAndDeliver();
    await t.call(
      'updatePurchaseEmail',
      { params: { id: seeded.purchase.id }, body: { email: 'rally@gmail.com' } },
      { headers: admin.headers, status: 200 },
    );
    await t.call('erasePurchase', { params: { id: seeded.purchase.id } }, { headers: admin.headers, status: 200 });
    const res = await timeline();
    const text = await res.clone().text();
    expect(text).not.toContain('rally@');
    const body = (await bodyOf(res)) as PurchaseTimelineResponse;
    expect(body.events.map((e) => e.kind)).toContain('email_corrected');
    expect(body.events.at(-1)).toMatchObject({ kind: 'erased', by: admin.email });
    expect(body.phoneUrl).toBeNull();
    expect(body.folderUrl).toBeNull();
    // Nor does the audit log keep the addresses.
    const audit = await t.db.selectFrom('audit_log').select(['before', 'after']).where('entityId', '=', seeded.purchase.id).execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain('rally@');
  });

  it("another venue's admin is refused (403), an unknown id is 404, a kiosk or nobody cannot read it", async () => {
    const other = await t.seed.venue({ name: 'Arena Lain' });
    const otherAdmin = await t.seed.admin({ role: 'admin', venueId: other.id });
    expect((await timeline(seeded.purchase.id, otherAdmin)).status).toBe(403);
    const unknown = await timeline('CR-20260101-NOPENOPE00');
    expect(unknown.status).toBe(404);
    expect(await bodyOf(unknown)).toEqual({ message: 'Transaction not found' });
    await t.call('purchaseTimeline', { params: { id: seeded.purchase.id } }, { headers: seeded.device.headers, status: 401 });
    expect((await t.app.request(`/api/transaction/${seeded.purchase.id}/timeline`)).status).toBe(401);
    const superAdmin = await t.seed.admin({ role: 'super_admin' });
    expect((await timeline(seeded.purchase.id, superAdmin)).status).toBe(200);
  });
});
