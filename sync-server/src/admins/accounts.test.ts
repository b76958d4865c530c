// Accounts (issue 14 point 6): changing one's own password, a super admin's one-time password for
// another admin, and when each admin last logged in.
import { ADMIN_MESSAGES, type AdminListItem, type LoginResponse, type ResetPasswordResponse } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';

let t: TestApp;
let superAdmin: SeededAdmin;
let adminA: SeededAdmin;

beforeEach(async () => {
  t = await makeTestApp();
  const venue = await t.seed.venue({ name: 'Arena A' });
  superAdmin = await t.seed.admin({ role: 'super_admin', email: 'boss@example.com' });
  adminA = await t.seed.admin({ role: 'admin', venueId: venue.id, email: 'a@example.com', password: 'first password 1' });
});
afterEach(() => t.close());

const login = (email: string, password: string) => t.json('POST', '/api/admin/login', { email, password });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const verify = async (token: string) => (await t.json('GET', '/api/admin/verify', undefined, bearer(token))).status;

describe('PUT /api/admin/password', () => {
  it('changes the password: the old one stops working, this session stays and the others end', async () => {
    const other = ((await (await login('a@example.com', 'first password 1')).json()) as LoginResponse).token;
    const res = await t.json(
      'PUT',
      '/api/admin/password',
      { currentPassword: 'first password 1', newPassword: 'second password 2' },
      adminA.headers,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: ADMIN_MESSAGES.passwordChanged });

    expect((await login('a@example.com', 'first password 1')).status).toBe(401);
    expect((await login('a@example.com', 'second password 2')).status).toBe(200);
    expect(await verify(adminA.token)).toBe(200);
    expect(await verify(other)).toBe(401);
  });

  it('refuses a wrong current password (400, the session kept) and changes nothing; repeated guesses are throttled', async () => {
    const wrong = { currentPassword: 'not my password', newPassword: 'second password 2' };
    const res = await t.json('PUT', '/api/admin/password', wrong, adminA.headers);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: ADMIN_MESSAGES.wrongCurrentPassword });
    expect((await login('a@example.com', 'first password 1')).status).toBe(200);
    expect(await verify(adminA.token)).toBe(200);

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.json('PUT', '/api/admin/password', wrong, adminA.headers)).status);
    expect(statuses.at(-1)).toBe(429);
    // The same throttle as the login's: that pair now waits there too.
    expect((await login('a@example.com', 'first password 1')).status).toBe(429);
  });

  it.each([
    [{ currentPassword: 'first password 1', newPassword: 'short' }, ADMIN_MESSAGES.passwordTooShort],
    [{ currentPassword: 'first password 1', newPassword: '          ' }, ADMIN_MESSAGES.passwordTooShort],
    [{ currentPassword: 'first password 1', newPassword: 'first password 1' }, ADMIN_MESSAGES.samePassword],
    [{ newPassword: 'second password 2' }, ADMIN_MESSAGES.wrongCurrentPassword],
  ])('refuses %j with a clear message', async (body, message) => {
    const res = await t.json('PUT', '/api/admin/password', body, adminA.headers);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect((await login('a@example.com', 'first password 1')).status).toBe(200);
  });

  it('needs a session', async () => {
    expect((await t.json('PUT', '/api/admin/password', { currentPassword: 'x', newPassword: 'long enough 1' })).status).toBe(401);
  });
});

describe('POST /api/admin/{id}/reset-password', () => {
  it('gives a one-time password shown once: it logs in, old sessions end, and the admin is asked to choose their own', async () => {
    const res = await t.json('POST', `/api/admin/${adminA.id}/reset-password`, undefined, superAdmin.headers);
    expect(res.status).toBe(200);
    const { password, message } = (await res.json()) as ResetPasswordResponse;
    expect(message).toBe(ADMIN_MESSAGES.passwordReset);
    expect(password).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
    const stored = await t.db.selectFrom('admins').select('passwordHash').where('id', '=', adminA.id).executeTakeFirstOrThrow();
    expect(stored.passwordHash).not.toContain(password);

    expect(await verify(adminA.token)).toBe(401);
    expect((await login('a@example.com', 'first password 1')).status).toBe(401);
    const signedIn = (await (await login('a@example.com', password)).json()) as LoginResponse;
    expect(signedIn.user.mustChangePassword).toBe(true);

    await t.json('PUT', '/api/admin/password', { currentPassword: password, newPassword: 'my own password 3' }, bearer(signedIn.token));
    const again = (await (await login('a@example.com', 'my own password 3')).json()) as LoginResponse;
    expect(again.user.mustChangePassword).toBe(false);
  });

  it('is for super admins only, never for oneself, and 404 for an unknown admin', async () => {
    expect((await t.json('POST', `/api/admin/${superAdmin.id}/reset-password`, undefined, adminA.headers)).status).toBe(403);
    const self = await t.json('POST', `/api/admin/${superAdmin.id}/reset-password`, undefined, superAdmin.headers);
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ message: ADMIN_MESSAGES.cannotResetSelf });
    expect((await t.json('POST', '/api/admin/999/reset-password', undefined, superAdmin.headers)).status).toBe(404);
    expect((await login('a@example.com', 'first password 1')).status).toBe(200);
  });
});

describe('last login', () => {
  it('is recorded at each successful login and listed for super admins', async () => {
    const list = async () => (await (await t.json('GET', '/api/admin/all', undefined, superAdmin.headers)).json()) as AdminListItem[];
    expect((await list()).find((a) => a.id === adminA.id)?.lastLoginAt).toBeNull();
    t.clock.advance(60_000);
    const at = t.clock.now().toISOString();
    await login('a@example.com', 'first password 1');
    t.clock.advance(60_000);
    await login('a@example.com', 'a wrong password');
    expect((await list()).find((a) => a.id === adminA.id)).toMatchObject({ lastLoginAt: at, mustChangePassword: false });
  });
});
