// SQL of the kiosk reports; each helper takes the database first.
import type { KioskParkedReport, KioskUploadProgressReport, ParkedPurchase, ReversedPayment } from '@courtreplay/shared';
import type { Db } from '../db/database.ts';
import { purchaseWithPlace } from '../purchases/service.ts';
import type { EmailDeliveryTable } from '../db/schema/email-delivery.ts';
import { recordPurchaseEvent } from '../purchases/events.ts';

/** Stores a parked purchase once per (device, key); a repeated report refreshes it. */
export async function upsertParked(
  db: Db,
  device: { deviceId: string; venueId: number },
  report: KioskParkedReport,
  now: string,
): Promise<void> {
  const row = {
    deviceId: device.deviceId,
    venueId: device.venueId,
    idempotencyKey: report.idempotencyKey,
    reason: report.reason,
    status: report.status,
    attempts: report.attempts,
    email: report.email,
    videoCount: report.videoCount,
    totalAmount: report.totalAmount,
    isStaging: report.isStaging ? 1 : 0,
    queuedAt: report.queuedAt,
    parkedAt: report.parkedAt,
    reportedAt: now,
  };
  await db
    .insertInto('parked_purchases')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['deviceId', 'idempotencyKey'])
        .doUpdateSet({ reason: row.reason, status: row.status, attempts: row.attempts, parkedAt: row.parkedAt, reportedAt: now }),
    )
    .execute();
}

const PARKED_LIST_LIMIT = 500;

/** Newest first; `venueId` null means every venue. */
export async function listParked(db: Db, venueId: number | null): Promise<ParkedPurchase[]> {
  let q = db
    .selectFrom('parked_purchases')
    .leftJoin('venues', 'venues.id', 'parked_purchases.venueId')
    .selectAll('parked_purchases')
    .select('venues.name as venueName')
    .orderBy('parked_purchases.reportedAt', 'desc')
    .orderBy('parked_purchases.id', 'desc')
    .limit(PARKED_LIST_LIMIT);
  if (venueId !== null) q = q.where('parked_purchases.venueId', '=', venueId);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, isStaging: r.isStaging === 1, venueName: r.venueName ?? 'Unknown Venue' }));
}

/** Paid purchases the provider reversed afterwards, newest reversal first (the Errors tab). */
export async function listReversed(db: Db, venueId: number | null): Promise<ReversedPayment[]> {
  let q = purchaseWithPlace(db)
    .select([
      'purchases.id',
      'purchases.email',
      'purchases.totalAmount',
      'purchases.paidAt',
      'purchases.paymentReversal',
      'purchases.paymentReversedAt',
      'venues.name as venueName',
    ])
    .where('purchases.paymentReversedAt', 'is not', null)
    .orderBy('purchases.paymentReversedAt', 'desc')
    .limit(PARKED_LIST_LIMIT);
  if (venueId !== null) q = q.where('purchases.venueId', '=', venueId);
  const rows = await q.execute();
  return rows.map((r) => ({
    ...r,
    paymentReversal: r.paymentReversal!,
    paymentReversedAt: r.paymentReversedAt!,
    venueName: r.venueName ?? 'Unknown Venue',
  }));
}

export async function findParked(db: Db, id: number) {
  return db.selectFrom('parked_purchases').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteParked(db: Db, id: number): Promise<void> {
  await db.deleteFrom('parked_purchases').where('id', '=', id).execute();
}

export async function findPurchaseOwner(db: Db, purchaseId: string) {
  return db.selectFrom('purchases').select(['id', 'deviceId', 'venueId']).where('id', '=', purchaseId).executeTakeFirst();
}

/**
 * Keeps the latest progress and adds to the purchase's history each clip newly reported uploaded
 * (clip n of total) and an upload that ended short once, so the detail drawer's timeline shows them.
 */
export async function upsertProgress(db: Db, deviceId: string, report: KioskUploadProgressReport, now: string): Promise<void> {
  const row = {
    purchaseId: report.transactionId,
    deviceId,
    uploaded: report.uploaded,
    failed: report.failed,
    total: report.total,
    state: report.state,
    reason: report.reason ?? null,
    updatedAt: now,
  };
  await db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('upload_progress')
      .select(['uploaded', 'state'])
      .where('purchaseId', '=', report.transactionId)
      .executeTakeFirst();
    await tx
      .insertInto('upload_progress')
      .values(row)
      .onConflict((oc) =>
        oc.column('purchaseId').doUpdateSet({
          uploaded: row.uploaded,
          failed: row.failed,
          total: row.total,
          state: row.state,
          reason: row.reason,
          updatedAt: now,
        }),
      )
      .execute();
    const at = new Date(now);
    for (let clip = (before?.uploaded ?? 0) + 1; clip <= report.uploaded; clip++) {
      await recordPurchaseEvent(tx, { purchaseId: report.transactionId, kind: 'clip_uploaded', at, detail: { clip, clips: report.total } });
    }
    // Nothing uploaded, or finished with some clips missing: recorded once, when the upload ends so.
    const endedShort = report.state === 'failed' || (report.state === 'done' && report.failed > 0);
    if (endedShort && before?.state !== report.state) {
      await recordPurchaseEvent(tx, {
        purchaseId: report.transactionId,
        kind: 'upload_failed',
        at,
        detail: { clip: report.uploaded, clips: report.total, ...(report.reason ? { reason: report.reason } : {}) },
      });
    }
  });
}

/** The purchases named (within `venueId` unless null) with their latest upload progress. */
export async function purchasesWithProgress(db: Db, ids: string[], venueId: number | null) {
  let q = db
    .withTables<{ email_deliveries: EmailDeliveryTable }>()
    .selectFrom('purchases')
    .leftJoin('upload_progress', 'upload_progress.purchaseId', 'purchases.id')
    .leftJoin('email_deliveries', 'email_deliveries.purchaseId', 'purchases.id')
    .select([
      'purchases.id',
      'purchases.paymentStatus',
      'purchases.videoCount',
      'purchases.zipUrl',
      'purchases.uploadError',
      'purchases.emailStatus',
      'purchases.emailError',
      'purchases.updatedAt',
      'upload_progress.uploaded',
      'upload_progress.failed',
      'upload_progress.total',
      'upload_progress.state as uploadState',
      'upload_progress.reason',
      'upload_progress.updatedAt as progressAt',
      // Set while a refused e-mail waits for its next try (delivery/mail-delivery.ts).
      'email_deliveries.nextAttemptAt as emailRetryAt',
      'email_deliveries.lastError as emailLastError',
    ])
    .where('purchases.id', 'in', ids);
  if (venueId !== null) q = q.where('purchases.venueId', '=', venueId);
  return q.execute();
}
export type PurchaseProgressRow = Awaited<ReturnType<typeof purchasesWithProgress>>[number];
