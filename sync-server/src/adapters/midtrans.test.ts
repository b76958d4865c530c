import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MidtransProvider } from './midtrans.ts';
import { midtransOutcome, midtransSignature } from './payment-signature.ts';
import type { PaymentNotification } from './ports.ts';
import { sendJson, startFakeHttp } from './testing/fake-http.ts';

type Fake = Awaited<ReturnType<typeof startFakeHttp>>;

const LIVE = { serverKey: 'Mid-server-LIVE', clientKey: 'Mid-client-LIVE' };
const SANDBOX = { serverKey: 'SB-Mid-server-TEST', clientKey: 'SB-Mid-client-TEST' };

describe('Midtrans adapter against a local fake of the Snap and Core APIs', () => {
  let fake: Fake;
  let statusAnswer: Record<string, unknown>;
  let provider: MidtransProvider;

  beforeEach(async () => {
    statusAnswer = { status_code: '200', transaction_status: 'settlement', fraud_status: 'accept', order_id: '42' };
    fake = await startFakeHttp((req, res) => {
      if (req.method === 'POST' && req.url.pathname.endsWith('/snap/v1/transactions')) {
        if (JSON.parse(req.body).transaction_details.order_id === 'taken') {
          return sendJson(res, 400, { error_messages: ['transaction_details.order_id has already been taken'] });
        }
        const token = '66e4fa55-fdac-4ef9-91b5-733b97d1b862';
        return sendJson(res, 201, { token, redirect_url: `https://app.sandbox.midtrans.com/snap/v4/redirection/${token}` });
      }
      if (req.method === 'GET' && /\/v2\/[^/]+\/status$/.test(req.url.pathname)) return sendJson(res, 200, statusAnswer);
      sendJson(res, 404, { status_code: '404', status_message: 'not found' });
    });
    provider = new MidtransProvider({
      live: LIVE,
      sandbox: SANDBOX,
      baseUrls: {
        snapLive: `${fake.url}/live`,
        snapSandbox: `${fake.url}/sandbox`,
        apiLive: `${fake.url}/api-live`,
        apiSandbox: `${fake.url}/api-sandbox`,
      },
    });
  });
  afterEach(() => fake.close());

  const input = {
    orderId: '42',
    grossAmount: 24300,
    items: [
      { id: 'videos', name: '3 videos', price: 9000, quantity: 3 },
      { id: 'promo', name: 'Promo HEMAT', price: -2700, quantity: 1 },
    ],
    email: 'player@example.com',
    customFields: { venue: 'Arena Senayan', court: 'Court 1', device: 'dev_abc' },
  };

  it('creates a Snap transaction on the sandbox for staging, with Basic auth and lines summing to gross_amount', async () => {
    const answer = await provider.createPayment({ ...input, staging: true });
    expect(answer.token).toBe('66e4fa55-fdac-4ef9-91b5-733b97d1b862');
    expect(answer.redirectUrl).toContain('/snap/v4/redirection/');
    const [req] = fake.requests;
    expect(req!.method).toBe('POST');
    expect(req!.url.pathname).toBe('/sandbox/snap/v1/transactions');
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from(`${SANDBOX.serverKey}:`).toString('base64')}`);
    const body = JSON.parse(req!.body);
    expect(body.transaction_details).toEqual({ order_id: '42', gross_amount: 24300 });
    expect(body.item_details.reduce((s: number, i: { price: number; quantity: number }) => s + i.price * i.quantity, 0)).toBe(24300);
    expect(body.customer_details).toEqual({ email: 'player@example.com' });
    expect([body.custom_field1, body.custom_field2, body.custom_field3]).toEqual(['Arena Senayan', 'Court 1', 'dev_abc']);
  });

  it('uses production and the live key for live purchases', async () => {
    await provider.createPayment({ ...input, staging: false });
    expect(fake.requests[0]!.url.pathname).toBe('/live/snap/v1/transactions');
    expect(fake.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${LIVE.serverKey}:`).toString('base64')}`);
  });

  it('refuses lines that do not sum to gross_amount before calling Midtrans', async () => {
    await expect(provider.createPayment({ ...input, grossAmount: 27000, staging: true })).rejects.toThrow(/item_details/);
    expect(fake.requests).toHaveLength(0);
  });

  it("turns Midtrans' refusal into the spec's message with Midtrans' reason, and a missing key into 'not configured'", async () => {
    await expect(provider.createPayment({ ...input, orderId: 'taken', staging: true })).rejects.toMatchObject({
      code: 'upstream_failed',
      message: 'Payment initialization failed. Please try again later. (transaction_details.order_id has already been taken)',
    });
    const noKeys = new MidtransProvider({ live: { serverKey: undefined, clientKey: undefined }, sandbox: SANDBOX });
    await expect(noKeys.createPayment({ ...input, staging: false })).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Payment system is not properly configured. Please contact support.',
    });
  });

  it('asks the status API and maps the answer', async () => {
    expect(await provider.fetchStatus('42', true)).toBe('paid');
    expect(fake.requests[0]!.url.pathname).toBe('/api-sandbox/v2/42/status');
    statusAnswer = { status_code: '201', transaction_status: 'pending' };
    expect(await provider.fetchStatus('42', false)).toBe('pending');
    expect(fake.requests[1]!.url.pathname).toBe('/api-live/v2/42/status');
  });

  it('verifies the signature with the key of the purchase mode, constant-time', () => {
    const base = { order_id: '42', status_code: '200', gross_amount: '24300.00', transaction_status: 'settlement' };
    const signed: PaymentNotification = { ...base, signature_key: midtransSignature('42', '200', '24300.00', SANDBOX.serverKey) };
    expect(provider.verifyNotification(signed, true)).toBe(true);
    expect(provider.verifyNotification(signed, false)).toBe(false);
    expect(provider.verifyNotification({ ...signed, gross_amount: '1.00' }, true)).toBe(false);
    expect(provider.verifyNotification({ ...signed, signature_key: 'abc' }, true)).toBe(false);
  });

  it('gives the PWA the snap.js URL and client key per mode', () => {
    expect(provider.clientConfig(true)).toEqual({ scriptUrl: `${fake.url}/sandbox/snap/snap.js`, clientKey: SANDBOX.clientKey });
    expect(provider.clientConfig(false).clientKey).toBe(LIVE.clientKey);
  });
});

describe('Midtrans status mapping', () => {
  it.each([
    ['settlement', undefined, 'paid'],
    ['capture', 'accept', 'paid'],
    ['capture', 'challenge', 'pending'],
    ['capture', 'deny', 'failed'],
    ['pending', undefined, 'pending'],
    ['deny', undefined, 'failed'],
    ['cancel', undefined, 'failed'],
    ['failure', undefined, 'failed'],
    ['expire', undefined, 'expired'],
  ] as const)('%s / %s -> %s', (status, fraud, outcome) => {
    expect(midtransOutcome(status, fraud)).toBe(outcome);
  });
});
