// The staff PIN: set per venue by its admins, stored hashed, never published;
// checked for a kiosk of the venue, with wrong PINs throttled as failed logins are.
import { STAFF_PIN_MESSAGES, SERVER_MESSAGES } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password.ts';
import { FAST_SCRYPT, makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';
import { upsertStaffPin } from './queries.ts';

let t: TestApp;
let superAdmin: SeededAdmin;
let adminA: SeededAdmin;
let venueA: { id: number };
let venueB: { id: number };
let kioskA: { headers: Record<string, string> };
let kioskB: { headers: Record<string, string> };

beforeEach(async () => {
  t = await makeTestApp();
  venueA = await t.seed.venue({ name: 'Arena A' });
  venueB = await t.seed.venue({ name: 'Arena B' });
  superAdmin = await t.seed.admin({ role: 'super_admin' });
  adminA = await t.seed.admin({ role: 'admin', venueId: venueA.id });
  kioskA = await t.seed.device({ venueId: venueA.id });
  kioskB = await t.seed.device({ venueId: venueB.id });
});
afterEach(() => t.close());

const setPin = (venueId: number, pin: string | null, headers = adminA.headers) =>
  t.call('setStaffPin', { body: { venueId, pin } }, { headers, raw: true });
const verify = (pin: unknown, headers = kioskA.headers) => t.json('POST', '/api/staff-pin/verify', { pin }, headers);
const required = async (headers = kioskA.headers) => (await t.call('staffPinStatus', {}, { headers })).required;
const storedRows = () => t.db.selectFrom('staff_pins').selectAll().execute();

describe('staff PIN', () => {
  it("lets a venue admin set their venue's PIN, stored as a hash only; the kiosk then needs it, the other venue's does not", async () => {
    expect(await required()).toBe(false);
    const res = await setPin(venueA.id, '4821');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: STAFF_PIN_MESSAGES.saved, set: true });
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.pinHash).not.toContain('4821');
    expect(rows[0]!.pinHash).toMatch(/^scrypt\$/);
    expect(await required()).toBe(true);
    expect(await required(kioskB.headers)).toBe(false);

    // Never published: not in the list, not in any configuration a kiosk or admin reads.
    const list = await (await t.call('listStaffPins', {}, { headers: adminA.headers, raw: true })).text();
    expect(list).not.toContain('4821');
    expect(list).not.toContain(rows[0]!.pinHash);
    expect(JSON.parse(list)).toEqual({ venues: [{ venueId: venueA.id, updatedAt: expect.any(String) }] });
    for (const headers of [kioskA.headers, superAdmin.headers, {}]) {
      const config = await (await t.call('getConfig', {}, { headers, raw: true })).text();
      expect(config).not.toContain('4821');
    }
  });

  it('accepts the right PIN and refuses a wrong one (403); without a PIN set anything passes', async () => {
    expect((await verify('0000')).status).toBe(200);
    await setPin(venueA.id, '4821');
    const wrong = await verify('1234');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ message: STAFF_PIN_MESSAGES.wrong });
    const right = await verify('4821');
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ message: STAFF_PIN_MESSAGES.accepted, ok: true });
    // Venue B's kiosk is not asked for venue A's PIN.
    expect((await verify('1234', kioskB.headers)).status).toBe(200);
  });

  it('makes a kiosk wait after 5 wrong PINs, as logins do, and the right PIN clears the count', async () => {
    await setPin(venueA.id, '4821');
    for (let i = 0; i < 5; i++) expect((await verify('1111')).status).toBe(403);
    const throttled = await verify('4821');
    expect(throttled.status).toBe(429);
    expect(await throttled.json()).toEqual({ message: STAFF_PIN_MESSAGES.waitBeforeRetry(1), retryAfterSeconds: 1 });
    // Another kiosk and the admins' logins are not slowed by this kiosk's mistakes.
    expect((await verify('0000', kioskB.headers)).status).toBe(200);
    t.clock.advance(1_000);
    expect((await verify('4821')).status).toBe(200);
    expect((await verify('1111')).status).toBe(403);
  });

  it('checks at most 5 of 30 simultaneous wrong PINs (the rest 429), while simultaneous right PINs all pass', async () => {
    // Hashed cheaply, as seeded admins are: forty OWASP-strength checks would only test the CPU.
    await upsertStaffPin(t.db, {
      venueId: venueA.id,
      pinHash: await hashPassword('4821', FAST_SCRYPT),
      updatedAt: t.clock.now().toISOString(),
    });
    const right = await Promise.all(Array.from({ length: 10 }, () => verify('4821')));
    expect(right.map((r) => r.status)).toEqual(Array(10).fill(200));
    const wrong = await Promise.all(Array.from({ length: 30 }, (_, i) => verify(String(1000 + i))));
    const statuses = wrong.map((r) => r.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  it('refuses bad input with a clear 400 and changes nothing; other venues and strangers are refused', async () => {
    for (const pin of ['12', '123456789', 'abcd', '12 34', 1234]) {
      const res = await setPin(venueA.id, pin as string);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await setPin(-1, '1234')).status).toBe(400);
    const extra = await t.json('PUT', '/api/admin/staff-pin', { venueId: venueA.id, pin: '1234', plain: true }, adminA.headers);
    expect(extra.status).toBe(400);
    expect(await storedRows()).toEqual([]);

    const other = await setPin(venueB.id, '1234');
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ message: SERVER_MESSAGES.access.ownVenueOnly });
    expect((await setPin(venueB.id, '1234', {})).status).toBe(401);
    expect((await setPin(999_999, '1234', superAdmin.headers)).status).toBe(404);
    expect(await storedRows()).toEqual([]);

    await setPin(venueA.id, '4821');
    const badVerify = await verify('12ab');
    expect(badVerify.status).toBe(400);
    expect(await badVerify.json()).toEqual({ message: STAFF_PIN_MESSAGES.invalid });
    expect((await verify('4821', {})).status).toBe(401);
  });

  it('lets a super admin set any venue and an admin remove their PIN', async () => {
    expect((await setPin(venueB.id, '7777', superAdmin.headers)).status).toBe(200);
    await setPin(venueA.id, '4821');
    const list = await t.call('listStaffPins', {}, { headers: adminA.headers });
    expect(list).toEqual({ venues: [{ venueId: venueA.id, updatedAt: expect.any(String) }] });
    const removed = await setPin(venueA.id, null);
    expect(await removed.json()).toEqual({ message: STAFF_PIN_MESSAGES.removed, set: false });
    expect(await required()).toBe(false);
    expect(await required(kioskB.headers)).toBe(true);
  });
});
