// Creating a purchase (POST /api/transaction): venue and court from the device record, the total
// recomputed with the shared quote() from the stored configuration, the promo use reserved in the
// same transaction as the insert (with the Idempotency-Key's record of it), then a payment token
// from the provider (or delivery, when free). A retry after a crash resumes the recorded purchase.
import {
  configKey,
  DEVICE_MESSAGES,
  MESSAGES,
  promoIsOpen,
  pricingFromConfig,
  PURCHASE_MESSAGES,
  quote,
  type CreatePurchaseInput,
  type CreatePurchaseResponse,
  type PricingConfig,
  type PromoDiscount,
  type Quote,
} from '@courtreplay/shared';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../app-env.ts';
import type { PaymentItem } from '../adapters/ports.ts';
import type { DeviceRow } from '../devices/service.ts';
import { invalidInput, forbidden, DomainError } from '../errors.ts';
import { courtsOfVenue, venueOfCourt } from '../fields/service.ts';
import { reservePromo } from '../promos/service.ts';
import { loadEntriesInForce } from '../config-entries/service.ts';
import { courtShares, insertCourtShares } from '../reports/court-shares.ts';
import type { IdempotentRun, ReplayCodec } from './idempotency.ts';
import { markPurchaseOutcome } from './outcomes.ts';
import { claimPhoneToken, ensurePhoneToken, newPhoneToken, phoneUrlOf } from './phone-token.ts';
import {
  clipCourtNames,
  findPromoByCode,
  findPurchase,
  insertPurchase,
  latestCreatedAt,
  setPaymentToken,
  toApiPurchase,
  type Tx,
} from './queries.ts';

export type PurchaseDeps = Pick<AppDeps, 'db' | 'clock' | 'payments' | 'delivery' | 'logger' | 'storage'> & {
  config: Pick<AppDeps['config'], 'publicUrl' | 'pendingPaymentExpiryMs' | 'whatsapp'>;
};

/** The payment and delivery ports, or 503 before anything is stored when they are not wired. */
export function portsOf(deps: PurchaseDeps): Required<Pick<AppDeps, 'payments' | 'delivery'>> {
  const { payments, delivery } = deps;
  if (!payments || !delivery) throw new DomainError('unavailable', MESSAGES.checkout.paymentNotConfigured);
  return { payments, delivery };
}

export interface CreatedPurchase {
  status: 201;
  body: CreatePurchaseResponse;
}

const PRICING_KEYS = (['DEFAULT_PRICE', 'PROMO_TABLE', 'ENABLE_PAYMENT_GATEWAY'] as const).flatMap((key) => [
  configKey(key, false),
  configKey(key, true),
]);

/** The venue's own price, tiers and gateway where it has them, else the global ones: what every sale is priced by. */
export async function venuePricing(tx: Tx, venueId: number, staging: boolean): Promise<PricingConfig> {
  return pricingFromConfig(await loadEntriesInForce(tx, venueId, PRICING_KEYS), { staging });
}

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `CR-20261120-7KQ2M9XHPT`: the date in Asia/Jakarta plus 50 random bits; 21 characters. */
export function newPurchaseId(now: Date): string {
  const jakarta = new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  const bytes = randomBytes(10);
  let random = '';
  for (const byte of bytes) random += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `CR-${jakarta}-${random}`;
}

/** What a purchase starts with, wherever it is sold: nothing paid for, uploaded, linked or sent yet. */
export const NOTHING_DELIVERED_YET = {
  whatsappStatus: null,
  whatsappError: null,
  whatsappSentAt: null,
  paymentToken: null,
  emailStatus: null,
  emailError: null,
  emailSentAt: null,
  zipUrl: null,
  folderId: null,
  folderUrl: null,
  uploadError: 0,
  paidAt: null,
} as const;

