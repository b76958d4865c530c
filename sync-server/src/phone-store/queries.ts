// SQL of the phone's store: the rallies a phone claimed, what it bought, its one open order, the
// marks a phone purchase bought (and whether each clip is in its folder yet), and the messages
// players asked for while the venue was offline.
import type { Db } from '../db/database.ts';

/** The marks this phone claimed on the venue's courts since `since`, newest first. */
export async function claimedMarks(db: Db, phoneKey: string, venueId: number, since: string) {
  return db
    .selectFrom('mark_claims')
    .innerJoin('court_marks', 'court_marks.id', 'mark_claims.markId')
    .innerJoin('fields', 'fields.id', 'court_marks.fieldId')
    .select([
      'court_marks.id',
      'court_marks.fieldId',
      'court_marks.markedAt',
      'court_marks.clipState',
      'court_marks.clipReason',
      'fields.name as courtName',
    ])
    .where('mark_claims.phoneKey', '=', phoneKey)
    .where('fields.venueId', '=', venueId)
    .where('court_marks.markedAt', '>=', since)
    .orderBy('court_marks.markedAt', 'desc')
    .orderBy('court_marks.id', 'desc')
    .execute();
}

/** Whether the phone claimed the mark. */
export async function hasClaim(db: Db, phoneKey: string, markId: number): Promise<boolean> {
  const row = await db
    .selectFrom('mark_claims')
    .select('markId')
    .where('phoneKey', '=', phoneKey)
    .where('markId', '=', markId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Of these marks, the ones this phone bought (paid or free, not erased), with the purchase's page token. */
export async function boughtMarks(db: Db, phoneKey: string, markIds: number[]) {
  if (markIds.length === 0) return [];
  return db
    .selectFrom('purchase_marks')
    .innerJoin('purchases', 'purchases.id', 'purchase_marks.purchaseId')
    .select(['purchase_marks.markId', 'purchases.phoneToken'])
    .where('purchases.buyerKey', '=', phoneKey)
    .where('purchases.paymentStatus', 'in', ['paid', 'free'])
    .where('purchases.erasedAt', 'is', null)
    .where('purchase_marks.markId', 'in', markIds)
    .execute();
}

/** The phone's open order (its purchase as it stands now), if it has one. */
export async function openOrderOf(db: Db, phoneKey: string) {
  return db
    .selectFrom('phone_open_orders')
    .innerJoin('purchases', 'purchases.id', 'phone_open_orders.purchaseId')
    .select([
      'purchases.id',
      'purchases.paymentStatus',
      'purchases.paymentUrl',
      'purchases.phoneToken',
      'purchases.promoCode',
      'purchases.totalAmount',
      'purchases.createdAt',
      'purchases.isStaging',
    ])
    .where('phone_open_orders.phoneKey', '=', phoneKey)
    .executeTakeFirst();
}

/**
 * Makes `purchaseId` the phone's open order: a new row, or the one that held `previous`. False when
 * another request changed it meanwhile (then the caller looks again): one phone, one open order.
 */
export async function takeOpenOrder(tx: Db, phoneKey: string, purchaseId: string, previous: string | undefined, now: string) {
  if (previous === undefined) {
    const inserted = await tx
      .insertInto('phone_open_orders')
      .values({ phoneKey, purchaseId, updatedAt: now })
      .onConflict((oc) => oc.column('phoneKey').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const updated = await tx
    .updateTable('phone_open_orders')
    .set({ purchaseId, updatedAt: now })
    .where('phoneKey', '=', phoneKey)
    .where('purchaseId', '=', previous)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function insertPurchaseMarks(tx: Db, purchaseId: string, markIds: number[]): Promise<void> {
  await tx
    .insertInto('purchase_marks')
    .values(markIds.map((markId, clipIndex) => ({ purchaseId, markId, clipIndex, copiedAt: null })))
    .execute();
}

/** A phone purchase's marks in clip order. */
export async function purchaseMarksOf(db: Db, purchaseId: string) {
  return db.selectFrom('purchase_marks').selectAll().where('purchaseId', '=', purchaseId).orderBy('clipIndex').execute();
}

/** Purchases still waiting for this mark's clip in their folder. */
export async function purchasesWaitingFor(db: Db, markId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('purchase_marks')
    .select('purchaseId')
    .where('markId', '=', markId)
    .where('copiedAt', 'is', null)
    .execute();
  return rows.map((r) => r.purchaseId);
}

export async function setMarkCopied(db: Db, purchaseId: string, markId: number, now: string): Promise<void> {
  await db
    .updateTable('purchase_marks')
    .set({ copiedAt: now })
    .where('purchaseId', '=', purchaseId)
    .where('markId', '=', markId)
    .where('copiedAt', 'is', null)
    .execute();
}

export async function setPaymentUrl(db: Db, purchaseId: string, paymentUrl: string): Promise<void> {
  await db.updateTable('purchases').set({ paymentUrl }).where('id', '=', purchaseId).execute();
}

/** Sets the purchase's folder unless it has one; true when this call set it. */
export async function setFolderOnce(db: Db, purchaseId: string, folder: { folderId: string; folderUrl: string }, now: string) {
  const result = await db
    .updateTable('purchases')
    .set({ ...folder, updatedAt: now })
    .where('id', '=', purchaseId)
    .where('folderId', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---------------------------------------------------------------- messages when the venue is back

export async function saveNotice(
  db: Db,
  row: { markId: number; phoneKey: string; email: string | null; phone: string | null; language: 'en' | 'id'; createdAt: string },
): Promise<void> {
  await db
    .insertInto('mark_notices')
    .values({ ...row, sentAt: null })
    .onConflict((oc) => oc.columns(['markId', 'phoneKey']).doUpdateSet({ email: row.email, phone: row.phone, language: row.language }))
    .execute();
}

/** The messages asked for about this mark and not yet sent, with the court's code for the link. */
export async function unsentNotices(db: Db, markId: number) {
  return db
    .selectFrom('mark_notices')
    .innerJoin('court_marks', 'court_marks.id', 'mark_notices.markId')
    .innerJoin('fields', 'fields.id', 'court_marks.fieldId')
    .select([
      'mark_notices.markId',
      'mark_notices.phoneKey',
      'mark_notices.email',
      'mark_notices.phone',
      'mark_notices.language',
      'court_marks.markedAt',
      'fields.name as courtName',
      'fields.courtCode',
    ])
    .where('mark_notices.markId', '=', markId)
    .where('mark_notices.sentAt', 'is', null)
    .execute();
}

/** Claims one notice for sending (true once, whichever instance asks first); its address and number go with the claim. */
export async function claimNotice(db: Db, markId: number, phoneKey: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('mark_notices')
    .set({ sentAt: now, email: null, phone: null })
    .where('markId', '=', markId)
    .where('phoneKey', '=', phoneKey)
    .where('sentAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the phone asked to be told about each of these marks. */
export async function noticesAskedFor(db: Db, phoneKey: string, markIds: number[]): Promise<Set<number>> {
  if (markIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('mark_notices')
    .select('markId')
    .where('phoneKey', '=', phoneKey)
    .where('markId', 'in', markIds)
    .execute();
  return new Set(rows.map((r) => r.markId));
}

/** Addresses and numbers are kept only until sent, or a day at most (with their marks). */
export async function deleteNoticesBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('mark_notices').where('createdAt', '<', before).execute();
}

/** Sets a phone purchase's e-mail and number where it has none yet; answers which took (a second one never replaces the first). */
export async function setContactOnce(db: Db, id: string, contact: { email?: string | undefined; phone?: string | undefined }, now: string) {
  const took = { email: false, phone: false };
  if (contact.email) {
    const r = await db
      .updateTable('purchases')
      .set({ email: contact.email, updatedAt: now })
      .where('id', '=', id)
      .where('email', '=', '')
      .executeTakeFirst();
    took.email = Number(r.numUpdatedRows) > 0;
  }
  if (contact.phone) {
    const r = await db
      .updateTable('purchases')
      .set({ phone: contact.phone, updatedAt: now })
      .where('id', '=', id)
      .where('phone', 'is', null)
      .executeTakeFirst();
    took.phone = Number(r.numUpdatedRows) > 0;
  }
  return took;
}

/** An erased phone purchase no longer knows its phone. */
export async function forgetBuyer(db: Db, purchaseId: string): Promise<void> {
  await db.updateTable('purchases').set({ buyerKey: null }).where('id', '=', purchaseId).execute();
  await db.deleteFrom('phone_open_orders').where('purchaseId', '=', purchaseId).execute();
}

/** Sold phone purchases whose clips are not all in their folder yet (a copy failed, or a clip is still on its way). */
export async function phonePurchasesShortOfClips(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('purchases')
    .select('id')
    .where('channel', '=', 'phone')
    .where('paymentStatus', 'in', ['paid', 'free'])
    .where('zipUrl', 'is', null)
    .where('erasedAt', 'is', null)
    .where('clipsExpiredAt', 'is', null)
    .orderBy('createdAt')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Whether a purchase still waits for this mark's clip (paid, free, or still payable): its folder must stay. */
export async function markStillWanted(db: Db, markId: number): Promise<boolean> {
  const row = await db
    .selectFrom('purchase_marks')
    .innerJoin('purchases', 'purchases.id', 'purchase_marks.purchaseId')
    .select('purchase_marks.markId')
    .where('purchase_marks.markId', '=', markId)
    .where('purchase_marks.copiedAt', 'is', null)
    .where('purchases.paymentStatus', 'in', ['paid', 'free', 'pending'])
    .where('purchases.erasedAt', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
