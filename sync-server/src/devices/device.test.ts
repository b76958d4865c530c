import { DEVICE_MESSAGES, MESSAGES, type Device } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows, makeTestApp, newDeviceId, type SeededAdmin, type TestApp } from '../testing/index.ts';

let t: TestApp;
let venueA: { id: number; name: string };
let venueB: { id: number; name: string };
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

const deviceRow = (deviceId: string) => t.db.selectFrom('devices').selectAll().where('deviceId', '=', deviceId).executeTakeFirst();

describe('POST /api/device/register', () => {
  it('registers this kiosk for the admin’s venue, authorised at once', async () => {
    const court = await t.seed.field({ venueId: venueA.id, name: 'Court 1' });
    const deviceId = newDeviceId();
    const body = await t.call(
      'registerDevice',
      { body: { deviceId, venueId: venueA.id, fieldId: court.id } },
      { headers: adminA.headers, status: 201 },
    );
    expect(body).toMatchObject({
      isAuthorized: true,
      device: { deviceId, venueId: venueA.id, venueName: 'Arena A', fieldId: court.id, fieldName: 'Court 1', isAuthorized: true },
    });

    // Registering again moves nothing else and keeps one row.
    await t.call('registerDevice', { body: { deviceId, venueId: venueA.id } }, { headers: adminA.headers, status: 200 });
    expect(await countRows(t.db, 'devices')).toBe(1);
  });

  it('refuses an admin registering for another venue, or taking another venue’s kiosk', async () => {
    const deviceId = newDeviceId();
    await t.call('registerDevice', { body: { deviceId, venueId: venueB.id } }, { headers: adminA.headers, status: 403 });
    const kioskB = await t.seed.device({ venueId: venueB.id });
    const steal = await t.call(
      'registerDevice',
      { body: { deviceId: kioskB.deviceId, venueId: venueA.id } },
      { headers: adminA.headers, status: 403 },
    );
    expect(steal).toEqual({ message: DEVICE_MESSAGES.otherVenue });
    expect((await deviceRow(kioskB.deviceId))?.venueId).toBe(venueB.id);
    // A super admin may move it.
    await t.call(
      'registerDevice',
      { body: { deviceId: kioskB.deviceId, venueId: venueA.id } },
      { headers: superAdmin.headers, status: 200 },
    );
    expect((await deviceRow(kioskB.deviceId))?.venueId).toBe(venueA.id);
    await t.call('registerDevice', { body: { deviceId, venueId: venueA.id } }, { status: 401 });
  });

  it.each<[Record<string, unknown>, string]>([
    [{ deviceId: 'VALID' }, MESSAGES.devices.venueRequired],
    [{ deviceId: 'VALID', venueId: null }, MESSAGES.devices.venueRequired],
    [{ venueId: 1 }, 'Device ID is required'],
    [{ deviceId: 'short', venueId: 1 }, 'Device ID must be 16 to 128 letters, digits, "-" or "_"'],
    [{ deviceId: '<script>alert(1)</script>xx', venueId: 1 }, 'Device ID must be 16 to 128 letters, digits, "-" or "_"'],
    [{ deviceId: 'x'.repeat(129), venueId: 1 }, 'Device ID must be 16 to 128 letters, digits, "-" or "_"'],
    [{ deviceId: 'VALID', venueId: 1, trusted: true }, 'Unknown field: trusted'],
    [{ deviceId: 'VALID', venueId: 1, fieldId: 'a' }, 'fieldId must be a number'],
  ])('refuses %j with 400 and registers nothing', async (body, message) => {
    const input = {
      ...body,
      ...(body.deviceId === 'VALID' ? { deviceId: newDeviceId() } : {}),
      ...(body.venueId === 1 ? { venueId: venueA.id } : {}),
    };
    const res = await t.json('POST', '/api/device/register', input, adminA.headers);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(await countRows(t.db, 'devices')).toBe(0);
  });

  it('refuses a court of another venue and an unknown venue', async () => {
    const courtB = await t.seed.field({ venueId: venueB.id });
    const wrong = await t.call(
      'registerDevice',
      { body: { deviceId: newDeviceId(), venueId: venueA.id, fieldId: courtB.id } },
      { headers: superAdmin.headers, status: 400 },
    );
    expect(wrong).toEqual({ message: DEVICE_MESSAGES.fieldWrongVenue });
    await t.call('registerDevice', { body: { deviceId: newDeviceId(), venueId: 999 } }, { headers: superAdmin.headers, status: 404 });
    expect(await countRows(t.db, 'devices')).toBe(0);
  });
});

