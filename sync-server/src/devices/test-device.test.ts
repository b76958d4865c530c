// PUT /api/device/staging: a super admin marks a kiosk as a test device (the only kind allowed
// staging purchases) or back to live; nobody else may.
import { DEVICE_MESSAGES, type Device, SERVER_MESSAGES } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, newDeviceId, type SeededAdmin, type TestApp } from '../testing/index.ts';

let t: TestApp;
let superAdmin: SeededAdmin;
let adminA: SeededAdmin;
let kiosk: { id: number; deviceId: string };

beforeEach(async () => {
  t = await makeTestApp();
  const venueA = await t.seed.venue({ name: 'Arena A' });
  superAdmin = await t.seed.admin({ role: 'super_admin' });
  adminA = await t.seed.admin({ role: 'admin', venueId: venueA.id });
  kiosk = await t.seed.device({ venueId: venueA.id });
});
afterEach(() => t.close());

const stagingFlag = async () =>
  (await t.db.selectFrom('devices').select('staging').where('id', '=', kiosk.id).executeTakeFirstOrThrow()).staging;
const listed = async () => (await (await t.call('listDevices', {}, { headers: superAdmin.headers, raw: true })).json()) as Device[];

describe('PUT /api/device/staging', () => {
  it('lets a super admin mark a device as a test device and back; /api/device/all and the kiosk status show it', async () => {
    expect((await listed())[0]?.staging).toBe(false);

    const body = await t.call(
      'setDeviceStaging',
      { body: { deviceId: kiosk.deviceId, staging: true } },
      { headers: superAdmin.headers, status: 200 },
    );
    expect(body.message).toBe(DEVICE_MESSAGES.madeTestDevice);
    expect(body.device).toMatchObject({ deviceId: kiosk.deviceId, staging: true });
    expect((await listed())[0]?.staging).toBe(true);
    const status = await t.call('getDevice', { params: { deviceId: kiosk.deviceId } });
    expect(status).toMatchObject({ staging: true });

    const back = await t.call('setDeviceStaging', { body: { deviceId: kiosk.deviceId, staging: false } }, { headers: superAdmin.headers });
    expect(back.message).toBe(DEVICE_MESSAGES.madeLiveDevice);
    expect((await listed())[0]?.staging).toBe(false);
  });

  it('answers 401 without a session and 403 to a venue admin, changing nothing', async () => {
    await t.call('setDeviceStaging', { body: { deviceId: kiosk.deviceId, staging: true } }, { status: 401 });
    const admin = await t.call(
      'setDeviceStaging',
      { body: { deviceId: kiosk.deviceId, staging: true } },
      { headers: adminA.headers, status: 403 },
    );
    expect(admin).toEqual({ message: SERVER_MESSAGES.access.superAdminOnly });
    expect(await stagingFlag()).toBe(0);
  });

  it('answers 404 for an unknown device', async () => {
    const res = await t.call(
      'setDeviceStaging',
      { body: { deviceId: newDeviceId(), staging: true } },
      { headers: superAdmin.headers, status: 404 },
    );
    expect(res).toEqual({ message: DEVICE_MESSAGES.notFound });
  });

  it.each([
    ['staging missing', { deviceId: 'x'.repeat(20) }, 'staging'],
    ['staging as text', { deviceId: 'x'.repeat(20), staging: 'true' }, 'staging'],
    ['a malformed device id', { deviceId: 'short', staging: true }, 'Device ID'],
    ['an unknown field', { deviceId: 'x'.repeat(20), staging: true, role: 'super_admin' }, ''],
  ])('answers 400 with a clear message for %s, changing nothing', async (_name, payload, mentions) => {
    const res = await t.json(
      'PUT',
      '/api/device/staging',
      { ...payload, deviceId: payload.deviceId === 'x'.repeat(20) ? kiosk.deviceId : payload.deviceId },
      superAdmin.headers,
    );
    expect(res.status).toBe(400);
    const { message } = (await res.json()) as { message: string };
    expect(message).toContain(mentions);
    expect(message.length).toBeGreaterThan(5);
    expect(await stagingFlag()).toBe(0);
  });
});