/** Checks the browser's venue and court against the device; the device's record wins. */
function placeOf(
  device: DeviceRow,
  input: CreatePurchaseInput,
  fieldVenueId: number | undefined,
): { venueId: number; fieldId: number | null } {
  if (input.venueId != null && input.venueId !== device.venueId) throw invalidInput(PURCHASE_MESSAGES.wrongVenue);
  if (device.fieldId !== null) {
    if (input.fieldId != null && input.fieldId !== device.fieldId) throw invalidInput(PURCHASE_MESSAGES.wrongField);
    return { venueId: device.venueId, fieldId: device.fieldId };
  }
  // A kiosk registered without a court may name one, but only a court of its own venue.
  if (input.fieldId == null) return { venueId: device.venueId, fieldId: null };
  if (fieldVenueId !== device.venueId) throw invalidInput(PURCHASE_MESSAGES.wrongField);
  return { venueId: device.venueId, fieldId: input.fieldId };
}

/** The code is what the player knows and decides; the id (small, guessable) is only checked against it. */
export async function findRequestedPromo(tx: Tx, input: Pick<CreatePurchaseInput, 'promoCode' | 'promoId'>, now: Date, venueId: number) {
  const code = input.promoCode?.trim() ? input.promoCode : undefined;
  if (code === undefined) {
    if (input.promoId != null) throw invalidInput(PURCHASE_MESSAGES.promoCodeRequired);
    return undefined;
  }
  const promo = await findPromoByCode(tx, code);
  // Outside its days, switched off or another venue's reads exactly like an unknown code.
  const elsewhere = promo?.venueId != null && promo.venueId !== venueId;
  if (!promo || elsewhere || !promoIsOpen({ ...promo, active: promo.active === 1 }, now))
    throw invalidInput(MESSAGES.promo.invalidOrExpired);
  if (input.promoId != null && input.promoId !== promo.id) throw invalidInput(PURCHASE_MESSAGES.promoMismatch);
  return promo;
}

/** Each clip's court must be a court of the kiosk's venue (400 naming the first that is not). */
async function checkVideoCourts(tx: Tx, courts: readonly (number | null)[], venueId: number): Promise<(number | null)[]> {
  const named = [...new Set(courts.filter((court): court is number => court !== null))];
  const own = new Set(await courtsOfVenue(tx, venueId, named));
  const stranger = named.find((court) => !own.has(court));
  if (stranger !== undefined) throw invalidInput(PURCHASE_MESSAGES.unknownCourt(stranger));
  return [...courts];
}

/** Midtrans item lines: one per unit price, plus a negative line for the promo; they sum to the total. */
export function paymentItems(priced: Quote, promoCode: string | null): PaymentItem[] {
  const byPrice = new Map<number, { quantity: number; tier: number | null }>();
  for (const line of priced.lines) {
    const group = byPrice.get(line.unitPrice) ?? { quantity: 0, tier: line.tier };
    group.quantity += 1;
    byPrice.set(line.unitPrice, group);
  }
  const items: PaymentItem[] = [...byPrice].map(([price, { quantity, tier }]) => ({
    id: tier === null ? 'video' : `video-bundle-${tier}`,
    name: tier === null ? 'Video replay' : `Video replay (bundle of ${tier})`,
    price,
    quantity,
  }));
  if (priced.discount > 0) {
    items.push({ id: 'promo', name: `Promo ${promoCode ?? ''}`.trim().slice(0, 50), price: -priced.discount, quantity: 1 });
  }
  return items;
}