describe('PUT /api/device/authorize', () => {
  it('lets the venue’s admin and super admins toggle authorisation, nobody else', async () => {
    const kiosk = await t.seed.device({ venueId: venueA.id, authorized: false });
    const ok = await t.call(
      'authorizeDevice',
      { body: { deviceId: kiosk.deviceId, isAuthorized: true } },
      { headers: adminA.headers, status: 200 },
    );
    expect(ok).toMatchObject({ message: DEVICE_MESSAGES.authorized, device: { isAuthorized: true } });
    await t.call('authorizeDevice', { body: { deviceId: kiosk.deviceId, isAuthorized: false } }, { headers: adminB.headers, status: 403 });
    await t.call('authorizeDevice', { body: { deviceId: kiosk.deviceId, isAuthorized: false } }, { status: 401 });
    expect((await deviceRow(kiosk.deviceId))?.isAuthorized).toBe(1);
    await t.call(
      'authorizeDevice',
      { body: { deviceId: kiosk.deviceId, isAuthorized: false } },
      { headers: superAdmin.headers, status: 200 },
    );
    expect((await deviceRow(kiosk.deviceId))?.isAuthorized).toBe(0);
  });

  it('answers 404 for an unknown device and 400 for a non-boolean flag', async () => {
    await t.call(
      'authorizeDevice',
      { body: { deviceId: newDeviceId(), isAuthorized: true } },
      { headers: superAdmin.headers, status: 404 },
    );
    const kiosk = await t.seed.device({ venueId: venueA.id, authorized: false });
    const bad = await t.json('PUT', '/api/device/authorize', { deviceId: kiosk.deviceId, isAuthorized: 'yes' }, superAdmin.headers);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'isAuthorized must be a boolean' });
    expect((await deviceRow(kiosk.deviceId))?.isAuthorized).toBe(0);
  });
});

describe('GET /api/device/all', () => {
  it('shows an admin only their venue’s kiosks, whatever venueId they ask for', async () => {
    const a = await t.seed.device({ venueId: venueA.id });
    const b = await t.seed.device({ venueId: venueB.id });
    const ids = async (headers: Record<string, string>, query = '') =>
      ((await (await t.json('GET', `/api/device/all${query}`, undefined, headers)).json()) as Device[]).map((d) => d.deviceId).sort();
    expect(await ids(adminA.headers)).toEqual([a.deviceId]);
    expect(await ids(adminA.headers, `?venueId=${venueB.id}`)).toEqual([a.deviceId]);
    expect(await ids(superAdmin.headers)).toEqual([a.deviceId, b.deviceId].sort());
    expect(await ids(superAdmin.headers, `?venueId=${venueB.id}`)).toEqual([b.deviceId]);
    // A filter that names no id is ignored, as if left out.
    expect(await ids(superAdmin.headers, '?venueId=abc')).toEqual([a.deviceId, b.deviceId].sort());
    await t.call('listDevices', {}, { status: 401 });
  });
});

