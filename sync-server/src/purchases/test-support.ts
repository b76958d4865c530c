// Shared set-up of the purchase tests: a real app on a fresh SQLite file, two venues with a court,
// a kiosk and an admin each, a super admin, and recording test doubles of the payment and
// delivery ports (the real Midtrans lives outside reach; the delivery is another module's).
import type { CreatePurchaseBody, CreatePurchaseResponse } from '@courtreplay/shared';
import type { CreatePaymentInput, Delivery, PaymentProvider } from '../adapters/ports.ts';
import { makeTestApp, type TestApp } from '../testing/index.ts';

export interface RecordingPayments extends PaymentProvider {
  calls: CreatePaymentInput[];
  /** When set, createPayment throws it. */
  failWith?: Error;
  /** When set, createPayment waits for it (to hold a request "still running"). */
  gate?: Promise<void>;
}

export function recordingPayments(): RecordingPayments {
  const payments: RecordingPayments = {
    name: 'simulator',
    calls: [],
    async createPayment(input) {
      payments.calls.push(input);
      if (payments.gate) await payments.gate;
      if (payments.failWith) throw payments.failWith;
      return { token: `token-${input.orderId}` };
    },
    verifyNotification: () => true,
    fetchStatus: async () => 'pending',
    endPayment: async () => 'ended',
    clientConfig: () => ({ scriptUrl: 'http://127.0.0.1/snap.js', clientKey: 'client-key' }),
  };
  return payments;
}

export interface RecordingDelivery extends Delivery {
  changed: string[];
  resent: string[];
  resendError?: Error;
}

export function recordingDelivery(): RecordingDelivery {
  const delivery: RecordingDelivery = {
    changed: [],
    resent: [],
    async purchaseChanged(id) {
      delivery.changed.push(id);
    },
    async resend(id) {
      if (delivery.resendError) throw delivery.resendError;
      delivery.resent.push(id);
    },
  };
  return delivery;
}

/** Price per clip in the world below (no bundling tiers unless a test stores PROMO_TABLE). */
export const PRICE = 10_000;

export async function purchaseWorld(options: { wirePorts?: boolean; env?: Record<string, string> } = {}) {
  const payments = recordingPayments();
  const delivery = recordingDelivery();
  const t: TestApp = await makeTestApp({ env: options.env, deps: options.wirePorts === false ? {} : { payments, delivery } });
  const venueA = await t.seed.venue({ name: 'Arena A' });
  const venueB = await t.seed.venue({ name: 'Arena B' });
  const courtA = await t.seed.field({ venueId: venueA.id, name: 'Court A1' });
  const courtA2 = await t.seed.field({ venueId: venueA.id, name: 'Court A2' });
  const courtB = await t.seed.field({ venueId: venueB.id, name: 'Court B1' });
  const kioskA = await t.seed.device({ venueId: venueA.id, fieldId: courtA.id });
  const kioskA2 = await t.seed.device({ venueId: venueA.id, fieldId: null });
  const kioskB = await t.seed.device({ venueId: venueB.id, fieldId: courtB.id });
  // A test device (staging flag set): the only kind allowed staging purchases.
  const testKioskA = await t.seed.device({ venueId: venueA.id, fieldId: courtA.id, staging: true });
  const adminA = await t.seed.admin({ role: 'admin', venueId: venueA.id });
  const adminB = await t.seed.admin({ role: 'admin', venueId: venueB.id });
  const superAdmin = await t.seed.admin({ role: 'super_admin' });
  await t.seed.config('DEFAULT_PRICE', String(PRICE));

  const body = (overrides: Partial<CreatePurchaseBody> = {}): CreatePurchaseBody => ({
    email: 'player@example.com',
    videoIds: ['1732080000000_clip_one.mp4'],
    videoTitles: ['clip one'],
    totalAmount: PRICE,
    venueId: venueA.id,
    fieldId: courtA.id,
    promoId: null,
    promoCode: null,
    isStaging: false,
    ...overrides,
  });

  /** POST /api/transaction from a kiosk; `raw` sends the body as given. */
  const buy = (device: { headers: Record<string, string> }, payload: unknown = body(), headers: Record<string, string> = {}) =>
    t.json('POST', '/api/transaction', payload, { ...device.headers, ...headers });

  return {
    t,
    payments,
    delivery,
    venueA,
    venueB,
    courtA,
    courtA2,
    courtB,
    kioskA,
    kioskA2,
    kioskB,
    testKioskA,
    adminA,
    adminB,
    superAdmin,
    body,
    buy,
  };
}

export type PurchaseWorld = Awaited<ReturnType<typeof purchaseWorld>>;

/** A purchase row straight from the database (what the tests assert was stored). */
export async function storedPurchases(t: TestApp) {
  return t.db.selectFrom('purchases').selectAll().orderBy('seq').execute();
}

export async function promoUsed(t: TestApp, id: number): Promise<number> {
  const row = await t.db.selectFrom('promo_codes').select('used').where('id', '=', id).executeTakeFirstOrThrow();
  return row.used;
}

/** The body of a 201 from POST /api/transaction. */
export const created = async (res: Response) => (await res.json()) as CreatePurchaseResponse;

/** The `message` of an answer. */
export const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;
