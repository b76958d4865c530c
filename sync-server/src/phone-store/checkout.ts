// Paying for rallies on the phone that marked them, on the kiosk's money rules: the venue's prices
// and bundle tiers through the same quote() and the same promo rules (purchases/create-purchase.ts),
// the purchase in the same table (channel 'phone', sold at the court whose page it was bought on),
// and one order per phone: the same rallies again answer the open order, other rallies end it at
// the provider first (payments are ended as the kiosk ends its own), so no second payment is ever
// opened for the same rallies. Money is taken only for a rally whose clip is on the server or on its
// way from a recorder that reports (rally-state.ts).
import {
  formatRupiah,
  formatTime24,
  KIOSK_MESSAGES,
  MAX_VIDEOS_PER_PURCHASE,
  quote,
  type KioskLanguage,
  type PhoneRalliesResponse,
  type PricingConfig,
} from '@courtreplay/shared';
import { conflict, invalidInput } from '../errors.ts';
import {
  findRequestedPromo,
  newPurchaseId,
  NOTHING_DELIVERED_YET,
  paymentItems,
  portsOf,
  requestPayment,
  venuePricing,
  type PurchaseDeps,
} from '../purchases/create-purchase.ts';
import { endPaymentAtProvider } from '../purchases/manage-purchase.ts';
import { newPhoneToken, phoneUrlOf } from '../purchases/phone-token.ts';
import { insertPurchase, latestCreatedAt } from '../purchases/service.ts';
import { reservePromo } from '../promos/service.ts';
import { validatePromo } from '../promos/service.ts';
import { courtShares, insertCourtShares } from '../reports/court-shares.ts';
import { insertPurchaseMarks, openOrderOf, purchaseMarksOf, setPaymentUrl, takeOpenOrder } from './queries.ts';
import { phoneRallyList, type Rally, type StoreCourt } from './rallies.ts';

const priceLine = (pricing: PricingConfig, count: number, language: KioskLanguage, promo?: { amount: number; percent: number }) => {
  const T = KIOSK_MESSAGES[language].store;
  const priced = quote({ ...pricing, count, promo: promo ?? null });
  const text = formatRupiah(priced.total);
  return { priced, line: { count, amount: priced.total, text, pay: priced.total === 0 ? T.getFree : T.pay(text) } };
};

/** The price of one rally and the totals of 1..6, as the kiosk would charge them at this venue. */
export async function storePrices(deps: PurchaseDeps, venueId: number, language: KioskLanguage): Promise<PhoneRalliesResponse['prices']> {
  const pricing = await venuePricing(deps.db, venueId, false);
  const totals = Array.from({ length: MAX_VIDEOS_PER_PURCHASE }, (_, i) => priceLine(pricing, i + 1, language).line);
  const free = totals[0]!.amount === 0;
  return { each: KIOSK_MESSAGES[language].store.each(formatRupiah(free ? 0 : pricing.defaultPrice)), free, totals };
}

/** The total of `count` rallies with a promo code; the kiosk's one answer for any code that does not apply. */
export async function quoteWithPromo(
  deps: PurchaseDeps,
  venueId: number,
  input: { count: number; promoCode: string; language: KioskLanguage },
) {
  const checked = await validatePromo(deps, input.promoCode, venueId);
  if (!checked.valid || !checked.promo) throw invalidInput(KIOSK_MESSAGES[input.language].promo.requestFailed);
  const { priced, line } = priceLine(await venuePricing(deps.db, venueId, false), input.count, input.language, checked.promo);
  const T = KIOSK_MESSAGES[input.language].store;
  return { ...line, promo: T.promoApplied(checked.promo.code, formatRupiah(priced.discount)) };
}

export interface BuyInput {
  rallies: number[];
  totalAmount?: number | undefined;
  promoCode?: string | null | undefined;
  language: KioskLanguage;
}

export interface Bought {
  /** Where the phone goes next: the payment page, or the purchase's page. */
  next: string;
  purchaseId: string;
  reused: boolean;
}

const sameRallies = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/** The rallies asked for, each this phone's own, not yet bought, and payable now; else the player's reason. */
async function chosenRallies(deps: PurchaseDeps, court: StoreCourt, phoneKey: string, input: BuyInput): Promise<Rally[]> {
  const T = KIOSK_MESSAGES[input.language].store;
  if (new Set(input.rallies).size !== input.rallies.length) throw invalidInput(T.notYours);
  const list = await phoneRallyList(deps, court.venueId, phoneKey);
  return input.rallies.map((id) => {
    const rally = list.find((r) => r.id === id);
    if (!rally) throw invalidInput(T.notYours);
    if (rally.boughtToken) throw conflict(T.alreadyBought);
    if (!rally.payable) throw conflict(rally.state === 'offline' ? T.offline : T.notReady);
    return rally;
  });
}

