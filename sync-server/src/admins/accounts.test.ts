// Accounts: changing one's own password, a super admin's reset to a one-time
// password, when each admin last logged in, and the audit log of admin changes.
import { ADMIN_MESSAGES, AUTH_MESSAGES, type AuditLogResponse } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, newDeviceId, type SeededAdmin, type TestApp } from '../testing/index.ts';

let t: TestApp;
let venueA: { id: number; name: string };
let superAdmin: SeededAdmin;
let adminA: SeededAdmin;

beforeEach(async () => {
  t = await makeTestApp();
  venueA = await t.seed.venue({ name: 'Arena A' });
  superAdmin = await t.seed.admin({ role: 'super_admin', email: 'boss@example.com' });
  adminA = await t.seed.admin({ role: 'admin', venueId: venueA.id, email: 'a@example.com' });
});
afterEach(() => t.close());

const login = (email: string, password: string) => t.call('login', { body: { email, password } }, { raw: true });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const auditLog = async (query = '', headers = superAdmin.headers) => {
  const res = await t.json('GET', `/api/audit-log${query}`, undefined, headers);
  expect(res.status).toBe(200);
  return (await res.json()) as AuditLogResponse;
};
const passwordHash = async (id: number) =>
  (await t.db.selectFrom('admins').select('passwordHash').where('id', '=', id).executeTakeFirstOrThrow()).passwordHash;

describe('PUT /api/admin/password', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const hash = await passwordHash(adminA.id);
    const res = await t.call(
      'changePassword',
      { body: { currentPassword: 'not mine at all', newPassword: 'brand new secret' } },
      { headers: adminA.headers, status: 401 },
    );
    expect(res).toEqual({ message: ADMIN_MESSAGES.wrongCurrentPassword });
    expect(await passwordHash(adminA.id)).toBe(hash);
    expect((await login(adminA.email, adminA.password)).status).toBe(200);
    expect((await auditLog('?action=admin.password_change')).total).toBe(0);
  });

  it('throttles guesses of the current password like the login', async () => {
    for (let i = 0; i < 5; i += 1) {
      await t.call(
        'changePassword',
        { body: { currentPassword: `guess-${i}-wrong`, newPassword: 'brand new secret' } },
        { headers: adminA.headers, status: 401 },
      );
    }
    await t.call(
      'changePassword',
      { body: { currentPassword: adminA.password, newPassword: 'brand new secret' } },
      { headers: adminA.headers, status: 429 },
    );
  });

  it('refuses a short new password with a clear 400', async () => {
    const res = await t.call(
      'changePassword',
      { body: { currentPassword: adminA.password, newPassword: 'short' } },
      { headers: adminA.headers, status: 400 },
    );
    expect(res).toEqual({ message: ADMIN_MESSAGES.passwordTooShort });
  });

  it('sets the new password: it logs in, the old fails, other sessions end and this one stays', async () => {
    const other = (await (await login(adminA.email, adminA.password)).json()) as { token: string };
    const res = await t.call(
      'changePassword',
      { body: { currentPassword: adminA.password, newPassword: 'brand new secret' } },
      { headers: adminA.headers, status: 200 },
    );
    expect(res).toEqual({ message: ADMIN_MESSAGES.passwordChanged });
    await t.call('verifySession', {}, { headers: adminA.headers, status: 200 });
    await t.call('verifySession', {}, { headers: bearer(other.token), status: 401 });
    expect((await login(adminA.email, adminA.password)).status).toBe(401);
    expect((await login(adminA.email, 'brand new secret')).status).toBe(200);
    const entry = (await auditLog('?action=admin.password_change')).entries[0];
    expect(entry).toMatchObject({ adminId: adminA.id, adminEmail: 'a@example.com', entity: 'admin', entityId: String(adminA.id) });
    expect(JSON.stringify(entry)).not.toContain('brand new secret');
  });
});

