// The player's data after the sale: an admin corrects a mistyped
// e-mail address or WhatsApp number, or erases them and the clips on the player's request (Indonesia's PDP law).
// Both are for an admin of the purchase's venue or a super admin, and both leave a trace: a
// purchase event naming the admin, and a log line.
import { ERASED_EMAIL, MESSAGES, PURCHASE_MESSAGES, SERVER_MESSAGES, type Purchase } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import type { SessionAdmin } from '../auth/venue-access.ts';
import { conflict, DomainError, notFound } from '../errors.ts';
import type { PurchaseDeps } from './create-purchase.ts';
import { forgetAuditValues } from '../audit/record.ts';
import { forgetAddresses, recordPurchaseEvent } from './events.ts';
import { purchaseFor } from './manage-purchase.ts';
import { findPurchase, markErased, setPurchaseEmail, setPurchasePhone, toApiPurchase } from './queries.ts';
import { foldersOfPurchase, forgetClipFiles } from '../storage/service.ts';
import { truncateWriteAheadLog } from '../db/database.ts';
import { eraseBoughtMarks } from '../phone-store/erase.ts';

const m = MESSAGES.transactions;

async function reloaded(deps: PurchaseDeps, id: string): Promise<Purchase> {
  const row = await findPurchase(deps.db, id);
  if (!row) throw notFound(PURCHASE_MESSAGES.transactionNotFound);
  return toApiPurchase(row);
}

/** Sets the purchase's address (already checked and lower-cased by the schema); Resend then uses it. */
export async function correctPurchaseEmail(deps: PurchaseDeps, id: string, admin: SessionAdmin, email: string): Promise<Purchase> {
  const purchase = await purchaseFor(deps, id, { admin });
  if (purchase.erasedAt) throw conflict(m.erasedNoChange);
  if (purchase.email === email) throw new DomainError('invalid_input', m.emailUnchanged);
  return correctContact(deps, id, admin, { email });
}

/**
 * Sets the address, the WhatsApp number (E.164, checked by the schema), or both; each change is a
 * purchase event naming the admin. Resend then uses them.
 */
export async function correctPurchaseContact(
  deps: PurchaseDeps,
  id: string,
  admin: SessionAdmin,
  contact: { email?: string; phone?: string },
): Promise<Purchase> {
  const purchase = await purchaseFor(deps, id, { admin });
  if (purchase.erasedAt) throw conflict(m.erasedNoChange);
  const email = contact.email !== undefined && contact.email !== purchase.email ? contact.email : undefined;
  const phone = contact.phone !== undefined && contact.phone !== purchase.phone ? contact.phone : undefined;
  if (email === undefined && phone === undefined) throw new DomainError('invalid_input', m.contactUnchanged);
  return correctContact(deps, id, admin, { email, phone });
}

async function correctContact(
  deps: PurchaseDeps,
  id: string,
  admin: SessionAdmin,
  change: { email?: string | undefined; phone?: string | undefined },
): Promise<Purchase> {
  const before = await findPurchase(deps.db, id);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (tx) => {
    if (change.email !== undefined) {
      await setPurchaseEmail(tx, id, change.email, now);
      const detail = before?.email ? { from: before.email, to: change.email } : { to: change.email };
      await recordPurchaseEvent(tx, { purchaseId: id, kind: 'email_corrected', at: now, adminId: admin.id, detail });
    }
    if (change.phone !== undefined) {
      await setPurchasePhone(tx, id, change.phone, now);
      const detail = before?.phone ? { from: before.phone, to: change.phone } : { to: change.phone };
      await recordPurchaseEvent(tx, { purchaseId: id, kind: 'phone_corrected', at: now, adminId: admin.id, detail });
    }
  });
  // Who and when; the addresses and numbers themselves stay in the database, out of the log.
  deps.logger.info(
    { purchaseId: id, adminId: admin.id, admin: admin.email, email: change.email !== undefined, phone: change.phone !== undefined },
    'purchase contact corrected by an admin',
  );
  return reloaded(deps, id);
}

/**
 * Deletes every storage folder made for the purchase, then replaces the address with ERASED_EMAIL and
 * clears the links; money figures, status, promo and ids stay. The folder goes first: should
 * storage fail, nothing is marked and the admin can try again. Erasing twice answers the erased
 * purchase again.
 */
export async function erasePurchase(
  deps: PurchaseDeps & Pick<AppDeps, 'mailer' | 'whatsapp'>,
  id: string,
  admin: SessionAdmin,
): Promise<Purchase> {
  const purchase = await purchaseFor(deps, id, { admin });
  if (purchase.erasedAt) return toApiPurchase(purchase);
  let filesRemoved = 0;
  // Every folder ever made for it (an upload that ended short, a resend), not only the current one.
  const folders = await foldersOfPurchase(deps.db, purchase);
  if (folders.length > 0 && !deps.storage) throw new DomainError('unavailable', SERVER_MESSAGES.storage.notConfigured);
  for (const folderId of folders) filesRemoved += await deps.storage!.deleteFolder(folderId);
  // Bought on a phone: the clip as the recorder uploaded it, and its preview, go too.
  if (purchase.channel === 'phone') filesRemoved += await eraseBoughtMarks(deps, deps.storage, id);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (tx) => {
    if (!(await markErased(tx, id, ERASED_EMAIL, now))) return;
    await forgetAddresses(tx, id);
    await forgetClipFiles(tx, id);
    await forgetAuditValues(tx, 'transaction', id);
    await recordPurchaseEvent(tx, { purchaseId: id, kind: 'erased', at: now, adminId: admin.id, detail: { filesRemoved } });
  });
  // Nothing readable left on disk either: the outboxes' copies of its messages, and the old row in
  // SQLite's write-ahead log (secure_delete zeroes it in the database file itself).
  const erased = { purchaseId: id, email: purchase.email, phone: purchase.phone };
  const copiesRemoved = (await deps.mailer?.forgetPurchase?.(erased)) ?? 0;
  const messagesRemoved = (await deps.whatsapp?.forgetPurchase?.(erased)) ?? 0;
  await truncateWriteAheadLog(deps.db);
  deps.logger.info(
    { purchaseId: id, adminId: admin.id, admin: admin.email, filesRemoved, outboxCopiesRemoved: copiesRemoved + messagesRemoved },
    "purchase erased on the player's request",
  );
  return reloaded(deps, id);
}
