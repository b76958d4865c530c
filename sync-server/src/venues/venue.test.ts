import { MESSAGES, VENUE_MESSAGES, type Venue } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';

let t: TestApp;
let venueA: { id: number };
let venueB: { id: number };
let superAdmin: SeededAdmin;
let adminA: SeededAdmin;

beforeEach(async () => {
  t = await makeTestApp();
  venueA = await t.seed.venue({ name: 'Arena A', location: 'Jakarta' });
  venueB = await t.seed.venue({ name: 'Arena B', location: 'Bandung' });
  superAdmin = await t.seed.admin({ role: 'super_admin' });
  adminA = await t.seed.admin({ role: 'admin', venueId: venueA.id });
});
afterEach(() => t.close());

const venueNames = async (res: Response) => ((await res.json()) as Venue[]).map((v) => v.name);

describe('GET /api/venue', () => {
  it('shows a super admin every venue and an admin only their own', async () => {
    expect(await venueNames(await t.call('listVenues', {}, { headers: superAdmin.headers, raw: true }))).toEqual(['Arena A', 'Arena B']);
    expect(await venueNames(await t.call('listVenues', {}, { headers: adminA.headers, raw: true }))).toEqual(['Arena A']);
  });

  it('answers 401 to anonymous callers', async () => {
    await t.call('listVenues', {}, { status: 401 });
  });
});

describe('creating, changing and deleting venues', () => {
  it('creates a venue (the old client sends deviceId: null)', async () => {
    const body = await t.call(
      'createVenue',
      { body: { name: ' Padel Club ', location: 'Bali', deviceId: null } },
      { headers: superAdmin.headers, status: 201 },
    );
    expect(body).toMatchObject({ message: VENUE_MESSAGES.created, venue: { name: 'Padel Club', location: 'Bali' } });
    expect(await countRows(t.db, 'venues')).toBe(3);
  });

  it('stores hostile text as text', async () => {
    const name = `<img src=x onerror=alert(1)>'; DROP TABLE venues; --`;
    await t.call('createVenue', { body: { name, location: 'Bali' } }, { headers: superAdmin.headers, status: 201 });
    expect(await venueNames(await t.call('listVenues', {}, { headers: superAdmin.headers, raw: true }))).toContain(name);
  });

  it.each([
    [{ location: 'Bali' }, MESSAGES.venues.requiredFields],
    [{ name: '   ', location: 'Bali' }, MESSAGES.venues.requiredFields],
    [{ name: 'Club', location: '' }, MESSAGES.venues.requiredFields],
    [{ name: 7, location: 'Bali' }, MESSAGES.venues.requiredFields],
    [{ name: 'x'.repeat(101), location: 'Bali' }, 'name must be at most 100 characters'],
    [{ name: 'Two\nlines', location: 'Bali' }, 'Line breaks and control characters are not allowed'],
    [{ name: 'Club', location: 'Bali', owner: 'me' }, 'Unknown field: owner'],
    [{ name: 'Club', location: 'Bali', deviceId: 'abc' }, 'deviceId must be null'],
  ])('refuses %j with 400 and creates nothing', async (body, message) => {
    const res = await t.json('POST', '/api/venue/create', body, superAdmin.headers);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(await countRows(t.db, 'venues')).toBe(2);
  });

  it('updates a venue; an empty name is refused with the spec message', async () => {
    const ok = await t.call(
      'updateVenue',
      { params: { id: venueA.id }, body: { name: 'Arena Prime', location: 'Jakarta Selatan' } },
      { headers: superAdmin.headers, status: 200 },
    );
    expect(ok).toMatchObject({ venue: { id: venueA.id, name: 'Arena Prime', location: 'Jakarta Selatan' } });
    const bad = await t.call(
      'updateVenue',
      { params: { id: venueA.id }, body: { name: ' ' } },
      { headers: superAdmin.headers, status: 400 },
    );
    expect(bad).toEqual({ message: MESSAGES.venues.venueNameEmpty });
    const row = await t.db.selectFrom('venues').selectAll().where('id', '=', venueA.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Arena Prime');
    await t.call('updateVenue', { params: { id: 999 }, body: { name: 'X' } }, { headers: superAdmin.headers, status: 404 });
  });

  it("sets the venue's kiosk language: 'en' by default, 'id' when chosen, anything else refused", async () => {
    const created = await t.call('createVenue', { body: { name: 'Club', location: 'Bali' } }, { headers: superAdmin.headers });
    expect(created.venue.language).toBe('en');
    const ok = await t.call(
      'updateVenue',
      { params: { id: venueA.id }, body: { name: 'Arena A', language: 'id' } },
      { headers: superAdmin.headers, status: 200 },
    );
    expect(ok).toMatchObject({ venue: { id: venueA.id, language: 'id', location: 'Jakarta' } });
    for (const language of ['fr', '', 7, null]) {
      const bad = await t.json('PUT', `/api/venue/${venueA.id}`, { name: 'Arena A', language }, superAdmin.headers);
      expect(bad.status, String(language)).toBe(400);
      expect(await bad.json()).toEqual({ message: 'language must be en or id' });
    }
    // Renaming without a language keeps it.
    await t.call('updateVenue', { params: { id: venueA.id }, body: { name: 'Arena Prime' } }, { headers: superAdmin.headers });
    const row = await t.db.selectFrom('venues').select(['name', 'language']).where('id', '=', venueA.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Arena Prime', language: 'id' });
  });

  it('deletes a venue with its courts and kiosks', async () => {
    const court = await t.seed.field({ venueId: venueA.id });
    await t.seed.field({ venueId: venueB.id });
    await t.seed.device({ venueId: venueA.id, fieldId: court.id });
    await t.call('deleteVenue', { params: { id: venueA.id } }, { headers: superAdmin.headers, status: 200 });
    expect(await t.db.selectFrom('fields').select('venueId').execute()).toEqual([{ venueId: venueB.id }]);
    expect(await countRows(t.db, 'devices')).toBe(0);
    await t.call('deleteVenue', { params: { id: venueA.id } }, { headers: superAdmin.headers, status: 404 });
  });

  it.each([
    ['POST', '/api/venue/create', { name: 'Club', location: 'Bali' }],
    ['PUT', '/api/venue/1', { name: 'Renamed' }],
    ['DELETE', '/api/venue/1', undefined],
  ])('%s %s is for super admins only', async (method, path, body) => {
    expect((await t.json(method, path, body)).status).toBe(401);
    expect((await t.json(method, path, body, adminA.headers)).status).toBe(403);
    expect(await venueNames(await t.call('listVenues', {}, { headers: superAdmin.headers, raw: true }))).toEqual(['Arena A', 'Arena B']);
  });
});