describe('POST /api/admin/{id}/reset-password', () => {
  it('gives a one-time password, shown once, stored only as a hash; old password and sessions end', async () => {
    const res = await t.call('resetAdminPassword', { params: { id: adminA.id } }, { headers: superAdmin.headers, status: 200 });
    const { password, message } = res;
    expect(message).toBe(ADMIN_MESSAGES.passwordReset);
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await passwordHash(adminA.id)).not.toContain(password);
    await t.call('verifySession', {}, { headers: adminA.headers, status: 401 });
    expect((await login(adminA.email, adminA.password)).status).toBe(401);
    expect((await login(adminA.email, password)).status).toBe(200);
    const { entries } = await auditLog('?action=admin.password_reset');
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(password);
  });

  it('a one-time password is one time: until the admin sets their own, only that, verify and logout answer', async () => {
    const reset = await t.call('resetAdminPassword', { params: { id: adminA.id } }, { headers: superAdmin.headers });
    const { password } = reset;
    const loggedIn = (await (await login(adminA.email, password)).json()) as { token: string; user: { mustChangePassword: boolean } };
    expect(loggedIn.user.mustChangePassword).toBe(true);
    const headers = bearer(loggedIn.token);
    const verify = await t.call('verifySession', {}, { headers });
    expect(verify.user.mustChangePassword).toBe(true);
    for (const [method, path] of [
      ['GET', '/api/transaction'],
      ['GET', '/api/device/all'],
      ['GET', '/api/error-log'],
      // Public for kiosks and the home screen, but a session on a one-time password reads no configuration.
      ['GET', '/api/admin/config'],
    ] as const) {
      const refused = await t.json(method, path, undefined, headers);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: AUTH_MESSAGES.mustChangePassword });
    }
    await t.call('changePassword', { body: { currentPassword: password, newPassword: 'my-own-password-7' } }, { headers, status: 200 });
    await t.call('listPurchases', {}, { headers, status: 200 });
    const after = await t.call('verifySession', {}, { headers });
    expect(after.user.mustChangePassword).toBe(false);
    // An admin who chose their own password never had to.
    const fresh = (await (await login(superAdmin.email, superAdmin.password)).json()) as { user: { mustChangePassword: boolean } };
    expect(fresh.user.mustChangePassword).toBe(false);
  });

  it('a venue admin cannot reset anyone, and a super admin cannot reset themselves here', async () => {
    const hash = await passwordHash(superAdmin.id);
    await t.call('resetAdminPassword', { params: { id: superAdmin.id } }, { headers: adminA.headers, status: 403 });
    expect(await passwordHash(superAdmin.id)).toBe(hash);
    await t.call('resetAdminPassword', { params: { id: superAdmin.id } }, { headers: superAdmin.headers, status: 400 });
    expect(await passwordHash(superAdmin.id)).toBe(hash);
    await t.call('resetAdminPassword', { params: { id: 999 } }, { headers: superAdmin.headers, status: 404 });
  });
});

describe('lastLoginAt', () => {
  it('is null until the admin logs in, then the time of the login', async () => {
    const before = await t.call('listAdmins', {}, { headers: superAdmin.headers });
    expect(before.find((a) => a.id === adminA.id)?.lastLoginAt).toBeNull();
    t.clock.set('2026-11-20T05:06:07.000Z');
    expect((await login(adminA.email, adminA.password)).status).toBe(200);
    const after = await t.call('listAdmins', {}, { headers: superAdmin.headers });
    expect(after.find((a) => a.id === adminA.id)?.lastLoginAt).toBe('2026-11-20T05:06:07.000Z');
  });
});

