// SQL of the Errors tab: each source's rows, newest first, in the admin's venue and staging scope,
// and the resolutions admins recorded. The database comes first; service.ts turns rows into entries.
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { newestPerVenue } from '../db/newest-per-venue.ts';
import type { Database } from '../db/schema/index.ts';
import type { PurchaseEventKind } from '../db/schema/index.ts';
import { purchaseWithPlace } from '../purchases/service.ts';

/**
 * Newest rows read from each source per venue; older ones are history nobody acts on. Per venue,
 * so that one venue's rows, however many, never push another venue's out (db/newest-per-venue.ts).
 */
export const PER_SOURCE_LIMIT = 200;

/** A source of purchase events, newest PER_SOURCE_LIMIT per venue. */
const EVENTS_PER_VENUE = { venue: 'purchases.venueId', newest: 'e.at', limit: PER_SOURCE_LIMIT };

export interface PlaceScope {
  /** null: every venue (a super admin without a venue filter). */
  venueId: number | null;
  includeStaging: boolean;
}

/** Purchases a kiosk parked, with their venue's and kiosk's names. */
export async function parkedPurchasesInScope(db: Db, scope: PlaceScope) {
  let q = db
    .selectFrom('parked_purchases')
    .leftJoin('venues', 'venues.id', 'parked_purchases.venueId')
    .leftJoin('devices', 'devices.deviceId', 'parked_purchases.deviceId')
    .selectAll('parked_purchases')
    .select(['venues.name as venueName', 'devices.name as deviceName']);
  if (scope.venueId !== null) q = q.where('parked_purchases.venueId', '=', scope.venueId);
  if (!scope.includeStaging) q = q.where('parked_purchases.isStaging', '=', 0);
  return newestPerVenue(db, q, { venue: 'parked_purchases.venueId', newest: 'parked_purchases.parkedAt', limit: PER_SOURCE_LIMIT });
}

/** Purchase events of `kinds` with their purchase's venue and kiosk, in the admin's scope (read through EVENTS_PER_VENUE). */
export function purchaseEventsInScope(db: Db, scope: PlaceScope, kinds: PurchaseEventKind[]) {
  let q = purchaseWithPlace(db)
    .innerJoin('purchase_events as e', 'e.purchaseId', 'purchases.id')
    .leftJoin('devices', 'devices.deviceId', 'purchases.deviceId')
    .select([
      'e.id',
      'e.at',
      'e.detail',
      'purchases.id as purchaseId',
      'purchases.venueId',
      'purchases.deviceId',
      'venues.name as venueName',
      'devices.name as deviceName',
    ])
    .where('e.kind', 'in', kinds);
  if (scope.venueId !== null) q = q.where('purchases.venueId', '=', scope.venueId);
  if (!scope.includeStaging) q = q.where('purchases.isStaging', '=', 0);
  return q;
}

/**
 * Failures (events of `failed`) in the admin's scope, each with `settledAt`: when the purchase's
 * first `settledBy` event came after it (a later send that gives the player what failed), or null.
 * `sameInstant` counts a send at the failure's very instant as after it.
 */
export async function failuresInScope(
  db: Db,
  scope: PlaceScope,
  failed: PurchaseEventKind[],
  settledBy: { kind: PurchaseEventKind; sameInstant: boolean },
) {
  const events = purchaseEventsInScope(db, scope, failed)
    .select(['e.kind', 'purchases.erasedAt'])
    .select((eb) =>
      eb
        .selectFrom('purchase_events as later')
        .select((inner) => inner.fn.min('later.at').as('at'))
        .whereRef('later.purchaseId', '=', 'e.purchaseId')
        .where('later.kind', '=', settledBy.kind)
        .whereRef('later.at', settledBy.sameInstant ? '>=' : '>', 'e.at')
        .as('settledAt'),
    );
  const rows = await newestPerVenue(db, events, EVENTS_PER_VENUE);
  return rows.map(({ settledAt, ...row }) => ({ ...row, settledAt: settledAt as string | null }));
}

