// SQL of the delivery: the claim row that makes "exactly once" hold (one table per channel, the
// same columns: email_deliveries, whatsapp_deliveries), and what the e-mail needs.
import { EMAIL_COPY_KEY } from '@courtreplay/shared';
import type { Db } from '../db/database.ts';
import { clipCourtsColumn, purchaseWithPlace } from '../purchases/service.ts';
import type { EmailDeliveryTable } from '../db/schema/email-delivery.ts';
import type { WhatsappDeliveryTable, WhatsappMessageTable, WhatsappPendingStatusTable } from '../db/schema/whatsapp-delivery.ts';

/** Each channel's claim table. */
export type DeliveryTable = 'email_deliveries' | 'whatsapp_deliveries';

function withDeliveries(db: Db) {
  return db.withTables<Record<DeliveryTable, EmailDeliveryTable>>();
}

/** What the e-mail is built from; undefined for an unknown purchase. */
export async function findMailFacts(db: Db, purchaseId: string) {
  return purchaseWithPlace(db)
    .select([
      'purchases.id',
      'purchases.email',
      'purchases.phone',
      'purchases.videoCount',
      'purchases.videoTitles',
      'purchases.zipUrl',
      'purchases.paymentStatus',
      'purchases.emailStatus',
      'purchases.phoneToken',
      'purchases.language',
      'purchases.subtotal',
      'purchases.discount',
      'purchases.totalAmount',
      'purchases.promoCode',
      'purchases.paidAt',
      'purchases.createdAt',
      'purchases.erasedAt',
      'purchases.clipsExpiredAt',
      'venues.name as venueName',
      'venues.language as venueLanguage',
      'purchases.fieldId',
      'fields.name as fieldName',
      clipCourtsColumn(db).as('clipCourts'),
    ])
    .where('purchases.id', '=', purchaseId)
    .executeTakeFirst();
}

export type MailFacts = NonNullable<Awaited<ReturnType<typeof findMailFacts>>>;

/** Paid or free, its link saved, clips still kept, and an address to send to (a player may leave only a number). */
export function isDeliverable(p: MailFacts): boolean {
  return (
    (p.paymentStatus === 'paid' || p.paymentStatus === 'free') && Boolean(p.zipUrl) && Boolean(p.email) && !p.erasedAt && !p.clipsExpiredAt
  );
}

/**
 * How long one send holds its delivery. A send that outlives it is taken for lost (the instance
 * sending it stopped or crashed) and any instance's worker sends again. Longer than the SMTP
 * adapter's timeouts let one send last (15 s to connect, 15 s for the greeting, 60 s of silence).
 */
export const SEND_LEASE_MS = 5 * 60_000;
const leaseFrom = (now: Date) => new Date(now.getTime() + SEND_LEASE_MS).toISOString();

/** Inserts the claim row, leased for the first send; true only for the one caller whose insert landed. */
export async function claimDelivery(db: Db, table: DeliveryTable, purchaseId: string, now: Date): Promise<boolean> {
  const result = await withDeliveries(db)
    .insertInto(table)
    .values({
      purchaseId,
      claimedAt: now.toISOString(),
      attempts: 0,
      finishedAt: null,
      nextAttemptAt: leaseFrom(now),
      lastError: null,
      sendingSince: null,
    })
    .onConflict((oc) => oc.column('purchaseId').doNothing())
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}

export async function findDelivery(db: Db, table: DeliveryTable, purchaseId: string) {
  return withDeliveries(db).selectFrom(table).selectAll().where('purchaseId', '=', purchaseId).executeTakeFirst();
}

/** The attempt ended for good (sent, or failed permanently): nothing is due any more. */
export async function recordAttempt(
  db: Db,
  table: DeliveryTable,
  purchaseId: string,
  finishedAt: Date,
  error: string | null = null,
): Promise<void> {
  await withDeliveries(db)
    .updateTable(table)
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      finishedAt: finishedAt.toISOString(),
      nextAttemptAt: null,
      lastError: error,
      sendingSince: null,
    }))
    .where('purchaseId', '=', purchaseId)
    .execute();
}