export async function createPurchase(
  deps: PurchaseDeps,
  device: DeviceRow,
  input: CreatePurchaseInput,
  idempotency?: IdempotentRun,
): Promise<CreatedPurchase> {
  const { db, clock } = deps;
  // Staging prices (often 0) deliver real clips: only a device a super admin marked may use them.
  if (input.isStaging && !device.staging) throw forbidden(DEVICE_MESSAGES.notTestDevice);
  // Without WhatsApp a number alone reaches nobody: refused before anything is stored or charged.
  if (deps.config.whatsapp.mode === 'off' && input.phone && !input.email) throw invalidInput(MESSAGES.checkout.whatsappOff);
  portsOf(deps);
  if (idempotency?.resumePurchaseId) return resumePurchase(deps, device, input, idempotency.resumePurchaseId);
  const now = clock.now();

  const created = await db.transaction().execute(async (tx) => {
    const courtVenue = device.fieldId === null && input.fieldId != null ? await venueOfCourt(tx, input.fieldId) : undefined;
    const place = placeOf(device, input, courtVenue);
    const promo = await findRequestedPromo(tx, input, now, place.venueId);
    const pricing = await venuePricing(tx, place.venueId, input.isStaging);
    const videoCourts = input.videoCourts ? await checkVideoCourts(tx, input.videoCourts, place.venueId) : undefined;
    const discount: PromoDiscount | null = promo ? { amount: promo.amount, percent: promo.percent } : null;
    const priced = quote({ ...pricing, count: input.videoIds.length, promo: discount });
    if (priced.total !== input.totalAmount) throw invalidInput(PURCHASE_MESSAGES.totalChanged);

    // The promo is used only when it takes something off; the conditional UPDATE keeps the quota.
    const appliedPromo = promo && priced.discount > 0 ? promo : undefined;
    if (appliedPromo && !(await reservePromo(tx, appliedPromo.id))) throw invalidInput(MESSAGES.promo.requestFailed);

    // The kiosk's token is one the server issued to it (the QR code it may already show); the
    // server draws one for a purchase that names none.
    const phoneToken = input.phoneToken === undefined ? newPhoneToken() : await claimPhoneToken(tx, device.deviceId, input.phoneToken, now);

    const free = priced.free || priced.total === 0;
    const nowIso = now.toISOString();
    const latest = await latestCreatedAt(tx);
    const id = newPurchaseId(now);
    if (videoCourts) await insertCourtShares(tx, id, courtShares(priced, videoCourts));
    await insertPurchase(tx, {
      id,
      // A player may leave only a WhatsApp number: the address column stays NOT NULL, ''.
      email: input.email ?? '',
      phone: input.phone ?? null,
      ...NOTHING_DELIVERED_YET,
      videoCount: input.videoIds.length,
      videoIds: JSON.stringify(input.videoIds),
      videoCourts: videoCourts ? JSON.stringify(videoCourts) : null,
      videoTitles: JSON.stringify(input.videoTitles ?? []),
      subtotal: priced.subtotal,
      discount: priced.discount,
      totalAmount: priced.total,
      venueId: place.venueId,
      fieldId: place.fieldId,
      deviceId: device.deviceId,
      promoId: appliedPromo?.id ?? null,
      promoCode: appliedPromo?.code ?? null,
      isStaging: input.isStaging ? 1 : 0,
      paymentStatus: free ? 'free' : 'pending',
      createdAt: latest !== undefined && latest > nowIso ? latest : nowIso,
      updatedAt: nowIso,
      phoneToken,
      language: input.language ?? null,
    });
    await idempotency?.bindKey(tx, id);
    return { id, priced, free, promoCode: appliedPromo?.code ?? null };
  });

  const items = paymentItems(created.priced, created.promoCode);
  const payment = created.free
    ? await deliverFree(deps, created.id)
    : await requestPayment(deps, payerOf(device, input), { id: created.id, total: created.priced.total, items });
  return answerFor(deps, created.id, payment, created.free);
}

/**
 * The purchase an earlier run of the same Idempotency-Key made before the server died: answered as
 * the first run would have, fetching its payment token now when the crash came before it was saved
 * (with the same order id, so never a second Midtrans order).
 */
async function resumePurchase(deps: PurchaseDeps, device: DeviceRow, input: CreatePurchaseInput, id: string): Promise<CreatedPurchase> {
  const row = await findPurchase(deps.db, id);
  if (!row) throw new Error(`purchase ${id} of an idempotency key is missing`);
  const free = row.paymentStatus === 'free';
  if (free) return answerFor(deps, id, await deliverFree(deps, id), true);
  if (row.paymentStatus === 'pending' && !row.paymentToken) {
    // The item lines are not stored; one line of the stored total keeps the sum Midtrans checks.
    const items: PaymentItem[] = [{ id: 'video', name: `Video replay x${row.videoCount}`, price: row.totalAmount, quantity: 1 }];
    return answerFor(deps, id, await requestPayment(deps, payerOf(device, input), { id, total: row.totalAmount, items }), false);
  }
  return answerFor(deps, id, row.paymentToken ? { token: row.paymentToken } : null, false);
}

