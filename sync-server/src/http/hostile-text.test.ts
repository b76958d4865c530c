// Text no stored value can hold and dates no calendar has are the client's
// mistake (400 with a message, nothing changed), never the database's 500. Runs on SQLite and, in
// the PostgreSQL run, on PostgreSQL, which refuses a NUL character in any text outright.
import { AUDIT_MESSAGES, MESSAGES, SERVER_MESSAGES } from '@courtreplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';
import { purchaseWorld, type PurchaseWorld } from '../purchases/test-support.ts';

let t: TestApp;
let superAdmin: SeededAdmin;
let kiosk: { deviceId: string; headers: Record<string, string> };

beforeAll(async () => {
  t = await makeTestApp();
  const venue = await t.seed.venue();
  superAdmin = await t.seed.admin({ role: 'super_admin' });
  kiosk = await t.seed.device({ venueId: venue.id });
});
afterAll(() => t.close());

const NUL = '\u0000';
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

describe('a NUL character (U+0000) in any text input', () => {
  it('is refused 400 naming the field: the login e-mail, a notification’s order_id, a heartbeat’s appVersion', async () => {
    const heartbeat = {
      appVersion: `1.0${NUL}`,
      onlineSince: t.clock.now().toISOString(),
      queue: { purchases: 0, clips: 0 },
      lastClipAt: null,
      storage: null,
      screen: 'home',
    };
    const notification = {
      order_id: `CR-20261120-${NUL}`,
      status_code: '200',
      gross_amount: '10000.00',
      signature_key: 'x'.repeat(128),
      transaction_status: 'settlement',
    };
    for (const [path, body, headers, field] of [
      ['/api/admin/login', { email: `admin${NUL}@example.com`, password: 'secret' }, {}, 'email'],
      ['/api/payment/notification', notification, {}, 'order_id'],
      [`/api/device/${kiosk.deviceId}/heartbeat`, heartbeat, kiosk.headers, 'appVersion'],
      ['/api/venue/create', { name: 'Arena', location: 'Jakarta', notes: { [`k${NUL}`]: 1 } }, superAdmin.headers, `notes.k${NUL}`],
    ] as const) {
      const res = await t.json('POST', path, body, headers);
      expect(res.status, path).toBe(400);
      expect(await messageOf(res)).toBe(`${field} ${SERVER_MESSAGES.request.nulCharacter}`);
    }
    const device = await t.db.selectFrom('devices').select('lastSeenAt').where('deviceId', '=', kiosk.deviceId).executeTakeFirstOrThrow();
    expect(device.lastSeenAt).toBeNull();
    expect(await countRows(t.db, 'login_attempts')).toBe(0);
    expect(await countRows(t.db, 'venues')).toBe(1);
  });

  it('is refused 400 in a path or a query, on contract routes and the others alike', async () => {
    for (const path of [
      `/api/device/${kiosk.deviceId}%00`,
      '/api/transaction?email=a%00b',
      '/api/audit-log?action=x%00',
      '/p/abc%00def',
      '/d/abc%00def',
    ]) {
      const res = await t.app.request(path, { headers: superAdmin.headers });
      expect(res.status, path).toBe(400);
      expect(await messageOf(res)).toBe(SERVER_MESSAGES.request.nulInAddress);
    }
    // '%2500' is the text '%00', not a NUL: an ordinary value.
    expect((await t.app.request('/api/transaction?email=a%2500b', { headers: superAdmin.headers })).status).toBe(200);
  });
});

describe('an impossible date in a filter', () => {
  it('is 400 with a message in the audit log (from, to), never a 500', async () => {
    for (const query of ['from=2026-13-01', 'to=2026-02-30', 'from=2026-00-10', 'from=0000-01-01']) {
      const res = await t.app.request(`/api/audit-log?${query}`, { headers: superAdmin.headers });
      expect(res.status, query).toBe(400);
      expect(await messageOf(res)).toBe(AUDIT_MESSAGES.invalidDate);
    }
    expect((await t.app.request('/api/audit-log?from=2028-02-29&to=2028-03-01', { headers: superAdmin.headers })).status).toBe(200);
  });

  it('is 400 in the transactions list, the sales report and the storage cut-off, day or date-time', async () => {
    for (const path of [
      '/api/transaction?startDate=2026-02-30',
      '/api/transaction?endDate=2026-02-31T10:00:00Z',
      '/api/transaction?startDate=2026-11-20T24:30:00Z',
      '/api/reports/sales?startDate=2026-13-01',
      '/api/reports/sales?endDate=2026-04-31T00:00:00%2B07:00',
      '/api/google-drive/cleanup-preview?olderThan=2026-02-30',
      '/api/google-drive/cleanup-preview?olderThan=1',
    ]) {
      const res = await t.app.request(path, { headers: superAdmin.headers });
      expect(res.status, path).toBe(400);
      expect(await messageOf(res)).toBeTruthy();
    }
    expect((await t.app.request('/api/transaction?startDate=2026-11-20T10:00:00Z', { headers: superAdmin.headers })).status).toBe(200);
  });
});

describe('the checkout e-mail check', () => {
  let w: PurchaseWorld;
  beforeAll(async () => {
    w = await purchaseWorld();
  });
  afterAll(() => w.t.close());

  it('refuses what no mailbox has (angle brackets, IP-literal or bare-address domains) with the spec’s message', async () => {
    for (const email of [
      '<player@example.com>',
      'Player <player@example.com>',
      'a@[127.0.0.1]',
      'a@127.0.0.1',
      'a..b@example.com',
      'a@-example.com',
    ]) {
      const res = await w.buy(w.kioskA, w.body({ email }));
      expect(res.status, email).toBe(400);
      expect(await messageOf(res)).toBe(MESSAGES.checkout.invalidEmail);
    }
    expect(await countRows(w.t.db, 'purchases')).toBe(0);
    expect((await w.buy(w.kioskA, w.body({ email: 'Player.One+court@Example.co.id' }))).status).toBe(201);
  });
});
