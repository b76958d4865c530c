// SQL for purchases, their promo reservations and their delivery fields. Every helper takes the
// database (or a transaction) first. Times are ISO 8601 UTC strings.
import { clipCourtIdsFromCounts, type Purchase, type PurchaseCourt } from '@courtreplay/shared';
import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import { isPostgres } from '../db/dialect.ts';
import type {
  Database,
  EmailStatus,
  PaymentReversal,
  PaymentStatus,
  PurchaseEventKind,
  PurchaseEventTable,
  PurchaseTable,
  WhatsappStatus,
} from '../db/schema/index.ts';

export type Tx = Kysely<Database>;
export type PurchaseRow = Selectable<PurchaseTable>;
export type PurchaseWithNames = PurchaseRow & { venueName: string | null; fieldName: string | null; clipCourts: unknown };

export const UNKNOWN_VENUE = 'Unknown Venue';

/**
 * Purchases joined with their venue and court (`venues`, `fields`; left joins: either may have been
 * deleted since), for a query to select what it needs from the three: the one place this join is written.
 */
export function purchaseWithPlace(db: Tx) {
  return db
    .selectFrom('purchases')
    .leftJoin('venues', 'venues.id', 'purchases.venueId')
    .leftJoin('fields', 'fields.id', 'purchases.fieldId');
}

/**
 * The purchase's court shares (migration 028) with their courts' names, as one JSON list selected
 * beside the purchase (`as clipCourts`); read it with courtsOf. Ordered by court name, so "Court 1,
 * Court 2" reads the same on every screen.
 */
export function clipCourtsColumn(db: Tx): RawBuilder<unknown> {
  return isPostgres(db)
    ? sql`(select coalesce(json_agg(json_build_object('fieldId', pc."fieldId", 'fieldName', f.name, 'clips', pc.clips, 'amount', pc.amount)
          order by f.name, pc."fieldId"), '[]') from purchase_courts pc left join fields f on f.id = pc."fieldId" where pc."purchaseId" = purchases.id)`
    : sql`(select json_group_array(json_object('fieldId', c."fieldId", 'fieldName', c.name, 'clips', c.clips, 'amount', c.amount))
          from (select pc."fieldId", f.name, pc.clips, pc.amount from purchase_courts pc left join fields f on f.id = pc."fieldId"
            where pc."purchaseId" = purchases.id order by f.name, pc."fieldId") c)`;
}

/**
 * A purchase's courts from its clipCourts column; a purchase that recorded none (made without
 * videoCourts) has all its clips at the kiosk's court.
 */
export function courtsOf(row: {
  clipCourts: unknown;
  fieldId: number | null;
  fieldName: string | null;
  videoCount: number;
  totalAmount: number;
}): PurchaseCourt[] {
  const raw: unknown = typeof row.clipCourts === 'string' ? JSON.parse(row.clipCourts) : row.clipCourts;
  const list = Array.isArray(raw) ? (raw as { fieldId: number; fieldName: string | null; clips: number; amount: number }[]) : [];
  if (list.length === 0) return [{ fieldId: row.fieldId, fieldName: row.fieldName, clips: row.videoCount, amount: row.totalAmount }];
  return list.map((c) => ({
    fieldId: Number(c.fieldId) || null,
    fieldName: c.fieldName,
    clips: Number(c.clips),
    amount: Number(c.amount),
  }));
}

/** The clips' court names as a player reads them ("Court 1, Court 2"); null when none has a name. */
export function clipCourtNames(row: Parameters<typeof courtsOf>[0]): string | null {
  const names = courtsOf(row).flatMap((court) => (court.fieldName === null ? [] : [court.fieldName]));
  return names.length ? names.join(', ') : null;
}

/** Each clip's court: as the kiosk sent it, else from the courts' clip counts. */
function videoCourtsOf(row: PurchaseWithNames, courts: PurchaseCourt[]): (number | null)[] {
  const sent: unknown = row.videoCourts ? JSON.parse(row.videoCourts) : null;
  if (Array.isArray(sent) && sent.length === row.videoCount) return sent.map((id) => (typeof id === 'number' ? id : null));
  return clipCourtIdsFromCounts(courts, row.videoCount);
}

