import { FIELD_MESSAGES, MESSAGES } from '@courtreplay/shared';
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
      const res = await t.call('listFields', { params: { venueId: venueA.id } }, { headers: who.headers, status: 200 });
      expect(res.map((f) => f.name)).toEqual(['Court 1', 'Court 2']);
    }
    await t.call('listFields', { params: { venueId: venueA.id } }, { headers: adminB.headers, status: 403 });
    await t.call('listFields', { params: { venueId: venueA.id } }, { status: 401 });
    await t.call('listFields', { params: { venueId: 999 } }, { headers: superAdmin.headers, status: 404 });
  });
});

describe('managing courts', () => {
  it('creates, renames and deletes a court', async () => {
    const created = await t.call(
      'createField',
      { body: { name: 'Court 1', venueId: venueA.id } },
      { headers: superAdmin.headers, status: 201 },
    );
    const { field } = created;
    expect(field).toMatchObject({ name: 'Court 1', venueId: venueA.id });

    const renamed = await t.call(
      'updateField',
      { params: { id: field.id }, body: { name: 'Centre Court' } },
      { headers: superAdmin.headers },
    );
    expect(renamed).toMatchObject({ message: FIELD_MESSAGES.updated, field: { name: 'Centre Court' } });

    const empty = await t.call(
      'updateField',
      { params: { id: field.id }, body: { name: '' } },
      { headers: superAdmin.headers, status: 400 },
    );
    expect(empty).toEqual({ message: MESSAGES.venues.fieldNameEmpty });

    const device = await t.seed.device({ venueId: venueA.id, fieldId: field.id });
    await t.call('deleteField', { params: { id: field.id } }, { headers: superAdmin.headers, status: 200 });
    expect(await countRows(t.db, 'fields')).toBe(0);
    const kiosk = await t.db.selectFrom('devices').select(['venueId', 'fieldId']).where('id', '=', device.id).executeTakeFirst();
    expect(kiosk).toEqual({ venueId: venueA.id, fieldId: null });
    await t.call('deleteField', { params: { id: field.id } }, { headers: superAdmin.headers, status: 404 });
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

  it("lets a venue admin add, rename and remove their own venue's courts", async () => {
    const { field } = await t.call(
      'createField',
      { body: { name: 'Court 3', venueId: venueA.id } },
      { headers: adminA.headers, status: 201 },
    );
    await t.call('updateField', { params: { id: field.id }, body: { name: 'Court 3 (glass)' } }, { headers: adminA.headers, status: 200 });
    expect((await t.call('listFields', { params: { venueId: venueA.id } }, { headers: adminA.headers })).map((f) => f.name)).toEqual([
      'Court 3 (glass)',
    ]);
    await t.call('deleteField', { params: { id: field.id } }, { headers: adminA.headers, status: 200 });
    expect(await countRows(t.db, 'fields')).toBe(0);
  });

  it("refuses a venue admin another venue's courts whatever the browser sends, changing nothing", async () => {
    const court = await t.seed.field({ venueId: venueA.id, name: 'Court 1' });
    await t.call('createField', { body: { name: 'X', venueId: venueA.id } }, { headers: adminB.headers, status: 403 });
    await t.call('updateField', { params: { id: court.id }, body: { name: 'X' } }, { headers: adminB.headers, status: 403 });
    await t.call('deleteField', { params: { id: court.id } }, { headers: adminB.headers, status: 403 });
    await t.call('renewCourtCode', { params: { id: court.id } }, { headers: adminB.headers, status: 403 });
    await t.call('deleteField', { params: { id: court.id } }, { status: 401 });
    expect(await t.db.selectFrom('fields').select(['name', 'venueId']).execute()).toEqual([{ name: 'Court 1', venueId: venueA.id }]);
  });
});

describe('PUT /api/field/device', () => {
  it('puts a kiosk on a court of its venue, for the venue’s admin', async () => {
    const court = await t.seed.field({ venueId: venueA.id, name: 'Court 1' });
    const kiosk = await t.seed.device({ venueId: venueA.id });
    const res = await t.call(
      'assignDeviceField',
      { body: { deviceId: kiosk.deviceId, fieldId: court.id } },
      { headers: adminA.headers, status: 200 },
    );
    expect(res.device).toMatchObject({ fieldId: court.id, fieldName: 'Court 1' });
    const cleared = await t.call(
      'assignDeviceField',
      { body: { deviceId: kiosk.deviceId, fieldId: null } },
      { headers: superAdmin.headers },
    );
    expect(cleared.device.fieldId).toBeNull();
  });

  it('refuses another venue’s kiosk or court', async () => {
    const courtB = await t.seed.field({ venueId: venueB.id });
    const courtA = await t.seed.field({ venueId: venueA.id });
    const kioskA = await t.seed.device({ venueId: venueA.id });
    const otherCourt = await t.call(
      'assignDeviceField',
      { body: { deviceId: kioskA.deviceId, fieldId: courtB.id } },
      { headers: superAdmin.headers, status: 400 },
    );
    expect(otherCourt).toEqual({ message: FIELD_MESSAGES.wrongVenue });
    await t.call(
      'assignDeviceField',
      { body: { deviceId: kioskA.deviceId, fieldId: courtA.id } },
      { headers: adminB.headers, status: 403 },
    );
    await t.call(
      'assignDeviceField',
      { body: { deviceId: 'unknown-device-0000', fieldId: courtA.id } },
      { headers: adminA.headers, status: 404 },
    );
    await t.call('assignDeviceField', { body: { deviceId: 'short', fieldId: courtA.id } }, { headers: adminA.headers, status: 400 });
    const row = await t.db.selectFrom('devices').select('fieldId').where('id', '=', kioskA.id).executeTakeFirst();
    expect(row?.fieldId).toBeNull();
  });
});
