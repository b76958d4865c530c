// Changes after creation: the kiosk (or an admin) saves the purchase's link, and an admin asks for
// the e-mail again.
import {
  MESSAGES,
  PURCHASE_MESSAGES,
  type Purchase,
  type PurchaseStatusResponse,
  type ResendEmailResponse,
  SERVER_MESSAGES,
} from '@courtreplay/shared';
import type { DeviceRow } from '../devices/service.ts';
import { bookResend } from '../delivery/resend-limit.ts';
import { assertVenueAccess, type SessionAdmin } from '../auth/venue-access.ts';
import { invalidInput, conflict, forbidden, DomainError, notFound } from '../errors.ts';
import { portsOf, type PurchaseDeps } from './create-purchase.ts';
import { assertOpenForUploads } from './open-for-uploads.ts';
import { markPurchaseOutcome } from './outcomes.ts';
import type { EndedPayment } from '../adapters/ports.ts';
import { applyProviderOutcome } from '../payments/provider-outcome.ts';
import { recordPurchaseEvent } from './events.ts';
import { ensurePhoneToken, phoneUrlOf } from './phone-token.ts';
import { isOwnStorageLink } from './own-storage-link.ts';
import { findPurchase, setZipUrl, toApiPurchase, type PurchaseWithNames } from './queries.ts';

export type Caller = { admin: SessionAdmin } | { device: DeviceRow };

export async function purchaseFor(deps: PurchaseDeps, id: string, caller: Caller): Promise<PurchaseWithNames> {
  const purchase = await findPurchase(deps.db, id);
  if (!purchase) throw notFound(PURCHASE_MESSAGES.transactionNotFound);
  if ('admin' in caller) assertVenueAccess(caller.admin, purchase.venueId);
  else if (caller.device.deviceId !== purchase.deviceId) throw forbidden(SERVER_MESSAGES.purchases.notYourPurchase);
  return purchase;
}

/**
 * Saves the link (or null and the error flag). When the kiosk saves it, the delivery sends the
 * e-mail if it is due. When an admin saves it, it is the resend flow's upload (spec section 4),
 * which asks for the resend itself next: sending here too would mail the player twice.
 * A kiosk may only save the share link of the folder the server made for this purchase: the link
 * is what the e-mail sends, so a kiosk must not be able to mail the player an address of its own.
 * An admin may only save a folder on the product's own storage (own-storage-link.ts).
 */
export async function updateZipUrl(
  deps: PurchaseDeps,
  id: string,
  caller: Caller,
  body: { zipUrl: string | null; error: boolean },
): Promise<Purchase> {
  const { delivery } = portsOf(deps);
  const purchase = await purchaseFor(deps, id, caller);
  // Erased, clips removed or finally unpaid: no link may come back (409, for the kiosk too).
  if (purchase.erasedAt && 'admin' in caller) throw conflict(MESSAGES.transactions.erasedNoChange);
  assertOpenForUploads(purchase, deps.clock.now(), deps.config.pendingPaymentExpiryMs);
  if ('device' in caller && body.zipUrl !== null && body.zipUrl !== purchase.folderUrl)
    throw invalidInput(SERVER_MESSAGES.purchases.foreignLink);
  if ('admin' in caller && body.zipUrl !== null && !isOwnStorageLink(body.zipUrl, deps.storage, deps.config.publicUrl))
    throw invalidInput(SERVER_MESSAGES.purchases.notOwnStorageLink);
  await setZipUrl(deps.db, id, body.zipUrl, body.error, deps.clock.now().toISOString());
  if ('device' in caller) {
    await delivery
      .purchaseChanged(id)
      .catch((err: unknown) => deps.logger.error({ err, purchaseId: id }, 'delivery failed after the link was saved'));
  }
  const saved = await findPurchase(deps.db, id);
  if (!saved) throw notFound(PURCHASE_MESSAGES.transactionNotFound);
  return toApiPurchase(saved);
}

/**
 * The player closed the payment form without paying: the kiosk ends its still-pending purchase at
 * once, so its promo use comes back for the next Pay Now (a quota-1 code would otherwise say
 * 'Promo has ended' until the expiry sweep). It ends as 'expired', not 'failed': should the
 * provider still confirm a payment, the state machine takes it (and the promo use) back. A
 * purchase that is no longer pending is left as it is.
 */
export async function abandonPurchase(deps: PurchaseDeps, id: string, device: DeviceRow): Promise<Purchase> {
  await purchaseFor(deps, id, { device });
  const { purchase } = await markPurchaseOutcome(deps.db, id, 'expired', deps.clock.now());
  if (!purchase) throw notFound(PURCHASE_MESSAGES.transactionNotFound);
  return toApiPurchase(purchase);
}

