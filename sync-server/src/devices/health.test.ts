// Kiosk health: heartbeats, last seen and online/offline by the server's frozen
// clock, warnings, the Errors-tab alert, and the friendly name.
import { DEVICE_MESSAGES, HEARTBEAT_CLOCK_SKEW_MS, type DeviceHeartbeatRequest, type DeviceListItem } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, newDeviceId, type SeededAdmin, type TestApp } from '../testing/index.ts';

let t: TestApp;
let venueA: { id: number };
let venueB: { id: number };
let adminA: SeededAdmin;
let adminB: SeededAdmin;
let kiosk: { deviceId: string };

const MINUTE = 60_000;
// 10:00 in Jakarta (03:00Z): inside the default opening hours 06:00-23:00.
const MORNING = '2026-11-20T03:00:00.000Z';

beforeEach(async () => {
  t = await makeTestApp();
  t.clock.set(MORNING);
  venueA = await t.seed.venue({ name: 'Arena A' });
  venueB = await t.seed.venue({ name: 'Arena B' });
  adminA = await t.seed.admin({ role: 'admin', venueId: venueA.id });
  adminB = await t.seed.admin({ role: 'admin', venueId: venueB.id });
  kiosk = await t.seed.device({ venueId: venueA.id });
});
afterEach(() => t.close());

const beat = (overrides: Partial<DeviceHeartbeatRequest> = {}): DeviceHeartbeatRequest => ({
  appVersion: '0.1.0+abc123',
  onlineSince: '2026-11-20T02:30:00.000Z',
  queue: { purchases: 1, clips: 3 },
  lastClipAt: '2026-11-20T02:55:00.000Z',
  storage: { usage: 200_000_000, quota: 1_000_000_000 },
  screen: 'selection',
  ...overrides,
});
const sendBeat = (body: unknown, deviceId = kiosk.deviceId, headers: Record<string, string> = { 'X-Device-Id': deviceId }) =>
  t.json('POST', `/api/device/${deviceId}/heartbeat`, body, headers);
const listed = async (admin: SeededAdmin = adminA): Promise<DeviceListItem[]> =>
  await t.call('listDevices', {}, { headers: admin.headers });

describe('POST /api/device/:deviceId/heartbeat', () => {
  it('is shown in GET /api/device/all: last seen by the server clock, version, queue, storage, screen', async () => {
    expect((await sendBeat(beat())).status).toBe(200);
    const [device] = await listed();
    expect(device).toMatchObject({
      deviceId: kiosk.deviceId,
      name: null,
      lastSeenAt: MORNING,
      online: true,
      offlineAlert: false,
      appVersion: '0.1.0+abc123',
      onlineSince: '2026-11-20T02:30:00.000Z',
      queue: { purchases: 1, clips: 3 },
      lastClipAt: '2026-11-20T02:55:00.000Z',
      storage: { usage: 200_000_000, quota: 1_000_000_000 },
      screen: 'selection',
      warnings: [],
    });
  });

  it('turns a kiosk that stops beating offline after 2 minutes, and into an Errors-tab alert after 10', async () => {
    await sendBeat(beat());
    t.clock.advance(2 * MINUTE);
    expect((await listed())[0]).toMatchObject({ online: true, offlineAlert: false });
    t.clock.advance(1);
    expect((await listed())[0]).toMatchObject({ online: false, offlineAlert: false, lastSeenAt: MORNING, screen: null });
    t.clock.advance(8 * MINUTE);
    expect((await listed())[0]).toMatchObject({ online: false, offlineAlert: true });
    // A beat brings it back.
    await sendBeat(beat());
    expect((await listed())[0]).toMatchObject({ online: true, offlineAlert: false });
  });

  it('never calls a kiosk that never beat, or a deauthorised one, an offline alert', async () => {
    expect((await listed())[0]).toMatchObject({ lastSeenAt: null, online: false, offlineAlert: false, queue: null, storage: null });
    await sendBeat(beat());
    await t.db.updateTable('devices').set({ isAuthorized: 0 }).execute();
    t.clock.advance(60 * MINUTE);
    expect((await listed())[0]).toMatchObject({ online: false, offlineAlert: false });
  });

  it('warns when the folder has had no new clip for an hour during opening hours, not at night', async () => {
    await sendBeat(beat({ onlineSince: '2026-11-20T01:00:00.000Z', lastClipAt: '2026-11-20T02:00:00.000Z' }));
    expect((await listed())[0]?.warnings).toEqual(['no_new_clips']);
    // The same silence at 05:30 in Jakarta (22:30Z the day before): the venue is not open yet.
    t.clock.set('2026-11-19T22:30:00.000Z');
    await sendBeat(beat({ onlineSince: '2026-11-19T20:00:00.000Z', lastClipAt: '2026-11-19T21:00:00.000Z' }));
    expect((await listed())[0]?.warnings).toEqual([]);
  });

  it('does not warn about clips before the kiosk has been up an hour, nor when a clip came within the hour', async () => {
    await sendBeat(beat({ onlineSince: '2026-11-20T02:30:00.000Z', lastClipAt: null }));
    expect((await listed())[0]?.warnings).toEqual([]);
    await sendBeat(beat({ onlineSince: '2026-11-20T01:00:00.000Z', lastClipAt: '2026-11-20T02:01:00.000Z' }));
    expect((await listed())[0]?.warnings).toEqual([]);
  });

  it('warns when browser storage is 90% full', async () => {
    await sendBeat(beat({ storage: { usage: 900, quota: 1000 } }));
    expect((await listed())[0]?.warnings).toEqual(['storage_nearly_full']);
    await sendBeat(beat({ storage: { usage: 899, quota: 1000 } }));
    expect((await listed())[0]?.warnings).toEqual([]);
  });

  it('answers 404 for an unknown kiosk and 400 for a malformed report, storing nothing', async () => {
    expect((await sendBeat(beat(), newDeviceId())).status).toBe(404);
    for (const bad of [
      {},
      beat({ appVersion: '' }),
      beat({ onlineSince: 'yesterday' }),
      beat({ queue: { purchases: -1, clips: 0 } }),
      beat({ screen: '<script>' }),
      { ...beat(), extra: true },
    ]) {
      const res = await sendBeat(bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await listed())[0]?.lastSeenAt).toBeNull();
  });

  it('is refused (403, nothing stored) without the kiosk’s own X-Device-Id: missing, or naming another kiosk', async () => {
    const other = await t.seed.device({ venueId: venueA.id });
    for (const headers of [{}, { 'X-Device-Id': other.deviceId }] as Record<string, string>[]) {
      const res = await sendBeat(beat(), kiosk.deviceId, headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: DEVICE_MESSAGES.heartbeatNotOwn });
    }
    expect((await listed()).map((d) => d.lastSeenAt)).toEqual([null, null]);
  });

  it(`refuses times more than ${HEARTBEAT_CLOCK_SKEW_MS / MINUTE} minutes ahead of the server clock, accepts a kiosk clock slightly ahead`, async () => {
    const ahead = (ms: number) => new Date(Date.parse(MORNING) + ms).toISOString();
    for (const [field, bad] of [
      ['onlineSince', beat({ onlineSince: ahead(HEARTBEAT_CLOCK_SKEW_MS + 1000) })],
      ['lastClipAt', beat({ lastClipAt: ahead(24 * 60 * MINUTE) })],
    ] as const) {
      const res = await sendBeat(bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: DEVICE_MESSAGES.heartbeatInFuture(field) });
    }
    expect((await listed())[0]?.lastSeenAt).toBeNull();
    const skewed = beat({ onlineSince: ahead(HEARTBEAT_CLOCK_SKEW_MS), lastClipAt: ahead(MINUTE) });
    expect((await sendBeat(skewed)).status).toBe(200);
    expect((await listed())[0]).toMatchObject({ onlineSince: skewed.onlineSince, lastClipAt: skewed.lastClipAt });
  });
});

