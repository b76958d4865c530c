// GET /api/reports/sales: the Transactions tab's summary cards, daily chart and
// per-court breakdown for the list's filters.
import { z } from 'zod';
import { includeStagingParam, queryInt, queryText } from './common.ts';
import { EMAIL_MAX_LENGTH, resolveDateFilter } from './purchases.ts';

/** Longest range the report answers day by day (a longer one would draw thousands of bars). */
export const SALES_REPORT_MAX_DAYS = 3_700;

export const REPORT_MESSAGES = {
  rangeTooLong: `The report covers at most ${SALES_REPORT_MAX_DAYS} days. Please narrow the dates.`,
} as const;

export const salesReportQuerySchema = z
  .object({
    venueId: queryInt('venueId', 1, Number.MAX_SAFE_INTEGER),
    fieldId: queryInt('fieldId', 1, Number.MAX_SAFE_INTEGER),
    /** Part of the customer's e-mail, any case: the list's e-mail search. */
    email: queryText(EMAIL_MAX_LENGTH),
    startDate: queryText(40),
    endDate: queryText(40),
    includeStaging: includeStagingParam,
  })
  .transform((query, ctx) => {
    const dates = resolveDateFilter(query.startDate, query.endDate);
    if ('error' in dates) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: dates.error });
      return z.NEVER;
    }
    return {
      venueId: query.venueId,
      fieldId: query.fieldId,
      email: query.email?.toLowerCase() || undefined,
      from: dates.from,
      to: dates.to,
      includeStaging: query.includeStaging === 'true',
    };
  });
export type SalesReportQuery = z.output<typeof salesReportQuerySchema>;

const rupiah = z.number().int().meta({ description: 'Rupiah (whole)' });

export const salesReportResponseSchema = z.object({
  /** Sum of paid purchases' totals: never free, pending, failed, expired, reversed or staging. */
  revenue: rupiah,
  /** Paid purchases counted in revenue. */
  purchases: z.number().int(),
  /** Clips in those purchases. */
  clips: z.number().int(),
  /** revenue / purchases, rounded to the rupiah (0 without purchases). */
  averageOrder: rupiah,
  /** Free purchases (not staging). */
  free: z.number().int(),
  /** Staging purchases paid or free; 0 unless includeStaging=true. Never revenue. */
  staging: z.number().int(),
  /** Promo discounts given on paid and free purchases (not staging). */
  discounts: rupiah,
  /**
   * Paid or free purchases (made in the range, venue and court) not delivered 10 minutes after they
   * were paid: no e-mail sent yet (the sentinel; each is listed in the Errors tab).
   */
  undelivered: z.number().int(),
  /** Every Asia/Jakarta day of the range that had a sale, oldest first. */
  byDay: z.array(z.object({ date: z.string(), revenue: rupiah, purchases: z.number().int() })),
  /**
   * Every court with a sale, highest revenue first, by the court each clip was filmed on (a purchase
   * of clips from two courts is split by clip and counts once at each); fieldId null: clips of no court.
   */
  byCourt: z.array(
    z.object({ fieldId: z.number().int().nullable(), fieldName: z.string().nullable(), revenue: rupiah, purchases: z.number().int() }),
  ),
});
export type SalesReport = z.infer<typeof salesReportResponseSchema>;
