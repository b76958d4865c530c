import type { ColumnType, Generated } from 'kysely';

export interface PromoCodeTable {
  id: Generated<number>;
  name: string;
  /** Trimmed and upper-cased; unique. */
  code: string;
  /** Fixed discount in whole rupiah; 0 when the promo is a percentage. */
  amount: number;
  /** Whole percent 0..100; 0 when the promo is a fixed amount. */
  percent: number;
  /** How many purchases may use it; 0 = unlimited. */
  quota: number;
  /** Purchases holding the promo (reserved at creation, given back when a purchase fails or expires). */
  used: Generated<number>;
  createdAt: string;
  /** First day the code works, venue-local (YYYY-MM-DD, Asia/Jakarta), inclusive; null: from now. */
  startsOn: string | null;
  /** Last day the code works, venue-local and inclusive; null: no end. */
  endsOn: string | null;
  /** 1 = on, 0 = switched off by an admin (answers like an unknown code). */
  active: Generated<number>;
  /** The one venue whose kiosks take it (migration 027); null: every venue. */
  venueId: ColumnType<number | null, number | null | undefined, number | null>;
}
