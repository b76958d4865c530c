// The device id (X-Device-Id) is the kiosk's only credential: it must never leave the building.
// A purchase through the real Midtrans adapter, against a local fake of the Snap API, sends the
// device's database id as custom_field3 instead.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MidtransProvider } from '../adapters/midtrans.ts';
import { sendJson, startFakeHttp } from '../adapters/testing/fake-http.ts';
import { makeTestApp, type TestApp } from '../testing/index.ts';
import { recordingDelivery } from './test-support.ts';

let fake: Awaited<ReturnType<typeof startFakeHttp>>;
let t: TestApp;

beforeEach(async () => {
  fake = await startFakeHttp((_req, res) =>
    sendJson(res, 201, { token: 'snap-token', redirect_url: 'https://app.sandbox.midtrans.com/snap/v4/redirection/snap-token' }),
  );
  const keys = { serverKey: 'Mid-server-LIVE', clientKey: 'Mid-client-LIVE' };
  const payments = new MidtransProvider({
    live: keys,
    sandbox: keys,
    baseUrls: { snapLive: fake.url, snapSandbox: fake.url, apiLive: fake.url, apiSandbox: fake.url },
  });
  t = await makeTestApp({ deps: { payments, delivery: recordingDelivery() } });
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

describe('the Snap transaction a kiosk purchase creates', () => {
  it('names the device by its database id in custom_field3, never by its X-Device-Id', async () => {
    const venue = await t.seed.venue({ name: 'Arena A' });
    const court = await t.seed.field({ venueId: venue.id, name: 'Court A1' });
    const kiosk = await t.seed.device({ venueId: venue.id, fieldId: court.id });
    await t.seed.config('DEFAULT_PRICE', '10000');
    await t.call(
      'createPurchase',
      { body: { email: 'player@example.com', videoIds: ['a.mp4'], totalAmount: 10_000 } },
      { headers: kiosk.headers, status: 201 },
    );

    expect(fake.requests).toHaveLength(1);
    const raw = fake.requests[0]!.body;
    expect(raw).not.toContain(kiosk.deviceId);
    const body = JSON.parse(raw) as Record<string, unknown>;
    expect(body.custom_field3).toBe(`device-${kiosk.id}`);
    expect([body.custom_field1, body.custom_field2]).toEqual(['Arena A', 'Court A1']);
  });
});