/** A temporary failure: the worker tries again at `nextAttemptAt`. */
export async function scheduleRetry(db: Db, table: DeliveryTable, purchaseId: string, nextAttemptAt: Date, error: string): Promise<void> {
  await withDeliveries(db)
    .updateTable(table)
    .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt: nextAttemptAt.toISOString(), lastError: error, sendingSince: null }))
    .where('purchaseId', '=', purchaseId)
    .execute();
}

/** The message is about to be handed to the provider: until its outcome is recorded, whether it went out is unknown. */
export async function markSending(db: Db, table: DeliveryTable, purchaseId: string, now: Date): Promise<void> {
  await withDeliveries(db).updateTable(table).set({ sendingSince: now.toISOString() }).where('purchaseId', '=', purchaseId).execute();
}

/** Deliveries whose retry time has come, oldest first. */
export async function dueDeliveries(
  db: Db,
  table: DeliveryTable,
  now: Date,
  limit = 50,
): Promise<{ purchaseId: string; nextAttemptAt: string; sendingSince: string | null }[]> {
  const rows = await withDeliveries(db)
    .selectFrom(table)
    .select(['purchaseId', 'nextAttemptAt', 'sendingSince'])
    .where('finishedAt', 'is', null)
    .where('nextAttemptAt', '<=', now.toISOString())
    .orderBy('nextAttemptAt')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ purchaseId: r.purchaseId, nextAttemptAt: r.nextAttemptAt!, sendingSince: r.sendingSince }));
}

/**
 * Takes a due delivery for this attempt (its due time moved to the end of the send's lease); false
 * when another worker took it first, so two timers or two instances never send the same e-mail twice.
 */
