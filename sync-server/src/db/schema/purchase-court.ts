/**
 * One court's part of a purchase whose clips came from several courts (migration 028); written with
 * the purchase, never changed. fieldId 0: clips of no known court.
 */
export interface PurchaseCourtTable {
  purchaseId: string;
  fieldId: number;
  clips: number;
  /** This court's part of the purchase's totalAmount (the parts add up to it). */
  amount: number;
}

/** Paid, live, not reversed purchases per Jakarta day, venue, kiosk court and clip court (migration 028). */
export interface SalesCourtDailyTable {
  day: string;
  venueId: number;
  /** The court of the kiosk that sold it (the list's court filter); 0: none. */
  kioskFieldId: number;
  /** The court the clips were filmed on; 0: none. */
  fieldId: number;
  revenue: number;
  /** Purchases with a clip of this court. */
  purchases: number;
}

/** The same per Asia/Jakarta month ('YYYY-MM'). */
export type SalesCourtMonthlyTable = Omit<SalesCourtDailyTable, 'day'> & { month: string };
