// The back-office's language, remembered per admin: PUT /api/admin/me/language
// sets the signed-in admin's own choice, which login and verify answer as user.language.
import { ADMIN_MESSAGES } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';

let t: TestApp;
let superAdmin: SeededAdmin;
let adminA: SeededAdmin;

beforeEach(async () => {
  t = await makeTestApp();
  const venueA = await t.seed.venue({ name: 'Arena A' });
  superAdmin = await t.seed.admin({ role: 'super_admin', email: 'boss@example.com' });
  adminA = await t.seed.admin({ role: 'admin', venueId: venueA.id, email: 'a@example.com' });
});
afterEach(() => t.close());

const setLanguage = (language: unknown, headers: Record<string, string>) => t.json('PUT', '/api/admin/me/language', { language }, headers);
const loginLanguage = async (admin: SeededAdmin) => {
  const res = await t.call('login', { body: { email: admin.email, password: admin.password } }, { status: 200 });
  return res.user.language;
};
const verifyLanguage = async (admin: SeededAdmin) => {
  const res = await t.call('verifySession', {}, { headers: admin.headers, status: 200 });
  return res.user.language;
};
const storedLanguage = async (id: number) =>
  (await t.db.selectFrom('admins').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language;

describe('PUT /api/admin/me/language', () => {
  it('starts every admin in English', async () => {
    expect(await loginLanguage(adminA)).toBe('en');
    expect(await verifyLanguage(superAdmin)).toBe('en');
  });

  it("keeps an admin's choice for their next login and session check", async () => {
    const res = await setLanguage('id', adminA.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: ADMIN_MESSAGES.languageSaved, language: 'id' });
    expect(await verifyLanguage(adminA)).toBe('id');
    expect(await loginLanguage(adminA)).toBe('id');

    expect((await setLanguage('en', adminA.headers)).status).toBe(200);
    expect(await loginLanguage(adminA)).toBe('en');
  });

  it("changes only the caller's choice, never another admin's", async () => {
    expect((await setLanguage('id', superAdmin.headers)).status).toBe(200);
    expect(await storedLanguage(superAdmin.id)).toBe('id');
    expect(await storedLanguage(adminA.id)).toBe('en');
    expect(await verifyLanguage(adminA)).toBe('en');
    expect(await loginLanguage(adminA)).toBe('en');
  });

  it.each([['fr'], ['EN'], [''], [null], [1]])('refuses the language %j with a clear 400 and changes nothing', async (language) => {
    expect((await setLanguage('id', adminA.headers)).status).toBe(200);
    const res = await setLanguage(language, adminA.headers);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: ADMIN_MESSAGES.languageInvalid });
    expect(await storedLanguage(adminA.id)).toBe('id');
  });

  it('refuses a body with anything else in it, and a caller who is not logged in', async () => {
    const extra = await t.json('PUT', '/api/admin/me/language', { language: 'id', adminId: superAdmin.id }, adminA.headers);
    expect(extra.status).toBe(400);
    expect(await storedLanguage(superAdmin.id)).toBe('en');
    expect(await storedLanguage(adminA.id)).toBe('en');
    expect((await setLanguage('id', {})).status).toBe(401);
  });

  it('lets an admin holding a one-time password switch the page that asks for a new one', async () => {
    const reset = await t.call('resetAdminPassword', { params: { id: adminA.id } }, { headers: superAdmin.headers, status: 200 });
    const { password } = reset;
    const login = await t.call('login', { body: { email: adminA.email, password } });
    const { token } = login;
    expect((await setLanguage('id', { Authorization: `Bearer ${token}` })).status).toBe(200);
    expect(await storedLanguage(adminA.id)).toBe('id');
  });
});
