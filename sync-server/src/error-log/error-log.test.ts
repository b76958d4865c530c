// The error log through the real routes: each kind from where it is recorded,
// resolved by an admin or by itself, filtered by kind, venue and status, scoped to the admin's venue.
import { ERROR_LOG_MESSAGES, errorEntryText, MESSAGES, type ErrorEntry, type ResolveErrorResponse } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, makeAdapterTestApp, seedPurchase, type AdapterTestApp } from '../adapters/testing/adapter-app.ts';
import { startSmtpSink } from '../mail/testing/smtp-sink.ts';
import { setFolder } from '../purchases/queries.ts';
import type { SeededAdmin } from '../testing/index.ts';

const MINUTE = 60_000;
const LINK = 'http://localhost:3000/share/AbCdEfGhIjKlMnOpQrStUv';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: AdapterTestApp;
let seeded: Awaited<ReturnType<typeof seedPurchase>>;
let admin: SeededAdmin;
let otherAdmin: SeededAdmin;
let superAdmin: SeededAdmin;
let otherVenue: { id: number };

beforeEach(async () => {
  // Mail to the mistyped domain is refused for good, as a real server does.
  sink = await startSmtpSink({
    answer: (_n, to) => (to.some((a) => a.endsWith('@gmial.com')) ? { code: 550, message: '5.1.1 No such mailbox' } : undefined),
  });
  t = await makeAdapterTestApp({ smtpUrl: sink.url, smtpCa: sink.ca });
  t.clock.set('2026-11-20T03:00:00.000Z');
  seeded = await seedPurchase(t, { email: 'rally@gmial.com', videos: 2 });
  otherVenue = await t.seed.venue({ name: 'Arena Lain' });
  admin = await t.seed.admin({ role: 'admin', venueId: seeded.venue.id });
  otherAdmin = await t.seed.admin({ role: 'admin', venueId: otherVenue.id });
  superAdmin = await t.seed.admin({ role: 'super_admin' });
});
afterEach(async () => {
  await t.delivery.idle();
  await t.close();
  await sink.close();
});

const list = async (who: SeededAdmin, query = ''): Promise<ErrorEntry[]> => {
  const res = await t.json('GET', `/api/error-log${query}`, undefined, who.headers);
  expect(res.status).toBe(200);
  return ((await bodyOf(res)) as { entries: ErrorEntry[] }).entries;
};
const resolve = (who: SeededAdmin, id: string) => t.call('resolveError', { params: { id } }, { headers: who.headers, raw: true });

/** Paid, the link saved: the e-mail to the mistyped address is refused. */
async function deliverToTypo() {
  await t.call('simulatePayment', { params: { token: seeded.token, outcome: 'success' } }, { raw: true });
  await setFolder(t.db, seeded.purchase.id, { folderId: 'AbCdEfGhIjKlMnOpQrStUv', folderUrl: LINK }, t.clock.now());
  await t.call(
    'updateZipUrl',
    { params: { id: seeded.purchase.id }, body: { zipUrl: LINK, error: false } },
    { headers: seeded.device.headers },
  );
  await t.delivery.idle();
}

const parkedReport = (key: string) => ({
  idempotencyKey: key,
  reason: 'This kiosk is registered to another venue.',
  status: 403,
  attempts: 4,
  email: 'late@example.com',
  videoCount: 2,
  totalAmount: 50_000,
  isStaging: false,
  queuedAt: '2026-11-20T02:00:00.000Z',
  parkedAt: '2026-11-20T02:30:00.000Z',
});