describe('PUT /api/device/:deviceId/name', () => {
  it('names a kiosk of the admin’s venue, shows it in the list, and clears it with an empty name', async () => {
    const res = await t.call(
      'nameDevice',
      { params: { deviceId: kiosk.deviceId }, body: { name: '  Court 1 kiosk ' } },
      { headers: adminA.headers, status: 200 },
    );
    expect(res).toMatchObject({ message: DEVICE_MESSAGES.renamed, device: { name: 'Court 1 kiosk' } });
    expect((await listed())[0]?.name).toBe('Court 1 kiosk');
    await t.call('nameDevice', { params: { deviceId: kiosk.deviceId }, body: { name: '' } }, { headers: adminA.headers });
    expect((await listed())[0]?.name).toBeNull();
  });

  it('refuses another venue’s admin, a name that is too long, and an unknown kiosk', async () => {
    await t.call('nameDevice', { params: { deviceId: kiosk.deviceId }, body: { name: 'Mine' } }, { headers: adminB.headers, status: 403 });
    const long = await t.call(
      'nameDevice',
      { params: { deviceId: kiosk.deviceId }, body: { name: 'x'.repeat(61) } },
      { headers: adminA.headers, status: 400 },
    );
    expect(long.message).toBe(DEVICE_MESSAGES.nameTooLong);
    await t.call('nameDevice', { params: { deviceId: newDeviceId() }, body: { name: 'x' } }, { headers: adminA.headers, status: 404 });
    expect((await listed())[0]?.name).toBeNull();
  });
});

describe('a kiosk registered after its last heartbeat', () => {
  it('shows online once it has asked about itself, not "never seen" until its next beat', async () => {
    expect((await listed()).find((d) => d.deviceId === kiosk.deviceId)).toMatchObject({ online: false, lastSeenAt: null });
    expect((await t.json('GET', `/api/device/${kiosk.deviceId}`)).status).toBe(200);
    expect((await listed()).find((d) => d.deviceId === kiosk.deviceId)).toMatchObject({ online: true, lastSeenAt: MORNING });
    // Asked again moments later: nothing written; later on, seen again.
    t.clock.advance(5_000);
    await t.json('GET', `/api/device/${kiosk.deviceId}`);
    expect((await listed()).find((d) => d.deviceId === kiosk.deviceId)?.lastSeenAt).toBe(MORNING);
    t.clock.advance(20_000);
    await t.json('GET', `/api/device/${kiosk.deviceId}`);
    expect((await listed()).find((d) => d.deviceId === kiosk.deviceId)?.lastSeenAt).toBe(t.clock.now().toISOString());
  });
});
