// SQL of the phone page: the purchase behind a token, with its venue's name and its clips' courts.
import type { Db } from '../db/database.ts';
import { clipCourtsColumn, purchaseWithPlace } from '../purchases/service.ts';

/** What the phone page shows of the purchase holding `token`; undefined for an unknown token. */
export async function findPhonePagePurchase(db: Db, token: string) {
  return purchaseWithPlace(db)
    .select([
      'purchases.paymentStatus',
      'purchases.paymentReversal',
      'purchases.folderId',
      'purchases.id',
      'purchases.videoIds',
      'purchases.videoTitles',
      'purchases.videoCount',
      'purchases.createdAt',
      'purchases.paidAt',
      'purchases.clipsExpiredAt',
      'purchases.erasedAt',
      'purchases.language',
      'venues.name as venueName',
      'venues.language as venueLanguage',
      'purchases.fieldId',
      'purchases.totalAmount',
      'fields.name as fieldName',
      'fields.courtCode',
      'purchases.channel',
      'purchases.email',
      'purchases.phone',
      'purchases.venueId',
      clipCourtsColumn(db).as('clipCourts'),
    ])
    .where('purchases.phoneToken', '=', token)
    .executeTakeFirst();
}