/** The purchases' WhatsApp events (messages sent, statuses, failures), oldest first: what settles a WhatsApp problem. */
export async function whatsappEventsOf(db: Db, purchaseIds: string[]) {
  if (purchaseIds.length === 0) return [];
  return db
    .selectFrom('purchase_events')
    .select(['purchaseId', 'kind', 'at', 'detail'])
    .where('kind', 'in', ['whatsapp_sent', 'whatsapp_status', 'whatsapp_failed'])
    .where('purchaseId', 'in', purchaseIds)
    .orderBy('at')
    .execute();
}

/** Failed WhatsApp messages in the admin's scope, with the purchase's erasure (what settles them is read in service.ts). */
export async function whatsappFailuresInScope(db: Db, scope: PlaceScope) {
  return newestPerVenue(db, purchaseEventsInScope(db, scope, ['whatsapp_failed']).select(['purchases.erasedAt']), EVENTS_PER_VENUE);
}

/** WhatsApp messages handed over without an answer at or before `cutoff`, in the admin's scope, with the purchase's erasure. */
export async function unconfirmedWhatsappInScope(db: Db, scope: PlaceScope, cutoff: string) {
  const events = purchaseEventsInScope(db, scope, ['whatsapp_sent'])
    .select(['purchases.erasedAt'])
    .where('e.detail', 'like', '%"unconfirmed":%')
    .where('e.at', '<=', cutoff);
  return newestPerVenue(db, events, EVENTS_PER_VENUE);
}

/** Late settlements in the admin's scope, with the purchase's total. */
export async function lateSettlementsInScope(db: Db, scope: PlaceScope) {
  return newestPerVenue(db, purchaseEventsInScope(db, scope, ['late_settlement']).select('purchases.totalAmount'), EVENTS_PER_VENUE);
}

/** Paid purchases whose payment was reversed afterwards, newest reversal first. */
export async function reversedPurchasesInScope(db: Db, scope: PlaceScope) {
  let q = purchaseWithPlace(db)
    .leftJoin('devices', 'devices.deviceId', 'purchases.deviceId')
    .select([
      'purchases.id',
      'purchases.venueId',
      'purchases.deviceId',
      'purchases.totalAmount',
      'purchases.paymentReversal',
      'purchases.paymentReversedAt',
      'venues.name as venueName',
      'devices.name as deviceName',
    ])
    .where('purchases.paymentReversedAt', 'is not', null);
  if (scope.venueId !== null) q = q.where('purchases.venueId', '=', scope.venueId);
  if (!scope.includeStaging) q = q.where('purchases.isStaging', '=', 0);
  return newestPerVenue(db, q, { venue: 'purchases.venueId', newest: 'purchases.paymentReversedAt', limit: PER_SOURCE_LIMIT });
}

/** The payment_reversed events of these purchases, oldest first. */
export async function reversalEventsOf(db: Db, purchaseIds: string[]) {
  if (purchaseIds.length === 0) return [];
  return db
    .selectFrom('purchase_events')
    .select(['purchaseId', 'at', 'detail'])
    .where('kind', '=', 'payment_reversed')
    .where('purchaseId', 'in', purchaseIds)
    .orderBy('at')
    .execute();
}

/** Paid or free purchases, paid before `cutoff`, with no e-mail sent or failed, clips neither erased nor expired. */
function undeliveredQuery(db: Db, cutoff: string) {
  return undeliveredOf(db.selectFrom('purchases'), cutoff);
}

