import { FIELD_MESSAGES, MESSAGES, type Device, type Field } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';

let t: TestApp;
let venueA: { id: number };
let venueB: { id: number };
let superAdmin: SeededAdmin;
let adminA: SeededAdmin;
let adminB: SeededAdmin;

beforeEach(async () => {
  t = await makeTestApp();
  venueA = await t.seed.venue({ name: 'Arena A' });
  venueB = await t.seed.venue({ name: 'Arena B' });
  superAdmin = await t.seed.admin({ role: 'super_admin' });
  adminA = await t.seed.admin({ role: 'admin', venueId: venueA.id });
  adminB = await t.seed.admin({ role: 'admin', venueId: venueB.id });
});
afterEach(() => t.close());

describe('GET /api/field/venue/:venueId', () => {
  it('lists a venue’s courts to its admin and super admins, not to other venues', async () => {
    await t.seed.field({ venueId: venueA.id, name: 'Court 2' });
    await t.seed.field({ venueId: venueA.id, name: 'Court 1' });
    await t.seed.field({ venueId: venueB.id, name: 'Other' });
    for (const who of [superAdmin, adminA]) {
      const res = await t.json('GET', `/api/field/venue/${venueA.id}`, undefined, who.headers);
      expect(res.status).toBe(200);
      expect(((await res.json()) as Field[]).map((f) => f.name)).toEqual(['Court 1', 'Court 2']);
    }
    expect((await t.json('GET', `/api/field/venue/${venueA.id}`, undefined, adminB.headers)).status).toBe(403);
    expect((await t.json('GET', `/api/field/venue/${venueA.id}`)).status).toBe(401);
    expect((await t.json('GET', '/api/field/venue/999', undefined, superAdmin.headers)).status).toBe(404);
  });
});

describe('managing courts', () => {
  it('creates, renames and deletes a court', async () => {
    const created = await t.json('POST', '/api/field/create', { name: 'Court 1', venueId: venueA.id }, superAdmin.headers);
    expect(created.status).toBe(201);
    const { field } = (await created.json()) as { field: Field };
    expect(field).toMatchObject({ name: 'Court 1', venueId: venueA.id });

    const renamed = await t.json('PUT', `/api/field/${field.id}`, { name: 'Centre Court' }, superAdmin.headers);
    expect(await renamed.json()).toMatchObject({ message: FIELD_MESSAGES.updated, field: { name: 'Centre Court' } });

    const empty = await t.json('PUT', `/api/field/${field.id}`, { name: '' }, superAdmin.headers);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: MESSAGES.venues.fieldNameEmpty });

    const device = await t.seed.device({ venueId: venueA.id, fieldId: field.id });
    expect((await t.json('DELETE', `/api/field/${field.id}`, undefined, superAdmin.headers)).status).toBe(200);
    expect(await countRows(t.db, 'fields')).toBe(0);
    const kiosk = await t.db.selectFrom('devices').select(['venueId', 'fieldId']).where('id', '=', device.id).executeTakeFirst();
    expect(kiosk).toEqual({ venueId: venueA.id, fieldId: null });
    expect((await t.json('DELETE', `/api/field/${field.id}`, undefined, superAdmin.headers)).status).toBe(404);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ name: 'Court 1' }, MESSAGES.venues.selectVenueFirst],
    [{ name: 'Court 1', venueId: null }, MESSAGES.venues.selectVenueFirst],
    [{ venueId: 1 }, MESSAGES.venues.enterFieldName],
    [{ venueId: 1, name: '  ' }, MESSAGES.venues.enterFieldName],
    [{ venueId: '1', name: 'Court' }, 'venueId must be a number'],
    [{ venueId: 1, name: 'Court', extra: 1 }, 'Unknown field: extra'],
    [{ venueId: 999, name: 'Court' }, 'Venue not found'],
  ])('refuses %j with 400 and creates nothing', async (body, message) => {
    const res = await t.json('POST', '/api/field/create', body.venueId === 1 ? { ...body, venueId: venueA.id } : body, superAdmin.headers);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(await countRows(t.db, 'fields')).toBe(0);
  });

  it('is for super admins only', async () => {
    const court = await t.seed.field({ venueId: venueA.id, name: 'Court 1' });
    expect((await t.json('POST', '/api/field/create', { name: 'X', venueId: venueA.id }, adminA.headers)).status).toBe(403);
    expect((await t.json('PUT', `/api/field/${court.id}`, { name: 'X' }, adminA.headers)).status).toBe(403);
    expect((await t.json('DELETE', `/api/field/${court.id}`, undefined, adminA.headers)).status).toBe(403);
    expect((await t.json('DELETE', `/api/field/${court.id}`)).status).toBe(401);
    expect(await t.db.selectFrom('fields').select('name').execute()).toEqual([{ name: 'Court 1' }]);
  });
});

describe('PUT /api/field/device', () => {
  it('puts a kiosk on a court of its venue, for the venue’s admin', async () => {
    const court = await t.seed.field({ venueId: venueA.id, name: 'Court 1' });
    const kiosk = await t.seed.device({ venueId: venueA.id });
    const res = await t.json('PUT', '/api/field/device', { deviceId: kiosk.deviceId, fieldId: court.id }, adminA.headers);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { device: Device }).device).toMatchObject({ fieldId: court.id, fieldName: 'Court 1' });
    const cleared = await t.json('PUT', '/api/field/device', { deviceId: kiosk.deviceId, fieldId: null }, superAdmin.headers);
    expect(((await cleared.json()) as { device: Device }).device.fieldId).toBeNull();
  });

  it('refuses another venue’s kiosk or court', async () => {
    const courtB = await t.seed.field({ venueId: venueB.id });
    const courtA = await t.seed.field({ venueId: venueA.id });
    const kioskA = await t.seed.device({ venueId: venueA.id });
    const otherCourt = await t.json('PUT', '/api/field/device', { deviceId: kioskA.deviceId, fieldId: courtB.id }, superAdmin.headers);
    expect(otherCourt.status).toBe(400);
    expect(await otherCourt.json()).toEqual({ message: FIELD_MESSAGES.wrongVenue });
    expect((await t.json('PUT', '/api/field/device', { deviceId: kioskA.deviceId, fieldId: courtA.id }, adminB.headers)).status).toBe(403);
    expect((await t.json('PUT', '/api/field/device', { deviceId: 'unknown-device-0000', fieldId: courtA.id }, adminA.headers)).status).toBe(
      404,
    );
    expect((await t.json('PUT', '/api/field/device', { deviceId: 'short', fieldId: courtA.id }, adminA.headers)).status).toBe(400);
    const row = await t.db.selectFrom('devices').select('fieldId').where('id', '=', kioskA.id).executeTakeFirst();
    expect(row?.fieldId).toBeNull();
  });
});