describe('GET /api/device/:deviceId (the kiosk asking about itself)', () => {
  it('answers venue, court and status without login', async () => {
    const court = await t.seed.field({ venueId: venueA.id, name: 'Court 1' });
    const kiosk = await t.seed.device({ venueId: venueA.id, fieldId: court.id, authorized: false });
    const res = await t.call('getDevice', { params: { deviceId: kiosk.deviceId } }, { status: 200 });
    expect(res).toEqual({
      deviceId: kiosk.deviceId,
      venueId: venueA.id,
      venueName: 'Arena A',
      venueLanguage: 'en',
      fieldId: court.id,
      fieldName: 'Court 1',
      isAuthorized: false,
      staging: false,
      configVersion: expect.stringMatching(/^[0-9a-f]{16}$/),
      serverTime: t.clock.now().toISOString(),
      // Not authorised: told nothing of the venue's courts and marks.
      courts: [],
      marks: [],
    });
  });

  it('carries a configuration version that changes with what the kiosk reads, and only then', async () => {
    const kiosk = await t.seed.device({ venueId: venueA.id, authorized: false });
    const version = async () => (await t.call('getDevice', { params: { deviceId: kiosk.deviceId } })).configVersion;
    const setConfig = async (key: string, value: string) =>
      expect((await t.call('updateConfig', { body: { key, value } }, { headers: superAdmin.headers, raw: true })).status).toBe(200);
    const unauthorised = await version();
    expect(await version()).toBe(unauthorised);
    // A price is none of an unauthorised kiosk's business: it reads only the media.
    await setConfig('DEFAULT_PRICE', '25000');
    expect(await version()).toBe(unauthorised);

    await t.call('authorizeDevice', { body: { deviceId: kiosk.deviceId, isAuthorized: true } }, { headers: superAdmin.headers });
    const live = await version();
    expect(live).not.toBe(unauthorised);
    await setConfig('DEFAULT_PRICE', '20000');
    const repriced = await version();
    expect(repriced).not.toBe(live);
    await setConfig('PROMO_TABLE', JSON.stringify([{ QUANTITY: 2, PRICE: 15000, ENABLED: true }]));
    const tiered = await version();
    expect(tiered).not.toBe(repriced);
    await setConfig('ENABLE_PAYMENT_GATEWAY', 'false');
    expect(await version()).not.toBe(tiered);
    // The staging twins are not read by a live kiosk...
    const beforeStaging = await version();
    await setConfig('DEFAULT_PRICE_STAGING', '3000');
    expect(await version()).toBe(beforeStaging);
    // ...but are by a test kiosk.
    await t.call('setDeviceStaging', { body: { deviceId: kiosk.deviceId, staging: true } }, { headers: superAdmin.headers });
    const test = await version();
    expect(test).not.toBe(beforeStaging);
    await setConfig('DEFAULT_PRICE_STAGING', '4000');
    expect(await version()).not.toBe(test);
  });

  it("answers the venue's kiosk language, so the kiosk starts in it", async () => {
    const kiosk = await t.seed.device({ venueId: venueA.id });
    await t.call('updateVenue', { params: { id: venueA.id }, body: { name: 'Arena A', language: 'id' } }, { headers: superAdmin.headers });
    expect(await t.call('getDevice', { params: { deviceId: kiosk.deviceId } })).toMatchObject({ venueLanguage: 'id' });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [newDeviceId(), 'short', '%3Cscript%3E']) {
      const res = await t.call('getDevice', { params: { deviceId: id } }, { raw: true });
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ message: DEVICE_MESSAGES.notFound });
    }
  });
});

describe('DELETE /api/device/:deviceId', () => {
  it('deletes a kiosk of the admin’s venue, not another venue’s', async () => {
    const a = await t.seed.device({ venueId: venueA.id });
    const b = await t.seed.device({ venueId: venueB.id });
    await t.call('deleteDevice', { params: { deviceId: b.deviceId } }, { headers: adminA.headers, status: 403 });
    await t.call('deleteDevice', { params: { deviceId: a.deviceId } }, { status: 401 });
    expect(await countRows(t.db, 'devices')).toBe(2);
    await t.call('deleteDevice', { params: { deviceId: a.deviceId } }, { headers: adminA.headers, status: 200 });
    await t.call('deleteDevice', { params: { deviceId: b.deviceId } }, { headers: superAdmin.headers, status: 200 });
    expect(await countRows(t.db, 'devices')).toBe(0);
    await t.call('deleteDevice', { params: { deviceId: a.deviceId } }, { headers: superAdmin.headers, status: 404 });
  });
});