/** Every column plus the venue's and court's names (null when they were deleted) and the clips' courts. */
export function selectPurchases(db: Tx) {
  return purchaseWithPlace(db)
    .selectAll('purchases')
    .select(['venues.name as venueName', 'fields.name as fieldName', clipCourtsColumn(db).as('clipCourts')]);
}

export async function findPurchase(db: Tx, id: string): Promise<PurchaseWithNames | undefined> {
  return selectPurchases(db).where('purchases.id', '=', id).executeTakeFirst();
}

const parseList = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.map(String) : [];
};

/** A row as the API shows it (spec section 3). */
export function toApiPurchase(row: PurchaseWithNames): Purchase {
  const courts = courtsOf(row);
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    videoCount: row.videoCount,
    videoTitles: parseList(row.videoTitles),
    videoIds: parseList(row.videoIds),
    subtotal: row.subtotal,
    discount: row.discount,
    totalAmount: row.totalAmount,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    paymentStatus: row.paymentStatus,
    emailSent: row.emailStatus,
    emailError: row.emailError,
    emailSentAt: row.emailSentAt,
    whatsappSent: row.whatsappStatus,
    whatsappError: row.whatsappError,
    whatsappSentAt: row.whatsappSentAt,
    venueName: row.venueName ?? UNKNOWN_VENUE,
    venueId: row.venueId,
    fieldName: row.fieldName,
    fieldId: row.fieldId,
    courts,
    videoCourts: videoCourtsOf(row, courts),
    zipUrl: row.zipUrl,
    uploadError: row.uploadError === 1,
    promoCode: row.promoCode,
    isStaging: row.isStaging === 1,
    deviceId: row.deviceId,
    paymentReversal: row.paymentReversal,
    paymentReversedAt: row.paymentReversedAt,
    clipsExpiredAt: row.clipsExpiredAt,
    erasedAt: row.erasedAt,
    channel: row.channel,
  };
}

// ---------------------------------------------------------------- creation (inside a transaction)

/** Adds one to a scope's counter and returns the new value: the next dense rank in that scope. */
export async function nextRank(tx: Tx, scope: string): Promise<number> {
  const row = await tx
    .insertInto('purchase_counters')
    .values({ scope, value: 1 })
    .onConflict((oc) => oc.column('scope').doUpdateSet((eb) => ({ value: eb('purchase_counters.value', '+', 1) })))
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}

export async function counterValue(db: Tx, scope: string): Promise<number> {
  const row = await db.selectFrom('purchase_counters').select('value').where('scope', '=', scope).executeTakeFirst();
  return row?.value ?? 0;
}

export const scopeOf = {
  all: 'all',
  venue: (venueId: number) => `venue:${venueId}`,
  field: (fieldId: number) => `field:${fieldId}`,
};

/** The newest purchase's createdAt, so a new one is never dated before it (clock steps back). */
export async function latestCreatedAt(tx: Tx): Promise<string | undefined> {
  const row = await tx.selectFrom('purchases').select('createdAt').orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row?.createdAt;
}

export type NewPurchase = Omit<
  PurchaseRow,
  | 'seq'
  | 'venueSeq'
  | 'fieldSeq'
  | 'reconcileAttempts'
  | 'reconcileAt'
  | 'paymentReversal'
  | 'paymentReversedAt'
  | 'phoneToken'
  | 'language'
  | 'clipsExpiredAt'
  | 'erasedAt'
  | 'channel'
  | 'buyerKey'
  | 'paymentUrl'
> &
  Partial<Pick<PurchaseRow, 'phoneToken' | 'language' | 'channel' | 'buyerKey'>>;

/** Inserts a purchase with its ranks; call inside the transaction that reserved its promo. */
export async function insertPurchase(tx: Tx, purchase: NewPurchase): Promise<void> {
  const seq = await nextRank(tx, scopeOf.all);
  const venueSeq = await nextRank(tx, scopeOf.venue(purchase.venueId));
  const fieldSeq = purchase.fieldId === null ? null : await nextRank(tx, scopeOf.field(purchase.fieldId));
  await tx
    .insertInto('purchases')
    .values({ ...purchase, seq, venueSeq, fieldSeq })
    .execute();
}

