/**
 * Daily roll-up of the purchases per Asia/Jakarta day and court, kept by triggers on purchases
 * (migration 018); what GET /api/reports/sales reads. fieldId 0: no court.
 */
export interface SalesDailyTable {
  /** YYYY-MM-DD in Asia/Jakarta of the purchase's creation. */
  day: string;
  venueId: number;
  fieldId: number;
  /** Paid, not staging, not reversed. */
  revenue: number;
  purchases: number;
  clips: number;
  /** Free, not staging. */
  free: number;
  /** Promo discounts of paid (not reversed) and free purchases, not staging. */
  discounts: number;
  /** Staging purchases paid (not reversed) or free. */
  staging: number;
}

/** The same figures per Asia/Jakarta month ('YYYY-MM') and court (migration 018). */
export type SalesMonthlyTable = Omit<SalesDailyTable, 'day'> & { month: string };

/** The same figures per Asia/Jakarta day over every venue (migration 018). */
export type SalesDailyAllTable = Omit<SalesDailyTable, 'venueId' | 'fieldId'>;