describe('POST /api/device/:deviceId/replace (Reset and Sync Device ID)', () => {
  const replace = (deviceId: string, body: unknown, headers?: Record<string, string>) =>
    t.json('POST', `/api/device/${deviceId}/replace`, body, headers);

  it('moves venue, court, authorisation and test status to the new id; the old id is then unknown', async () => {
    const court = await t.seed.field({ venueId: venueA.id, name: 'Court 1' });
    const old = await t.seed.device({ venueId: venueA.id, fieldId: court.id, staging: true });
    const before = await deviceRow(old.deviceId);
    const newId = newDeviceId();
    const res = await replace(old.deviceId, { newDeviceId: newId }, adminA.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      message: DEVICE_MESSAGES.replaced,
      device: { id: old.id, deviceId: newId, venueId: venueA.id, fieldId: court.id, isAuthorized: true, staging: true },
    });
    expect(await deviceRow(newId)).toEqual({ ...before, deviceId: newId });
    expect(await deviceRow(old.deviceId)).toBeUndefined();
    expect(await countRows(t.db, 'devices')).toBe(1);
    // The kiosk asking by its new id is authorised; by its old id it is unknown.
    expect(await t.call('getDevice', { params: { deviceId: newId } })).toMatchObject({ isAuthorized: true, fieldId: court.id });
    await t.call('getDevice', { params: { deviceId: old.deviceId } }, { status: 404 });
    expect((await replace(old.deviceId, { newDeviceId: newDeviceId() }, adminA.headers)).status).toBe(404);
  });

  it('keeps a deauthorised kiosk deauthorised', async () => {
    const old = await t.seed.device({ venueId: venueA.id, authorized: false });
    const newId = newDeviceId();
    expect((await replace(old.deviceId, { newDeviceId: newId }, superAdmin.headers)).status).toBe(200);
    expect((await deviceRow(newId))?.isAuthorized).toBe(0);
  });

  it('is for an admin of the device’s venue or a super admin', async () => {
    const kioskB = await t.seed.device({ venueId: venueB.id });
    const newId = newDeviceId();
    expect((await replace(kioskB.deviceId, { newDeviceId: newId })).status).toBe(401);
    const other = await replace(kioskB.deviceId, { newDeviceId: newId }, adminA.headers);
    expect(other.status).toBe(403);
    expect(await deviceRow(kioskB.deviceId)).toBeDefined();
    expect(await deviceRow(newId)).toBeUndefined();
    expect((await replace(kioskB.deviceId, { newDeviceId: newId }, adminB.headers)).status).toBe(200);
    expect((await replace(newId, { newDeviceId: newDeviceId() }, superAdmin.headers)).status).toBe(200);
  });

  it('refuses a new id that another kiosk already has (409), changing nothing', async () => {
    const a = await t.seed.device({ venueId: venueA.id });
    const b = await t.seed.device({ venueId: venueA.id, authorized: false });
    const res = await replace(a.deviceId, { newDeviceId: b.deviceId }, adminA.headers);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: DEVICE_MESSAGES.newIdTaken });
    expect((await deviceRow(a.deviceId))?.isAuthorized).toBe(1);
    expect((await deviceRow(b.deviceId))?.isAuthorized).toBe(0);
  });

  it.each<[unknown, string]>([
    [{}, 'Device ID is required'],
    [{ newDeviceId: 'short' }, 'Device ID must be 16 to 128 letters, digits, "-" or "_"'],
    [{ newDeviceId: '<script>alert(1)</script>xx' }, 'Device ID must be 16 to 128 letters, digits, "-" or "_"'],
    [{ newDeviceId: 'SAME' }, DEVICE_MESSAGES.sameId],
    [{ newDeviceId: 'VALID', venueId: 2 }, 'Unknown field: venueId'],
    ['not an object', 'Request body must be valid JSON'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const kiosk = await t.seed.device({ venueId: venueA.id });
    const before = await deviceRow(kiosk.deviceId);
    const input =
      body && typeof body === 'object' && 'newDeviceId' in body
        ? {
            ...body,
            newDeviceId: body.newDeviceId === 'SAME' ? kiosk.deviceId : body.newDeviceId === 'VALID' ? newDeviceId() : body.newDeviceId,
          }
        : body;
    const res = await replace(kiosk.deviceId, input, adminA.headers);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(await deviceRow(kiosk.deviceId)).toEqual(before);
    expect(await countRows(t.db, 'devices')).toBe(1);
  });
});