/** `query` narrowed to the undelivered purchases (see undeliveredQuery); `where` keeps the builder's type, which TypeScript cannot follow through the generic. */
function undeliveredOf<Q extends SelectQueryBuilder<Database, 'purchases', object>>(query: Q, cutoff: string): Q {
  return (
    query
      .where('purchases.paymentStatus', 'in', ['paid', 'free'])
      .where((eb) => eb.fn.coalesce('purchases.paidAt', 'purchases.createdAt'), '<', cutoff)
      // With an address, its e-mail says delivered; with only a WhatsApp number, the link
      // saved and the message out do; with neither (bought on a phone: its page is the delivery),
      // the link saved does, every clip in its folder.
      .where((eb) =>
        eb.or([
          eb.and([eb('purchases.email', '<>', ''), eb('purchases.emailStatus', 'is', null)]),
          eb.and([
            eb('purchases.email', '=', ''),
            eb.or([
              eb('purchases.zipUrl', 'is', null),
              eb.and([eb('purchases.phone', 'is not', null), eb('purchases.whatsappStatus', 'is', null)]),
            ]),
          ]),
        ]),
      )
      .where('purchases.erasedAt', 'is', null)
      .where('purchases.clipsExpiredAt', 'is', null) as Q
  );
}

/** The undelivered purchases (paid before `cutoff`) in the admin's scope, newest first, with their venue's and kiosk's names. */
export async function undeliveredInScope(db: Db, scope: PlaceScope, cutoff: string) {
  let q = undeliveredOf(purchaseWithPlace(db), cutoff)
    .leftJoin('devices', 'devices.deviceId', 'purchases.deviceId')
    .select([
      'purchases.id',
      'purchases.venueId',
      'purchases.deviceId',
      'purchases.totalAmount',
      'purchases.paidAt',
      'purchases.createdAt',
      'purchases.zipUrl',
      'purchases.email',
      'purchases.phone',
      'purchases.whatsappStatus',
      'venues.name as venueName',
      'devices.name as deviceName',
    ]);
  if (scope.venueId !== null) q = q.where('purchases.venueId', '=', scope.venueId);
  if (!scope.includeStaging) q = q.where('purchases.isStaging', '=', 0);
  return newestPerVenue(db, q, { venue: 'purchases.venueId', newest: 'purchases.createdAt', limit: PER_SOURCE_LIMIT });
}

/** How many purchases paid before `cutoff` are undelivered, made in the report's venue, court, range and staging scope. */
export async function countUndeliveredIn(
  db: Db,
  cutoff: string,
  filter: { venueId?: number; fieldId?: number; from?: string; to?: string; includeStaging: boolean },
): Promise<number> {
  let q = undeliveredQuery(db, cutoff).select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (filter.venueId !== undefined) q = q.where('purchases.venueId', '=', filter.venueId);
  if (filter.fieldId !== undefined) q = q.where('purchases.fieldId', '=', filter.fieldId);
  if (filter.from !== undefined) q = q.where('purchases.createdAt', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('purchases.createdAt', '<', filter.to);
  if (!filter.includeStaging) q = q.where('purchases.isStaging', '=', 0);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** Credential alerts, open and past, newest first. */
export async function credentialAlertRows(db: Db) {
  return db.selectFrom('integration_alerts').selectAll().orderBy('firstAt', 'desc').limit(PER_SOURCE_LIMIT).execute();
}

/** Each service that ever failed, with its last error and last success. */
export async function integrationsThatFailed(db: Db) {
  return db.selectFrom('integration_status').selectAll().where('lastErrorAt', 'is not', null).execute();
}

/** The recorded resolutions of these entries. */
export async function resolutionsOf(db: Db, entryIds: string[]) {
  if (entryIds.length === 0) return [];
  return db.selectFrom('error_resolutions').select(['entryId', 'resolvedAt', 'adminEmail']).where('entryId', 'in', entryIds).execute();
}

/** Records an entry resolved unless it already is; the stored resolution (the first one). */
export async function recordResolution(db: Db, resolution: { entryId: string; resolvedAt: string; adminId: number; adminEmail: string }) {
  await db
    .insertInto('error_resolutions')
    .values(resolution)
    .onConflict((oc) => oc.column('entryId').doNothing())
    .execute();
  return db.selectFrom('error_resolutions').selectAll().where('entryId', '=', resolution.entryId).executeTakeFirstOrThrow();
}
