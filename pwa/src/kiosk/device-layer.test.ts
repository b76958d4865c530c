// The kiosk's device trust and configuration layer (device-layer.ts, through the query options
// queries.ts builds on it), against the real server app in-process: the PWA's API client with fetch
// routed to it, a real TanStack QueryClient, and the device's id and cookie as plain values.
import { configKey } from '@courtreplay/shared';
import { makeTestApp, type TestApp } from '@courtreplay/sync-server/testing';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, setCredentialSources } from '../lib/api-client.ts';
import {
  CONFIG_REFRESH_MS,
  configAudience,
  createDeviceLayer,
  DEVICE_ANSWER_FRESH_MS,
  DEVICE_POLL_MS,
  type KioskConfig,
} from './device-layer.ts';
import { deviceQueries } from './queries.ts';

const ORIGIN = 'http://kiosk.test';
let t: TestApp;
let venueId: number;
let deviceId: string;
let admin: { headers: Record<string, string> };

beforeAll(async () => {
  t = await makeTestApp();
  const venue = await t.seed.venue({ name: 'Arena Senayan' });
  venueId = venue.id;
  admin = await t.seed.admin({ role: 'super_admin' });
  await t.seed.config('DEFAULT_PRICE', '10000');
  Object.assign(globalThis, { window: { location: { origin: ORIGIN } } });
  setCredentialSources({ deviceId: () => deviceId });
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return t.app.request(`${url.pathname}${url.search}`, init);
  }) as typeof fetch;
});
afterAll(() => t.close());

let cookie: boolean | null;
let now: number;
const layer = () =>
  createDeviceLayer({
    client: { getDevice: (id) => call('getDevice', { params: { deviceId: id } }), getConfig: () => call('getConfig', {}) },
    identity: { ensureDeviceId: async () => deviceId, rememberAuthorized: (authorized) => void (cookie = authorized) },
    now: () => now,
  });

beforeEach(async () => {
  cookie = null;
  now = Date.parse('2026-11-28T10:00:00Z');
  deviceId = (await t.seed.device({ venueId, authorized: false })).deviceId;
});

const authorize = async (isAuthorized: boolean) => {
  const res = await t.json('PUT', '/api/device/authorize', { deviceId, isAuthorized }, admin.headers);
  expect(res.status).toBe(200);
};
const price = (config: KioskConfig | undefined) => config?.entries.find((e) => e.key === configKey('DEFAULT_PRICE', false))?.value;

describe("the kiosk's device layer", () => {
  it('reflects authorisation and deauthorisation as the server answers them, and keeps the answer in the cookie', async () => {
    const device = layer();
    expect(await device.fetchDeviceStatus()).toMatchObject({ deviceId, authorized: false, venueId });
    expect(cookie).toBe(false);
    await authorize(true);
    expect(await device.fetchDeviceStatus()).toMatchObject({ authorized: true, staging: false, venueId });
    expect(cookie).toBe(true);
    await authorize(false);
    expect((await device.fetchDeviceStatus()).authorized).toBe(false);
    expect(cookie).toBe(false);
    // A device the server does not know (deleted, or never registered) is not authorised either.
    deviceId = 'never-registered-device-0000000000';
    expect(await device.fetchDeviceStatus()).toMatchObject({ authorized: false, venueId: null, configVersion: null, courts: [] });
    expect(cookie).toBe(false);
  });

  it('counts an answer without isAuthorized true as unauthorised, guessing at no other shape', async () => {
    // The flag only inside a nested `device`, a shape the contract does not name.
    const answer = { venueId, venueName: 'Arena', fieldId: null, fieldName: null, staging: false, serverTime: new Date(now).toISOString() };
    const device = createDeviceLayer({
      client: {
        getDevice: async () => ({ ...answer, device: { isAuthorized: true } }) as unknown as Awaited<ReturnType<typeof call<'getDevice'>>>,
        getConfig: () => call('getConfig', {}),
      },
      identity: { ensureDeviceId: async () => deviceId, rememberAuthorized: (authorized) => void (cookie = authorized) },
      now: () => now,
    });
    expect((await device.fetchDeviceStatus()).authorized).toBe(false);
    expect(cookie).toBe(false);
  });

  it('says whether the server was asked since the page loaded, and whether a stored answer was stale already at load', async () => {
    const device = layer();
    expect(device.askedSinceLoad()).toBe(false);
    expect(device.answerStaleAtLoad(now - DEVICE_ANSWER_FRESH_MS - 1)).toBe(true);
    expect(device.answerStaleAtLoad(now - 1_000)).toBe(false);
    now += 60_000;
    // Judged by its age at load, not now: an answer fresh then does not flash the checking screen later.
    expect(device.answerStaleAtLoad(now - 60_000)).toBe(false);
    await device.fetchDeviceStatus();
    expect(device.askedSinceLoad()).toBe(true);
  });

  it('reads the configuration per device state: the prices appear once authorised, never standing in from the other state', async () => {
    const client = new QueryClient();
    const queries = deviceQueries(layer());
    const before = configAudience(await client.fetchQuery(queries.deviceStatus()));
    // One observer follows the device as the kiosk's screen does (useKioskConfig).
    const observer = new QueryObserver(client, queries.config(before));
    const stop = observer.subscribe(() => undefined);
    await expect.poll(() => observer.getCurrentResult().isSuccess).toBe(true);
    expect(price(observer.getCurrentResult().data)).toBeUndefined();

    await authorize(true);
    const after = configAudience(await client.fetchQuery({ ...queries.deviceStatus(), staleTime: 0 }));
    expect(after).toMatchObject({ authorized: true, venueId });
    observer.setOptions(queries.config(after));
    // The unauthorised answer never stands in for the authorised kiosk while its own loads.
    expect(observer.getCurrentResult().data).toBeUndefined();
    await expect.poll(() => price(observer.getCurrentResult().data)).toBe('10000');
    stop();
    client.clear();
  });

  it('shows a price change at the next device poll (3 s), the previous answer standing in meanwhile, and reads the configuration at least every 30 s', async () => {
    await authorize(true);
    const client = new QueryClient();
    const queries = deviceQueries(layer());
    const first = configAudience(await client.fetchQuery(queries.deviceStatus()));
    const observer = new QueryObserver(client, queries.config(first));
    const stop = observer.subscribe(() => undefined);
    await expect.poll(() => price(observer.getCurrentResult().data)).toBe('10000');

    await t.call('updateConfig', { body: { key: 'DEFAULT_PRICE', value: '12000' } }, { headers: admin.headers });
    const polled = configAudience(await client.fetchQuery({ ...queries.deviceStatus(), staleTime: 0 }));
    expect(polled.version).not.toBe(first.version);
    observer.setOptions(queries.config(polled));
    // The old price stands in for the same device while the new version loads...
    expect(observer.getCurrentResult()).toMatchObject({ isPlaceholderData: true });
    expect(price(observer.getCurrentResult().data)).toBe('10000');
    // ...then the new version's answer carries the new price.
    await expect.poll(() => price(observer.getCurrentResult().data)).toBe('12000');
    expect(queries.deviceStatus().refetchInterval).toBe(DEVICE_POLL_MS);
    expect(queries.config(polled).refetchInterval).toBe(CONFIG_REFRESH_MS);
    stop();
    client.clear();
  });
});