async function deliverFree(deps: PurchaseDeps, id: string): Promise<null> {
  await portsOf(deps)
    .delivery.purchaseChanged(id)
    .catch((err: unknown) => deps.logger.error({ err, purchaseId: id }, 'delivery failed after a free purchase'));
  return null;
}

/** Who pays and where: the contact the provider may show, and where the sale was made. */
export interface Payer {
  email?: string | undefined;
  phone?: string | undefined;
  staging: boolean;
  /** Shown in the provider's dashboard: `device-{n}` for a kiosk (never its X-Device-Id), `phone` for a phone. */
  soldBy: string;
  /** A phone's sale: where the provider brings the player back after paying (redirect mode). */
  returnUrl?: string;
}

/** A kiosk's payer: its id in the dashboard, never the X-Device-Id (the kiosk's only credential). */
const payerOf = (device: DeviceRow, input: CreatePurchaseInput): Payer => ({
  email: input.email,
  phone: input.phone,
  staging: input.isStaging,
  soldBy: `device-${device.id}`,
});

/** A payment token for the stored purchase; when the provider refuses, the purchase ends (502). */
export async function requestPayment(
  deps: PurchaseDeps,
  payer: Payer,
  order: { id: string; total: number; items: PaymentItem[] },
): Promise<NonNullable<CreatePurchaseResponse['payment']>> {
  const { db, clock, logger } = deps;
  const row = await findPurchase(db, order.id);
  try {
    const answer = await portsOf(deps).payments.createPayment({
      orderId: order.id,
      grossAmount: order.total,
      items: order.items,
      ...(payer.email ? { email: payer.email } : {}),
      ...(payer.phone ? { phone: payer.phone } : {}),
      staging: payer.staging,
      customFields: { venue: row?.venueName ?? '', court: (row && clipCourtNames(row)) ?? '', device: payer.soldBy },
      ...(payer.returnUrl ? { returnUrl: payer.returnUrl } : {}),
    });
    await setPaymentToken(db, order.id, answer.token, clock.now().toISOString());
    return answer.redirectUrl ? { token: answer.token, redirectUrl: answer.redirectUrl } : { token: answer.token };
  } catch (err) {
    logger.error({ err, purchaseId: order.id }, 'payment provider refused to create the payment');
    // No token, no way to pay: end the purchase now so its promo use comes back.
    await markPurchaseOutcome(db, order.id, 'failed', clock.now());
    throw new DomainError('upstream_failed', MESSAGES.checkout.paymentInitFailed);
  }
}

/**
 * What an Idempotency-Key keeps of a created purchase's answer (purchases/idempotency.ts): the
 * purchase id and the payment part, not the address or the phone link; a replay answers from the
 * purchase as it stands now. Also reads a whole answer kept before this (by its transaction's id).
 */
export function purchaseReplayCodec(deps: PurchaseDeps): ReplayCodec {
  return {
    keep: (body) => {
      const answer = body as CreatePurchaseResponse;
      return { purchaseId: answer.transaction.id, payment: answer.payment, free: answer.skip_payment_gateway };
    },
    rebuild: async (kept) => {
      const k = kept as Partial<{ purchaseId: string; free: boolean }> & Partial<CreatePurchaseResponse>;
      const id = k.purchaseId ?? k.transaction?.id;
      if (!id) throw new Error('an idempotency record without its purchase');
      return (await answerFor(deps, id, k.payment ?? null, k.free ?? k.skip_payment_gateway ?? false)).body;
    },
  };
}

async function answerFor(
  deps: PurchaseDeps,
  id: string,
  payment: CreatePurchaseResponse['payment'],
  free: boolean,
): Promise<CreatedPurchase> {
  const row = await findPurchase(deps.db, id);
  if (!row) throw new Error(`purchase ${id} vanished after creation`);
  const token = row.phoneToken ?? (await ensurePhoneToken(deps.db, id))!;
  const phoneUrl = phoneUrlOf(deps.config.publicUrl, token);
  return { status: 201, body: { transaction: toApiPurchase(row), payment, skip_payment_gateway: free, phoneUrl } };
}
