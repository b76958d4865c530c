import { ADMIN_MESSAGES } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';

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

describe('role matrix for admin management', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/all'],
    ['GET', '/api/admin/venues'],
    ['POST', '/api/admin/create', { email: 'new@example.com', password: 'long enough', role: 'super_admin' }],
    ['DELETE', '/api/admin/1'],
  ];
  it.each(calls)('%s %s: 401 anonymous, 403 for an admin', async (method, path, body) => {
    const anon = await t.json(method, path, body);
    expect(anon.status).toBe(401);
    const asAdmin = await t.json(method, path, body, adminA.headers);
    expect(asAdmin.status).toBe(403);
    expect(await asAdmin.json()).toEqual({ message: 'Only a super admin can do this.' });
    expect(await countRows(t.db, 'admins')).toBe(2);
  });
});

describe('GET /api/admin/all and /api/admin/venues', () => {
  it('lists admins with their assigned venues', async () => {
    const list = await t.call('listAdmins', {}, { headers: superAdmin.headers, status: 200 });
    expect(list.map((a) => [a.email, a.role, a.venues])).toEqual([
      ['boss@example.com', 'super_admin', []],
      ['a@example.com', 'admin', [{ id: venueA.id, name: 'Arena A' }]],
    ]);
    expect(JSON.stringify(list)).not.toContain('scrypt');
  });

  it('lists the venues an admin can be assigned to', async () => {
    const res = await t.call('listAdminVenues', {}, { headers: superAdmin.headers });
    expect(res).toEqual([expect.objectContaining({ id: venueA.id, name: 'Arena A' })]);
  });
});

describe('POST /api/admin/create', () => {
  it('creates an admin of a venue who can then log in', async () => {
    const body = await t.call(
      'createAdmin',
      { body: { email: 'New@Example.com', password: 'long enough', role: 'admin', venueId: venueA.id } },
      { headers: superAdmin.headers, status: 201 },
    );
    expect(body).toMatchObject({ message: ADMIN_MESSAGES.created, admin: { email: 'new@example.com', role: 'admin', venueId: venueA.id } });
    await t.call('login', { body: { email: 'new@example.com', password: 'long enough' } }, { status: 200 });
  });

  it('creates a super admin without a venue (the client role name is accepted too)', async () => {
    const res = await t.call(
      'createAdmin',
      { body: { email: 'boss2@example.com', password: 'long enough', role: 'superadmin', venueId: venueA.id } },
      { headers: superAdmin.headers, status: 201 },
    );
    expect(res).toMatchObject({ admin: { role: 'super_admin', venueId: null, venues: [] } });
  });

  it('answers 409 for an e-mail that exists, whatever its case', async () => {
    const res = await t.call(
      'createAdmin',
      { body: { email: 'A@EXAMPLE.COM', password: 'long enough', role: 'admin', venueId: venueA.id } },
      { headers: superAdmin.headers, status: 409 },
    );
    expect(res).toEqual({ message: ADMIN_MESSAGES.emailTaken });
    expect(await countRows(t.db, 'admins')).toBe(2);
  });

  const valid = { email: 'new@example.com', password: 'long enough', role: 'admin', venueId: 1 };
  it.each([
    [{ ...valid, email: undefined }, 'Email and password fields are required'],
    [{ ...valid, password: '' }, 'Email and password fields are required'],
    [{ ...valid, password: ' '.repeat(12) }, 'Email and password fields are required'],
    [{ ...valid, email: 'not-an-email' }, ADMIN_MESSAGES.invalidEmail],
    [{ ...valid, email: '<script>alert(1)</script>@x' }, ADMIN_MESSAGES.invalidEmail],
    [{ ...valid, password: 'short' }, ADMIN_MESSAGES.passwordTooShort],
    [{ ...valid, password: 'x'.repeat(201) }, 'password must be at most 200 characters'],
    [{ ...valid, venueId: undefined }, 'Please select a venue for this admin'],
    [{ ...valid, venueId: 'one' }, 'venueId must be a number'],
    [{ ...valid, role: 'owner' }, 'Role must be admin or super_admin'],
    [{ ...valid, isRoot: true }, 'Unknown field: isRoot'],
    [{ ...valid, venueId: 999 }, ADMIN_MESSAGES.venueNotFound],
  ])('refuses %j with a clear 400 and creates nothing', async (body, message) => {
    const res = await t.json(
      'POST',
      '/api/admin/create',
      { ...body, venueId: body.venueId === 1 ? venueA.id : body.venueId },
      superAdmin.headers,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(await countRows(t.db, 'admins')).toBe(2);
  });
});

describe('DELETE /api/admin/:id', () => {
  it('deletes an admin and ends their sessions at once', async () => {
    await t.call('listVenues', {}, { headers: adminA.headers, status: 200 });
    const res = await t.call('deleteAdmin', { params: { id: adminA.id } }, { headers: superAdmin.headers, status: 200 });
    expect(res).toEqual({ message: ADMIN_MESSAGES.deleted });
    await t.call('listVenues', {}, { headers: adminA.headers, status: 401 });
    expect(await t.db.selectFrom('sessions').select('id').where('adminId', '=', adminA.id).execute()).toEqual([]);
  });

  it('refuses to delete yourself, so the last super admin always stays', async () => {
    const res = await t.call('deleteAdmin', { params: { id: superAdmin.id } }, { headers: superAdmin.headers, status: 400 });
    expect(res).toEqual({ message: ADMIN_MESSAGES.cannotDeleteSelf });
    expect(await countRows(t.db, 'admins')).toBe(2);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['999', 'abc', '-1', '1.5']) {
      const res = await t.call('deleteAdmin', { params: { id } }, { headers: superAdmin.headers, raw: true });
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ message: ADMIN_MESSAGES.notFound });
    }
  });
});