describe('GET /api/error-log', () => {
  it('a refused e-mail is an open entry with what happened and what to do; it resolves itself when a resend goes out', async () => {
    await deliverToTypo();
    const [failed, ...rest] = await list(admin);
    expect(rest).toEqual([]);
    expect(failed).toMatchObject({
      kind: 'email_failed',
      venueId: seeded.venue.id,
      venueName: 'Arena Senayan',
      deviceId: seeded.device.deviceId,
      transactionId: seeded.purchase.id,
      facts: { to: 'rally@gmial.com' },
      resolvedAt: null,
      resolvedBy: null,
    });
    expect(errorEntryText(failed!, 'en')).toMatchObject({ todo: MESSAGES.errorsTab.emailTodo });
    expect(errorEntryText(failed!, 'en').what).toMatch(/^The e-mail to rally@gmial\.com was not delivered: .*550.*No such mailbox/);

    t.clock.advance(MINUTE);
    await t.call(
      'updatePurchaseEmail',
      { params: { id: seeded.purchase.id }, body: { email: 'rally@gmail.com' } },
      { headers: admin.headers },
    );
    await t.call('resendEmail', { params: { id: seeded.purchase.id } }, { headers: admin.headers, status: 200 });
    expect(await list(admin)).toEqual([]);
    const [done] = await list(admin, '?status=resolved');
    expect(done).toMatchObject({ id: failed!.id, resolvedAt: t.clock.now().toISOString(), resolvedBy: null });
  });

  it('an upload that ended short is listed once with its reason', async () => {
    await t.call(
      'reportProgress',
      { body: { transactionId: seeded.purchase.id, uploaded: 1, failed: 1, total: 2, state: 'done', reason: 'Network error' } },
      { headers: seeded.device.headers },
    );
    const entries = await list(admin, '?kind=upload_failed');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'upload_failed', facts: { uploaded: 1, clips: 2, reason: 'Network error' } });
    expect(errorEntryText(entries[0]!, 'en').what).toBe(MESSAGES.errorsTab.uploadWhat(1, 2, 'Network error'));
    expect(await list(admin, '?kind=email_failed')).toEqual([]);
  });

  it('a parked purchase stays open until an admin marks it resolved, which is recorded with who and when', async () => {
    await t.call('reportParked', { body: parkedReport('key-1') }, { headers: seeded.device.headers, status: 200 });
    const [parked] = await list(admin);
    expect(parked).toMatchObject({ kind: 'parked_purchase', at: '2026-11-20T02:30:00.000Z', transactionId: null });
    expect(errorEntryText(parked!, 'en').what).toBe(
      MESSAGES.errorsTab.parkedWhat('This kiosk is registered to another venue.', 403, 'late@example.com', 2, 'Rp 50.000'),
    );

    // Another venue's admin neither sees it nor can resolve it.
    expect(await list(otherAdmin)).toEqual([]);
    const refused = await resolve(otherAdmin, parked!.id);
    expect(refused.status).toBe(404);
    expect(await bodyOf(refused)).toEqual({ message: ERROR_LOG_MESSAGES.notFound });

    const res = await resolve(admin, parked!.id);
    expect(res.status).toBe(200);
    const body = (await bodyOf(res)) as ResolveErrorResponse;
    expect(body).toEqual({
      message: ERROR_LOG_MESSAGES.resolved,
      entry: { ...parked, resolvedAt: t.clock.now().toISOString(), resolvedBy: admin.email },
    });
    expect(await list(admin)).toEqual([]);
    expect(await list(admin, '?status=all')).toEqual([body.entry]);
    // Repeating it changes nothing and is not logged twice.
    t.clock.advance(MINUTE);
    expect(((await bodyOf(await resolve(superAdmin, parked!.id))) as ResolveErrorResponse).entry).toEqual(body.entry);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'error.resolve').execute();
    expect(audit).toEqual([expect.objectContaining({ adminEmail: admin.email, entityId: parked!.id, venueId: seeded.venue.id })]);
  });

  it('a kiosk silent for more than 10 minutes is an entry until it beats again; a new outage is a new entry', async () => {
    const beat = () =>
      t.call(
        'deviceHeartbeat',
        {
          params: { deviceId: seeded.device.deviceId },
          body: {
            appVersion: '1.0.0',
            onlineSince: t.clock.now().toISOString(),
            queue: { purchases: 0, clips: 0 },
            lastClipAt: null,
            storage: null,
            screen: 'home',
          },
        },
        { headers: { 'X-Device-Id': seeded.device.deviceId }, raw: true },
      );
    expect((await beat()).status).toBe(200);
    t.clock.advance(10 * MINUTE);
    expect(await list(admin, '?kind=kiosk_offline')).toEqual([]);
    t.clock.advance(MINUTE);
    const [first] = await list(admin, '?kind=kiosk_offline');
    expect(first).toMatchObject({ kind: 'kiosk_offline', deviceId: seeded.device.deviceId, facts: { minutes: 10 } });
    expect(errorEntryText(first!, 'en').what).toBe(MESSAGES.errorsTab.offlineWhat(10));
    expect(await list(otherAdmin, '?kind=kiosk_offline')).toEqual([]);
    expect((await beat()).status).toBe(200);
    expect(await list(admin, '?kind=kiosk_offline')).toEqual([]);
    t.clock.advance(11 * MINUTE);
    const [second] = await list(admin, '?kind=kiosk_offline');
    expect(second!.id).not.toBe(first!.id);
  });

  it('credential alerts and failing services are for a super admin looking at every venue', async () => {
    const at = t.clock.now().toISOString();
    await t.db
      .insertInto('integration_alerts')
      .values({
        code: 'smtp_auth_failed',
        integration: 'mail',
        message: 'The SMTP server refused the login.',
        advice: 'Check SMTP_URL.',
        firstAt: at,
        lastAt: at,
        resolvedAt: null,
      })
      .execute();
    await t.db
      .insertInto('integration_status')
      .values({ kind: 'storage', lastSuccessAt: null, lastErrorAt: at, lastErrorMessage: 'Drive answered 503' })
      .onConflict((oc) => oc.column('kind').doUpdateSet({ lastErrorAt: at, lastErrorMessage: 'Drive answered 503' }))
      .execute();
    const kinds = (await list(superAdmin)).map((e) => [e.kind, e.venueId, errorEntryText(e, 'en').what]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['credential_alert', null, 'The SMTP server refused the login.'],
        ['integration_failure', null, MESSAGES.errorsTab.integrationWhat('Storage', 'Drive answered 503')],
      ]),
    );
    expect((await list(superAdmin, `?venueId=${seeded.venue.id}`)).filter((e) => e.venueId === null)).toEqual([]);
    expect((await list(admin)).filter((e) => e.venueId === null)).toEqual([]);
  });

  it('staging purchases are left out unless asked for; a super admin filters by venue', async () => {
    await t.call('reportParked', { body: { ...parkedReport('key-s'), isStaging: true } }, { headers: seeded.device.headers });
    expect(await list(superAdmin, '?kind=parked_purchase')).toEqual([]);
    expect(await list(superAdmin, '?kind=parked_purchase&includeStaging=true')).toHaveLength(1);
    expect(await list(superAdmin, `?kind=parked_purchase&includeStaging=true&venueId=${otherVenue.id}`)).toEqual([]);
  });

  it('refuses a bad filter with a clear message and answers nobody without a login', async () => {
    for (const [query, message] of [
      ['?kind=nope', ERROR_LOG_MESSAGES.kindInvalid],
      ['?status=closed', ERROR_LOG_MESSAGES.statusInvalid],
    ] as const) {
      const res = await t.json('GET', `/api/error-log${query}`, undefined, admin.headers);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await bodyOf(res))).toContain(message);
    }
    expect((await t.app.request('/api/error-log')).status).toBe(401);
    expect((await resolve(admin, 'x'.repeat(65))).status).toBe(404);
  });
});