export async function takeDue(db: Db, table: DeliveryTable, purchaseId: string, nextAttemptAt: string, now: Date): Promise<boolean> {
  const result = await withDeliveries(db)
    .updateTable(table)
    .set({ nextAttemptAt: leaseFrom(now) })
    .where('purchaseId', '=', purchaseId)
    .where('nextAttemptAt', '=', nextAttemptAt)
    .where('finishedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Sends a server of an earlier version cut short (claimed without a lease, never finished): due now.
 * Claims made since carry a lease, so a send cut short by a stop is retried once its lease lapses,
 * by whichever instance looks first, and never while another instance may still be sending it.
 */
export async function requeueInterrupted(db: Db, table: DeliveryTable, now: Date): Promise<number> {
  const result = await withDeliveries(db)
    .updateTable(table)
    .set({ nextAttemptAt: now.toISOString() })
    .where('finishedAt', 'is', null)
    .where('nextAttemptAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function storedEmailCopy(db: Db): Promise<string | null> {
  const row = await db.selectFrom('config_entries').select('value').where('key', '=', EMAIL_COPY_KEY).executeTakeFirst();
  return row?.value ?? null;
}

// ---------------------------------------------------------------- WhatsApp

function withWhatsapp(db: Db) {
  return db.withTables<{
    whatsapp_deliveries: WhatsappDeliveryTable;
    whatsapp_messages: WhatsappMessageTable;
    whatsapp_pending_statuses: WhatsappPendingStatusTable;
  }>();
}

/** What the WhatsApp message is built from; undefined for an unknown purchase. */
export async function findWhatsappFacts(db: Db, purchaseId: string) {
  return purchaseWithPlace(db)
    .select([
      'purchases.id',
      'purchases.phone',
      'purchases.paymentStatus',
      'purchases.whatsappStatus',
      'purchases.phoneToken',
      'purchases.language',
      'purchases.erasedAt',
      'purchases.clipsExpiredAt',
      'venues.language as venueLanguage',
    ])
    .where('purchases.id', '=', purchaseId)
    .executeTakeFirst();
}

export type WhatsappFacts = NonNullable<Awaited<ReturnType<typeof findWhatsappFacts>>>;

/**
 * Paid or free, a number given, clips still kept. The link is not waited for: the phone page exists
 * from the sale and fills in as the clips arrive.
 */
export function isWhatsappDeliverable(p: WhatsappFacts): boolean {
  return (p.paymentStatus === 'paid' || p.paymentStatus === 'free') && Boolean(p.phone) && !p.erasedAt && !p.clipsExpiredAt;
}

/** The message the Cloud API accepted for the purchase: the current one, and one of those its statuses may name. */
export async function setWhatsappMessageId(db: Db, purchaseId: string, messageId: string | null, sentAt: Date): Promise<void> {
  await withWhatsapp(db).updateTable('whatsapp_deliveries').set({ messageId }).where('purchaseId', '=', purchaseId).execute();
  if (messageId === null) return;
  await withWhatsapp(db)
    .insertInto('whatsapp_messages')
    .values({ messageId, purchaseId, sentAt: sentAt.toISOString() })
    .onConflict((oc) => oc.column('messageId').doNothing())
    .execute();
}

/** The purchase a Cloud API message id (wamid.…) was sent for, and whether it is the purchase's latest message. */
export async function purchaseOfMessage(db: Db, messageId: string): Promise<{ purchaseId: string; current: boolean } | undefined> {
  const row = await withWhatsapp(db)
    .selectFrom('whatsapp_messages as m')
    .leftJoin('whatsapp_deliveries as d', 'd.purchaseId', 'm.purchaseId')
    .select(['m.purchaseId', 'd.messageId as currentId'])
    .where('m.messageId', '=', messageId)
    .executeTakeFirst();
  if (row) return { purchaseId: row.purchaseId, current: row.currentId === messageId };
  // Sent before whatsapp_messages existed: only the current id is known.
  const older = await withWhatsapp(db)
    .selectFrom('whatsapp_deliveries')
    .select('purchaseId')
    .where('messageId', '=', messageId)
    .executeTakeFirst();
  return older ? { purchaseId: older.purchaseId, current: true } : undefined;
}

export async function insertPendingStatus(
  db: Db,
  pending: { id: string; messageId: string; recipient: string | null; status: string; receivedAt: string },
): Promise<void> {
  await withWhatsapp(db).insertInto('whatsapp_pending_statuses').values(pending).execute();
}

/** The kept statuses, oldest first: all of them, or those of one message. */
export async function pendingStatuses(db: Db, messageId?: string) {
  let q = withWhatsapp(db).selectFrom('whatsapp_pending_statuses').selectAll().orderBy('receivedAt').orderBy('id').limit(500);
  if (messageId !== undefined) q = q.where('messageId', '=', messageId);
  return q.execute();
}

export async function deletePendingStatus(db: Db, id: string): Promise<void> {
  await withWhatsapp(db).deleteFrom('whatsapp_pending_statuses').where('id', '=', id).execute();
}

/** Forgets kept statuses received up to `until`: they were never about a message of ours. */
export async function deletePendingStatusesUpTo(db: Db, until: string): Promise<void> {
  await withWhatsapp(db).deleteFrom('whatsapp_pending_statuses').where('receivedAt', '<=', until).execute();
}

/**
 * Purchases whose last message went to `phone` (E.164) without an answer (unconfirmed, so no
 * message id), handed over after `since`: a status with an unknown id for that number may be theirs.
 */
export async function unconfirmedSendsTo(db: Db, phone: string, since: string): Promise<string[]> {
  const rows = await withWhatsapp(db)
    .selectFrom('whatsapp_deliveries as d')
    .innerJoin('purchases', 'purchases.id', 'd.purchaseId')
    .select('d.purchaseId')
    .where('purchases.phone', '=', phone)
    .where('purchases.whatsappStatus', '=', 'unconfirmed')
    .where('d.messageId', 'is', null)
    .where('purchases.whatsappSentAt', '>', since)
    .execute();
  return rows.map((r) => r.purchaseId);
}

/** Forgets the resends booked up to `until` (an hour ago: they no longer count). */
export async function deleteResendsUpTo(db: Db, until: string): Promise<void> {
  await db.deleteFrom('email_resends').where('requestedAt', '<=', until).execute();
}

export async function insertResend(db: Db, resend: { id: string; purchaseId: string; requestedAt: string }): Promise<void> {
  await db.insertInto('email_resends').values(resend).execute();
}

/** How many resends of the purchase were booked after `since`. */
export async function countResendsAfter(db: Db, purchaseId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('email_resends')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('purchaseId', '=', purchaseId)
    .where('requestedAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteResend(db: Db, id: string): Promise<void> {
  await db.deleteFrom('email_resends').where('id', '=', id).execute();
}