describe('audit log', () => {
  const actions: [string, () => Response | Promise<Response>, () => Partial<AuditLogResponse['entries'][number]>][] = [
    [
      'config.update',
      () => t.call('updateConfig', { body: { key: 'DEFAULT_PRICE', value: '7000' } }, { headers: superAdmin.headers, raw: true }),
      () => ({ entity: 'config', entityId: 'DEFAULT_PRICE', before: { DEFAULT_PRICE: '5000' }, after: { DEFAULT_PRICE: '7000' } }),
    ],
    [
      'admin.create',
      () =>
        t.call(
          'createAdmin',
          { body: { email: 'new@example.com', password: 'long enough', role: 'admin', venueId: venueA.id } },
          { headers: superAdmin.headers, raw: true },
        ),
      () => ({ entity: 'admin', before: null, after: { email: 'new@example.com', role: 'admin', venueId: venueA.id } }),
    ],
    [
      'admin.delete',
      () => t.call('deleteAdmin', { params: { id: adminA.id } }, { headers: superAdmin.headers, raw: true }),
      () => ({
        entity: 'admin',
        entityId: String(adminA.id),
        before: { email: 'a@example.com', role: 'admin', venueId: venueA.id },
        after: null,
      }),
    ],
    [
      'promo.create',
      () =>
        t.call(
          'createPromo',
          { body: { name: 'Opening', code: 'open10', quota: 3, amount: 0, percent: 10 } },
          { headers: superAdmin.headers, raw: true },
        ),
      () => ({ entity: 'promo', before: null, after: expect.objectContaining({ code: 'OPEN10', percent: 10, quota: 3 }) }),
    ],
    [
      'promo.update',
      async () => {
        const promo = await t.seed.promo({ code: 'TEN', percent: 10, quota: 5 });
        return t.call(
          'updatePromo',
          { params: { id: promo.id }, body: { name: 'Ten', code: 'TEN', quota: 10, amount: 0, percent: 20 } },
          { headers: superAdmin.headers, raw: true },
        );
      },
      () => ({
        entity: 'promo',
        before: expect.objectContaining({ percent: 10, quota: 5 }),
        after: expect.objectContaining({ percent: 20, quota: 10 }),
      }),
    ],
    [
      'promo.delete',
      async () => {
        const promo = await t.seed.promo({ code: 'GONE', percent: 10 });
        return t.call('deletePromo', { params: { id: promo.id } }, { headers: superAdmin.headers, raw: true });
      },
      () => ({ entity: 'promo', before: expect.objectContaining({ code: 'GONE' }), after: null }),
    ],
    [
      'venue.update',
      () => t.call('updateVenue', { params: { id: venueA.id }, body: { name: 'Arena Prime' } }, { headers: superAdmin.headers, raw: true }),
      () => ({
        entity: 'venue',
        venueId: venueA.id,
        before: expect.objectContaining({ name: 'Arena A' }),
        after: expect.objectContaining({ name: 'Arena Prime' }),
      }),
    ],
    [
      'field.create',
      () => t.call('createField', { body: { venueId: venueA.id, name: 'Court 9' } }, { headers: superAdmin.headers, raw: true }),
      () => ({ entity: 'field', venueId: venueA.id, before: null, after: expect.objectContaining({ name: 'Court 9' }) }),
    ],
    [
      'field.update',
      async () => {
        const field = await t.seed.field({ venueId: venueA.id, name: 'Court 1' });
        return t.call(
          'updateField',
          { params: { id: field.id }, body: { name: 'Centre Court' } },
          { headers: superAdmin.headers, raw: true },
        );
      },
      () => ({
        entity: 'field',
        venueId: venueA.id,
        before: expect.objectContaining({ name: 'Court 1' }),
        after: expect.objectContaining({ name: 'Centre Court' }),
      }),
    ],
    [
      'field.delete',
      async () => {
        const field = await t.seed.field({ venueId: venueA.id, name: 'Old Court' });
        return t.call('deleteField', { params: { id: field.id } }, { headers: superAdmin.headers, raw: true });
      },
      () => ({ entity: 'field', venueId: venueA.id, before: expect.objectContaining({ name: 'Old Court' }), after: null }),
    ],
    [
      'device.staging',
      async () => {
        const device = await t.seed.device({ venueId: venueA.id });
        return t.call(
          'setDeviceStaging',
          { body: { deviceId: device.deviceId, staging: true } },
          { headers: superAdmin.headers, raw: true },
        );
      },
      () => ({ entity: 'device', venueId: venueA.id, after: { staging: true } }),
    ],
    [
      'device.name',
      async () => {
        const device = await t.seed.device({ venueId: venueA.id });
        return t.call(
          'nameDevice',
          { params: { deviceId: device.deviceId }, body: { name: 'Court 1 kiosk' } },
          { headers: superAdmin.headers, raw: true },
        );
      },
      () => ({ entity: 'device', venueId: venueA.id, after: { name: 'Court 1 kiosk' } }),
    ],
    [
      'device.field',
      async () => {
        const device = await t.seed.device({ venueId: venueA.id });
        const field = await t.seed.field({ venueId: venueA.id });
        return t.call(
          'assignDeviceField',
          { body: { deviceId: device.deviceId, fieldId: field.id } },
          { headers: superAdmin.headers, raw: true },
        );
      },
      () => ({ entity: 'device', venueId: venueA.id, after: { fieldId: expect.any(Number) } }),
    ],
    [
      'device.replace',
      async () => {
        const device = await t.seed.device({ venueId: venueA.id });
        return t.call(
          'replaceDevice',
          { params: { deviceId: device.deviceId }, body: { newDeviceId: newDeviceId() } },
          { headers: superAdmin.headers, raw: true },
        );
      },
      () => ({ entity: 'device', venueId: venueA.id, before: { deviceId: expect.any(String) }, after: { deviceId: expect.any(String) } }),
    ],
    [
      'cms.remove',
      async () => {
        await t.seed.config('CMS_PROMO_VIDEO_PORTRAIT', '/media/portrait-promo.mp4');
        return t.call('deletePortraitPromoVideo', {}, { headers: superAdmin.headers, raw: true });
      },
      () => ({ entity: 'config', entityId: 'CMS_PROMO_VIDEO_PORTRAIT', after: null }),
    ],
    [
      'staff_pin.set',
      () => t.call('setStaffPin', { body: { venueId: venueA.id, pin: '4321' } }, { headers: superAdmin.headers, raw: true }),
      () => ({ entity: 'staff_pin', venueId: venueA.id, after: { set: true } }),
    ],
  ];
  it.each(actions)('%s records who, when, what, old and new value', async (action, act, expected) => {
    await t.seed.config('DEFAULT_PRICE', '5000');
    t.clock.set('2026-11-20T04:00:00.000Z');
    const res = await act();
    expect(res.status).toBeLessThan(300);
    const { entries, total } = await auditLog(`?action=${action}`);
    expect(total).toBe(1);
    expect(entries[0]).toMatchObject({
      at: '2026-11-20T04:00:00.000Z',
      adminId: superAdmin.id,
      adminEmail: 'boss@example.com',
      action,
      ...expected(),
    });
    expect(JSON.stringify(entries)).not.toMatch(/long enough|scrypt|4321/);
  });

  it('is for super admins only', async () => {
    await t.call('listAuditLog', {}, { status: 401 });
    await t.call('listAuditLog', {}, { headers: adminA.headers, status: 403 });
  });

  it('filters by admin, entity and Jakarta days, and refuses an end before the start', async () => {
    t.clock.set('2026-11-19T16:59:00.000Z'); // 23:59 on the 19th in Jakarta
    await t.call('updateConfig', { body: { key: 'DEFAULT_PRICE', value: '7000' } }, { headers: superAdmin.headers });
    t.clock.set('2026-11-19T17:00:00.000Z'); // 00:00 on the 20th in Jakarta
    await t.call(
      'changePassword',
      { body: { currentPassword: adminA.password, newPassword: 'brand new secret' } },
      { headers: adminA.headers },
    );
    expect((await auditLog('?from=2026-11-19&to=2026-11-19')).entries.map((e) => e.action)).toEqual(['config.update']);
    expect((await auditLog('?from=2026-11-20')).entries.map((e) => e.action)).toEqual(['admin.password_change']);
    expect((await auditLog(`?adminId=${adminA.id}`)).total).toBe(1);
    expect((await auditLog('?entity=config')).total).toBe(1);
    await t.call('listAuditLog', { query: { from: '2026-11-20', to: '2026-11-19' } }, { headers: superAdmin.headers, status: 400 });
    expect(await countRows(t.db, 'audit_log')).toBe(2);
  });
});
