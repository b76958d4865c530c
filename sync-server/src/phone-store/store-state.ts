// What the store page shows and its script polls: the phone's rallies today, the venue's prices as
// the kiosk charges them, and the phone's open order, if it has one. A phone without its cookie has
// no rallies to show (it is told to allow cookies).
import { formatRupiah, KIOSK_MESSAGES, MAX_VIDEOS_PER_PURCHASE, type KioskLanguage, type PhoneRalliesResponse } from '@courtreplay/shared';
import type { PurchaseDeps } from '../purchases/create-purchase.ts';
import { storePrices } from './checkout.ts';
import { openOrderOf, purchaseMarksOf } from './queries.ts';
import { phoneRallyList, rallyForPhone, venueOnline, type StoreCourt } from './rallies.ts';

export async function storeState(
  deps: PurchaseDeps,
  court: StoreCourt,
  phoneKey: string | undefined,
  language: KioskLanguage,
): Promise<PhoneRalliesResponse> {
  const [rallies, prices, online] = await Promise.all([
    phoneKey ? phoneRallyList(deps, court.venueId, phoneKey) : [],
    storePrices(deps, court.venueId, language),
    venueOnline(deps, court.venueId),
  ]);
  return {
    rallies: rallies.map((rally) => rallyForPhone(rally, court, language)),
    venueOnline: online,
    prices,
    order: phoneKey ? await openOrder(deps, phoneKey, language) : null,
    maxPerOrder: MAX_VIDEOS_PER_PURCHASE,
  };
}

/** The phone's order that may still be paid: its payment page and its rallies. */
async function openOrder(deps: PurchaseDeps, phoneKey: string, language: KioskLanguage): Promise<PhoneRalliesResponse['order']> {
  const open = await openOrderOf(deps.db, phoneKey);
  if (!open || open.paymentStatus !== 'pending' || !open.paymentUrl) return null;
  if (Date.parse(open.createdAt) + deps.config.pendingPaymentExpiryMs <= deps.clock.now().getTime()) return null;
  const marks = await purchaseMarksOf(deps.db, open.id);
  return {
    text: KIOSK_MESSAGES[language].store.pendingOrder(formatRupiah(open.totalAmount)),
    payUrl: open.paymentUrl,
    rallies: marks.map((m) => m.markId),
  };
}