export async function findPromoByCode(db: Tx, code: string) {
  return db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

// ---------------------------------------------------------------- later changes

export async function setPaymentToken(db: Tx, id: string, token: string, now: string): Promise<void> {
  await db.updateTable('purchases').set({ paymentToken: token, updatedAt: now }).where('id', '=', id).execute();
}

/** The states a purchase that ended without payment may be in; the provider may still settle it. */
export const UNPAID_ENDS: readonly PaymentStatus[] = ['failed', 'expired'];

/**
 * Moves a purchase to `status` when it may go there, in one conditional UPDATE (two callers racing
 * move it once). True when this call made the move.
 *
 * - paid: from pending, failed or expired. The provider's status API is the truth: our expiry, the
 *   kiosk's Close and a deny the player retried past (Snap lets them pay again inside the window)
 *   do not undo money the provider took. Paid (and free) never move again.
 * - failed, expired: from pending; and, when the provider itself said so (`confirmed`), from the
 *   other unpaid state, so an unpaid purchase ends in the state the provider ends in.
 */
export async function transitionPayment(
  tx: Tx,
  id: string,
  status: Exclude<PaymentStatus, 'pending' | 'free'>,
  now: string,
  confirmed: boolean,
): Promise<boolean> {
  const from: PaymentStatus[] =
    status === 'paid' ? ['pending', ...UNPAID_ENDS] : confirmed ? ['pending', ...UNPAID_ENDS.filter((s) => s !== status)] : ['pending'];
  const result = await tx
    .updateTable('purchases')
    .set({ paymentStatus: status, updatedAt: now, ...(status === 'paid' ? { paidAt: now } : {}) })
    .where('id', '=', id)
    .where('paymentStatus', 'in', from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function setZipUrl(db: Tx, id: string, zipUrl: string | null, uploadError: boolean, now: string): Promise<void> {
  await db
    .updateTable('purchases')
    .set({ zipUrl, uploadError: uploadError ? 1 : 0, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** Remembers the storage folder made for a purchase's clips, and its share link. */
export async function setFolder(db: Db, id: string, folder: { folderId: string; folderUrl: string }, now: Date): Promise<void> {
  await db
    .updateTable('purchases')
    .set({ folderId: folder.folderId, folderUrl: folder.folderUrl, updatedAt: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** For the delivery: the outcome of sending the e-mail ('sent' clears an earlier error). */
export async function recordEmailOutcome(
  db: Db,
  id: string,
  outcome: { status: EmailStatus; error?: string | null; at: Date },
): Promise<void> {
  const at = outcome.at.toISOString();
  await db
    .updateTable('purchases')
    .set({
      emailStatus: outcome.status,
      emailError: outcome.status === 'sent' ? null : (outcome.error ?? null),
      ...(outcome.status === 'sent' ? { emailSentAt: at } : {}),
      updatedAt: at,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Purchases whose next reconciliation is due at `now`: pending ones created before `createdBefore`,
 * and ones that ended unpaid (failed, expired, closed at the kiosk) created since `unpaidSince`,
 * which the provider may still settle.
 */
export async function findDueForReconcile(db: Tx, q: { createdBefore: string; unpaidSince: string; now: string; limit: number }) {
  return db
    .selectFrom('purchases')
    .select(['id', 'isStaging', 'createdAt', 'paymentStatus', 'reconcileAttempts'])
    .where('createdAt', '<', q.createdBefore)
    .where((eb) =>
      eb.or([
        eb('paymentStatus', '=', 'pending'),
        eb.and([eb('paymentStatus', 'in', [...UNPAID_ENDS]), eb('createdAt', '>=', q.unpaidSince)]),
      ]),
    )
    .where((eb) => eb.or([eb('reconcileAt', 'is', null), eb('reconcileAt', '<=', q.now)]))
    .orderBy('createdAt')
    .limit(q.limit)
    .execute();
}

export async function scheduleReconcile(db: Tx, id: string, attempts: number, at: string): Promise<void> {
  await db.updateTable('purchases').set({ reconcileAttempts: attempts, reconcileAt: at }).where('id', '=', id).execute();
}

/** Flags a paid purchase the provider reversed; true when this call set the flag (first report). */
export async function flagPaymentReversal(db: Tx, id: string, reversal: PaymentReversal, now: string): Promise<boolean> {
  const result = await db
    .updateTable('purchases')
    .set({ paymentReversal: reversal, paymentReversedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('paymentStatus', '=', 'paid')
    .where('paymentReversal', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The details of a purchase's events of `kind`. */
export async function purchaseEventDetails(db: Tx, purchaseId: string, kind: PurchaseEventKind): Promise<Record<string, unknown>[]> {
  const rows = await db
    .selectFrom('purchase_events')
    .select(['detail'])
    .where('purchaseId', '=', purchaseId)
    .where('kind', '=', kind)
    .execute();
  return rows.map((row) => (row.detail ? JSON.parse(row.detail) : {}) as Record<string, unknown>);
}

/** Portable `LIKE` pattern for "contains `text`" (with `\` as the escape character). */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

// ---------------------------------------------------------------- the player's data

export async function setPurchaseEmail(db: Tx, id: string, email: string, now: Date): Promise<void> {
  await db.updateTable('purchases').set({ email, updatedAt: now.toISOString() }).where('id', '=', id).execute();
}

/**
 * Erases the player's data: the address becomes the anonymous marker and the links go; amounts,
 * status, promo and ids stay. True when this call erased it (not erased before).
 */
export async function markErased(db: Tx, id: string, marker: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('purchases')
    .set({ email: marker, phone: null, zipUrl: null, folderUrl: null, folderId: null, erasedAt: at, updatedAt: at })
    .where('id', '=', id)
    .where('erasedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** How the purchase's WhatsApp message stands, and since when. */
export async function findWhatsappState(db: Db, id: string) {
  return db.selectFrom('purchases').select(['whatsappStatus', 'whatsappSentAt']).where('id', '=', id).executeTakeFirst();
}

/** For the WhatsApp delivery and its webhooks: the message's outcome ('sent' clears an earlier error). */
export async function recordWhatsappOutcome(
  db: Db,
  id: string,
  outcome: { status: WhatsappStatus; error?: string | null; at: Date },
): Promise<void> {
  const at = outcome.at.toISOString();
  await db
    .updateTable('purchases')
    .set({
      whatsappStatus: outcome.status,
      whatsappError: outcome.status === 'sent' ? null : (outcome.error ?? null),
      ...(outcome.status === 'failed' ? {} : { whatsappSentAt: at }),
      updatedAt: at,
    })
    .where('id', '=', id)
    .execute();
}

/** An admin corrects the WhatsApp number (E.164, already checked by the schema). */
export async function setPurchasePhone(db: Tx, id: string, phone: string, now: Date): Promise<void> {
  await db.updateTable('purchases').set({ phone, updatedAt: now.toISOString() }).where('id', '=', id).execute();
}

/**
 * Purchases whose clips are due for removal and may still be stored (a folder of theirs is known):
 * older than `cutoff` (by paidAt, else createdAt), or failed or expired and created before
 * `unpaidBefore` (finally unpaid: shared/purchase-window.ts).
 */
export async function findExpiredClips(db: Tx, cutoff: Date, limit: number, unpaidBefore?: Date) {
  const before = cutoff.toISOString();
  return db
    .selectFrom('purchases')
    .select(['id', 'folderId', 'paymentStatus'])
    .where('clipsExpiredAt', 'is', null)
    .where('erasedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('folderId', 'is not', null),
        eb.exists(eb.selectFrom('storage_folders').select('folderId').whereRef('storage_folders.purchaseId', '=', 'purchases.id')),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb(eb.fn.coalesce('paidAt', 'createdAt'), '<', before),
        ...(unpaidBefore
          ? [eb.and([eb('paymentStatus', 'in', ['failed', 'expired']), eb('createdAt', '<', unpaidBefore.toISOString())])]
          : []),
      ]),
    )
    .orderBy('createdAt')
    .limit(limit)
    .execute();
}

/** True when this call marked it (two passes at once, e.g. two instances, record it once). */
export async function markClipsExpired(db: Tx, id: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable('purchases')
    .set({ clipsExpiredAt: at, updatedAt: at })
    .where('id', '=', id)
    .where('clipsExpiredAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The player's e-mail and number as the purchase holds them; undefined for an unknown id. */
export async function findContact(db: Tx, id: string) {
  return db.selectFrom('purchases').select(['email', 'phone']).where('id', '=', id).executeTakeFirst();
}

/** The device's issued phone-page tokens no purchase has used yet, oldest first. */
export async function unusedIssuedTokens(db: Tx, deviceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('issued_phone_tokens')
    .select('token')
    .where('deviceId', '=', deviceId)
    .where('usedAt', 'is', null)
    .orderBy('issuedAt')
    .orderBy('token')
    .execute();
  return rows.map((r) => r.token);
}

export async function deleteIssuedTokens(db: Tx, tokens: string[]): Promise<void> {
  if (tokens.length > 0) await db.deleteFrom('issued_phone_tokens').where('token', 'in', tokens).execute();
}

export async function insertIssuedTokens(db: Tx, deviceId: string, tokens: string[], issuedAt: string): Promise<void> {
  if (tokens.length > 0)
    await db
      .insertInto('issued_phone_tokens')
      .values(tokens.map((token) => ({ token, deviceId, issuedAt, usedAt: null })))
      .execute();
}

/** Marks a token issued to `deviceId` as used; false when it was not issued to it, or is used already. */
export async function claimIssuedToken(db: Tx, deviceId: string, token: string, usedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('issued_phone_tokens')
    .set({ usedAt })
    .where('token', '=', token)
    .where('deviceId', '=', deviceId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The purchase's phone-page token (null before it has one); undefined for an unknown id. */
export async function findPhoneToken(db: Tx, id: string) {
  return db.selectFrom('purchases').select('phoneToken').where('id', '=', id).executeTakeFirst();
}

/** Stores `token` only where the purchase has none, so two callers at once keep whichever landed first. */
export async function fillEmptyPhoneToken(db: Tx, id: string, token: string): Promise<void> {
  await db.updateTable('purchases').set({ phoneToken: token }).where('id', '=', id).where('phoneToken', 'is', null).execute();
}

export async function insertPurchaseEvent(db: Tx, event: Insertable<PurchaseEventTable>): Promise<void> {
  await db.insertInto('purchase_events').values(event).execute();
}

/** The purchase's events, oldest first (ties in insertion order), with the address of the admin who did each. */
export async function purchaseEventRows(db: Tx, purchaseId: string) {
  return db
    .selectFrom('purchase_events')
    .leftJoin('admins', 'admins.id', 'purchase_events.adminId')
    .selectAll('purchase_events')
    .select('admins.email as adminEmail')
    .where('purchase_events.purchaseId', '=', purchaseId)
    .orderBy('purchase_events.at')
    .orderBy(sql`purchase_events.rowid`)
    .execute();
}

/** The purchase's events that carry particulars. */
export async function eventsWithDetail(db: Tx, purchaseId: string) {
  return db
    .selectFrom('purchase_events')
    .select(['id', 'detail'])
    .where('purchaseId', '=', purchaseId)
    .where('detail', 'is not', null)
    .execute();
}

export async function setEventDetail(db: Tx, eventId: string, detail: string | null): Promise<void> {
  await db.updateTable('purchase_events').set({ detail }).where('id', '=', eventId).execute();
}

/** What a payment notification is checked against: the order's staging flag (which key signs it), total and status. */
export async function findPaymentFacts(db: Tx, id: string) {
  return db.selectFrom('purchases').select(['id', 'isStaging', 'totalAmount', 'paymentStatus']).where('id', '=', id).executeTakeFirst();
}