/**
 * Before the kiosk opens a second order for the same cart it ends the earlier one at the provider,
 * so the player cannot pay both: expired once the provider ended it, or paid (and delivered) when the
 * provider answers it was paid first. A failure to end it is a 503: the kiosk then opens nothing new.
 */
export async function endPurchasePayment(deps: PurchaseDeps, id: string, device: DeviceRow): Promise<PurchaseStatusResponse> {
  await endPaymentAtProvider(deps, await purchaseFor(deps, id, { device }));
  return purchaseStatus(deps, id, device);
}

/**
 * Ends an order still open at the provider so it cannot be paid any more (a kiosk's before its next
 * order, a phone's before it buys other rallies): expired, or paid (and delivered) when the provider
 * answers it was paid first. A failure to end it is a 503, and the caller opens nothing new.
 */
export async function endPaymentAtProvider(
  deps: PurchaseDeps,
  purchase: Pick<PurchaseWithNames, 'id' | 'paymentStatus' | 'isStaging'>,
): Promise<void> {
  const { payments, delivery } = portsOf(deps);
  const id = purchase.id;
  if (purchase.paymentStatus !== 'paid' && purchase.paymentStatus !== 'free') {
    let ended: EndedPayment;
    try {
      ended = await payments.endPayment(id, purchase.isStaging === 1);
    } catch (err) {
      deps.logger.warn({ err, purchaseId: id }, 'the earlier order could not be ended at the payment provider');
      throw new DomainError('unavailable', SERVER_MESSAGES.payments.endFailed);
    }
    const outcomeDeps = { db: deps.db, logger: deps.logger, delivery, paymentWindowMs: deps.config.pendingPaymentExpiryMs };
    // An order that already ended unpaid keeps its reason (declined stays failed).
    if (ended === 'paid' || purchase.paymentStatus === 'pending')
      await applyProviderOutcome(outcomeDeps, id, ended === 'paid' ? 'paid' : 'expired', deps.clock.now());
  }
}

/** The kiosk's own purchase's payment status and phone page, for its 'Waiting for payment' screen. */
export async function purchaseStatus(deps: PurchaseDeps, id: string, device: DeviceRow): Promise<PurchaseStatusResponse> {
  const purchase = await purchaseFor(deps, id, { device });
  const token = purchase.phoneToken ?? (await ensurePhoneToken(deps.db, id))!;
  return { paymentStatus: purchase.paymentStatus, phoneUrl: phoneUrlOf(deps.config.publicUrl, token) };
}

/**
 * Sends the e-mail again. Without a link yet, answers searchLocally with the transaction: the
 * admin's browser then finds the clips in its folder, uploads them and saves the link first.
 */
export async function resendEmail(
  deps: PurchaseDeps,
  id: string,
  admin: SessionAdmin,
): Promise<{ answer: ResendEmailResponse; channel: 'email' | 'whatsapp' }> {
  const { delivery } = portsOf(deps);
  let purchase = await purchaseFor(deps, id, { admin });
  if (purchase.paymentStatus !== 'paid' && purchase.paymentStatus !== 'free') throw conflict(PURCHASE_MESSAGES.notPaid);
  if (purchase.erasedAt) throw conflict(MESSAGES.transactions.erasedNoChange);
  if (purchase.clipsExpiredAt) throw conflict(MESSAGES.transactions.clipsExpiredNoResend);
  // Bought on a phone: its clips come from the marks' folders, copied by the delivery (never searched for at a kiosk).
  if (purchase.channel === 'phone') {
    await delivery.purchaseChanged(id);
    purchase = await purchaseFor(deps, id, { admin });
    if (!purchase.zipUrl) throw conflict(MESSAGES.transactions.phoneClipsMissing);
    if (!purchase.email && !purchase.phone) return { answer: { message: MESSAGES.transactions.phoneClipsInPlace }, channel: 'email' };
  }
  // A number alone gets the WhatsApp message, whose phone page fills in as the clips arrive: no link needed.
  const channel = !purchase.email && purchase.phone && deps.config.whatsapp.mode !== 'off' ? 'whatsapp' : 'email';
  if (channel === 'email' && !purchase.zipUrl) return { answer: { searchLocally: true, transaction: toApiPurchase(purchase) }, channel };
  await bookResend(deps.db, id, deps.clock.now());
  await recordPurchaseEvent(deps.db, {
    purchaseId: id,
    kind: 'resend',
    at: deps.clock.now(),
    adminId: admin.id,
    ...(channel === 'whatsapp' ? { detail: { channel } } : {}),
  });
  try {
    await delivery.resend(id);
  } catch (err) {
    if (err instanceof DomainError) throw err;
    deps.logger.error({ err, purchaseId: id }, 'resend failed');
    throw new DomainError('upstream_failed', MESSAGES.transactions.resendFailed);
  }
  return { answer: { message: channel === 'whatsapp' ? MESSAGES.transactions.whatsappResent : MESSAGES.transactions.resent }, channel };
}