/** Buys the phone's chosen rallies: its open order when it holds the same ones, else a new one. */
export async function buyRallies(deps: PurchaseDeps, court: StoreCourt, phoneKey: string, input: BuyInput): Promise<Bought> {
  portsOf(deps);
  const chosen = await chosenRallies(deps, court, phoneKey, input);
  const promoCode = input.promoCode?.trim() ? input.promoCode : null;
  // A lost race for the phone's one order slot (another tab paying now) is looked at again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const open = await openOrderOf(deps.db, phoneKey);
    const stillOpen =
      open?.paymentStatus === 'pending' && Date.parse(open.createdAt) + deps.config.pendingPaymentExpiryMs > deps.clock.now().getTime();
    if (open && stillOpen) {
      const marks = (await purchaseMarksOf(deps.db, open.id)).map((m) => m.markId);
      if (sameRallies(marks, input.rallies) && open.promoCode === promoCode) {
        if (!open.paymentUrl) throw conflict(KIOSK_MESSAGES[input.language].store.preparing);
        return { next: open.paymentUrl, purchaseId: open.id, reused: true };
      }
    }
    if (open?.paymentStatus === 'pending') {
      await endPaymentAtProvider(deps, open);
      const after = await openOrderOf(deps.db, phoneKey);
      // Paid before it could be ended: that purchase is the answer, as at the kiosk.
      if (after?.id === open.id && after.paymentStatus === 'paid' && open.phoneToken) {
        return { next: phoneUrlOf(deps.config.publicUrl, open.phoneToken), purchaseId: open.id, reused: false };
      }
    }
    const bought = await placeOrder(deps, court, phoneKey, chosen, { ...input, promoCode }, open?.id);
    if (bought) return bought;
  }
  throw conflict(KIOSK_MESSAGES[input.language].store.preparing);
}

/** The purchase, in one transaction with the phone's order slot and the promo's use; undefined when the slot was taken meanwhile. */
async function placeOrder(
  deps: PurchaseDeps,
  court: StoreCourt,
  phoneKey: string,
  chosen: Rally[],
  input: BuyInput,
  previous: string | undefined,
): Promise<Bought | undefined> {
  const { db, clock } = deps;
  const T = KIOSK_MESSAGES[input.language].store;
  const now = clock.now();
  const nowIso = now.toISOString();
  const id = newPurchaseId(now);
  const phoneToken = newPhoneToken();
  const created = await db.transaction().execute(async (tx) => {
    if (!(await takeOpenOrder(tx, phoneKey, id, previous, nowIso))) return undefined;
    const promo = await findRequestedPromo(tx, { promoCode: input.promoCode ?? null }, now, court.venueId);
    const pricing = await venuePricing(tx, court.venueId, false);
    const priced = quote({ ...pricing, count: chosen.length, promo: promo ? { amount: promo.amount, percent: promo.percent } : null });
    if (input.totalAmount !== undefined && priced.total !== input.totalAmount) throw invalidInput(T.totalChanged);
    const appliedPromo = promo && priced.discount > 0 ? promo : undefined;
    if (appliedPromo && !(await reservePromo(tx, appliedPromo.id))) throw invalidInput(KIOSK_MESSAGES[input.language].promo.requestFailed);
    const courts = chosen.map((r) => r.fieldId);
    await insertCourtShares(tx, id, courtShares(priced, courts));
    const latest = await latestCreatedAt(tx);
    const free = priced.free || priced.total === 0;
    await insertPurchase(tx, {
      id,
      email: '',
      phone: null,
      ...NOTHING_DELIVERED_YET,
      videoCount: chosen.length,
      videoIds: JSON.stringify(chosen.map((r) => `mark-${r.id}`)),
      videoCourts: JSON.stringify(courts),
      videoTitles: JSON.stringify(chosen.map((r) => T.rallyTitle(r.courtName, formatTime24(r.markedAt)))),
      subtotal: priced.subtotal,
      discount: priced.discount,
      totalAmount: priced.total,
      venueId: court.venueId,
      // Sold on a phone at the court whose poster it was bought from; no kiosk device.
      fieldId: court.fieldId,
      deviceId: '',
      promoId: appliedPromo?.id ?? null,
      promoCode: appliedPromo?.code ?? null,
      isStaging: 0,
      paymentStatus: free ? 'free' : 'pending',
      createdAt: latest !== undefined && latest > nowIso ? latest : nowIso,
      updatedAt: nowIso,
      phoneToken,
      language: input.language,
      channel: 'phone',
      buyerKey: phoneKey,
    });
    await insertPurchaseMarks(
      tx,
      id,
      chosen.map((r) => r.id),
    );
    return { priced, free, promoCode: appliedPromo?.code ?? null };
  });
  if (!created) return undefined;
  const { delivery } = portsOf(deps);
  const pageUrl = phoneUrlOf(deps.config.publicUrl, phoneToken);
  // The clips on the server go into the purchase's folder now, so a payment finds them there.
  const stock = () =>
    delivery.purchaseChanged(id).catch((err: unknown) => deps.logger.error({ err, purchaseId: id }, 'stocking a phone order failed'));
  if (created.free) {
    await stock();
    return { next: pageUrl, purchaseId: id, reused: false };
  }
  const payment = await requestPayment(
    deps,
    { staging: false, soldBy: 'phone', returnUrl: pageUrl },
    { id, total: created.priced.total, items: paymentItems(created.priced, created.promoCode) },
  );
  const next = payment.redirectUrl ?? pageUrl;
  await setPaymentUrl(deps.db, id, next);
  await stock();
  return { next, purchaseId: id, reused: false };
}

/** Ends the phone's open order at the provider: nothing is charged afterwards (or it was paid first). */
export async function cancelPhoneOrder(deps: PurchaseDeps, phoneKey: string, language: KioskLanguage): Promise<string> {
  const T = KIOSK_MESSAGES[language].store;
  const open = await openOrderOf(deps.db, phoneKey);
  if (!open || open.paymentStatus !== 'pending') return open?.paymentStatus === 'paid' ? T.paidAlready : T.cancelled;
  await endPaymentAtProvider(deps, open);
  return (await openOrderOf(deps.db, phoneKey))?.paymentStatus === 'paid' ? T.paidAlready : T.cancelled;
}
