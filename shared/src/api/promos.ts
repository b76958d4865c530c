import { z } from 'zod';
import { localIsoDate } from '../format.ts';
import { MESSAGES } from '../messages.ts';
import { PROMO_MESSAGES } from '../promo-messages.ts';
import { isCalendarDay, queryInt, requiredText, timestamp, whenMissing } from './common.ts';

const m = MESSAGES.promoForm;

export { PROMO_MESSAGES };

/** An optional first or last day: a calendar day, or null/blank/absent for none. */
const optionalDay = z
  .union([z.string(), z.null()], { error: PROMO_MESSAGES.dateFormat })
  .optional()
  .transform((day) => (day == null || day.trim() === '' ? null : day.trim()))
  .refine((day) => day === null || isCalendarDay(day), PROMO_MESSAGES.dateFormat);

/** Whether a code works at `now`: switched on, and today (in Asia/Jakarta) within its days, both inclusive. */
export function promoIsOpen(promo: { active: boolean; startsOn: string | null; endsOn: string | null }, now: Date): boolean {
  if (!promo.active) return false;
  const today = localIsoDate(now) ?? '';
  return (promo.startsOn === null || today >= promo.startsOn) && (promo.endsOn === null || today <= promo.endsOn);
}

/** Trimmed and upper-cased (spec section 5); letters, digits, '-' and '_'. */
export const promoCodeText = requiredText(32, m.codeRequired)
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_-]+$/, PROMO_MESSAGES.codeFormat));

const wholeNumber = (message: string, wholeMessage: string, tooLargeMessage: string) =>
  z
    .number({ error: whenMissing(message) })
    .int(wholeMessage)
    .max(1_000_000_000, tooLargeMessage)
    .optional()
    .default(0);

/**
 * POST /promo and PUT /promo/{id}. Only one of amount (fixed rupiah) or percent is above 0; the
 * other is 0 (or left out).
 */
export const promoInput = z
  .strictObject({
    name: requiredText(100, m.nameRequired),
    code: promoCodeText,
    amount: wholeNumber(m.amountPositive, PROMO_MESSAGES.amountWhole, PROMO_MESSAGES.amountTooLarge),
    percent: wholeNumber(m.percentPositive, PROMO_MESSAGES.percentWhole, m.percentMax),
    quota: z
      .number({ error: whenMissing(m.quotaInvalid) })
      .int(m.quotaInvalid)
      .min(0, m.quotaInvalid)
      .max(1_000_000_000, m.quotaInvalid)
      .optional()
      .default(0),
    startsOn: optionalDay,
    endsOn: optionalDay,
    active: z.boolean({ error: 'active must be true or false' }).optional().default(true),
    /** The one venue whose kiosks take it; null or absent: every venue (super admins only). */
    venueId: z
      .number({ error: 'venueId must be a venue id or null' })
      .int('venueId must be a venue id or null')
      .positive('venueId must be a venue id or null')
      .max(Number.MAX_SAFE_INTEGER)
      .nullable()
      .optional()
      .default(null),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (p.amount < 0) return issue('amount', m.amountPositive);
    if (p.percent < 0) return issue('percent', m.percentPositive);
    if (p.amount > 0 && p.percent > 0) return issue('percent', PROMO_MESSAGES.bothDiscounts);
    if (p.percent > 100) return issue('percent', m.percentMax);
    if (p.amount === 0 && p.percent === 0) return issue('amount', m.amountPositive);
    if (p.startsOn !== null && p.endsOn !== null && p.endsOn < p.startsOn) return issue('endsOn', PROMO_MESSAGES.endBeforeStart);
  });
export type PromoInput = z.input<typeof promoInput>;

export const promoSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  amount: z.number(),
  percent: z.number(),
  /** 0 = unlimited. */
  quota: z.number(),
  /** Purchases holding the promo now (paid, free or still pending). */
  used: z.number(),
  /** Of those, the purchases paid (or made free by the code): uses for good. */
  paid: z.number(),
  /** Of those, the pending purchases: uses held while they can still be paid. */
  held: z.number(),
  /** The one venue whose kiosks take it; null: every venue. */
  venueId: z.number().nullable(),
  createdAt: timestamp,
  /** First and last day it works (Asia/Jakarta, inclusive); null: no limit on that side. */
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  /** Switched on; off answers like an unknown code. */
  active: z.boolean(),
});
export type Promo = z.infer<typeof promoSchema>;
export const promoListResponse = z.array(promoSchema);
/** GET /promo: a venue's codes and the global ones (a venue admin: always their own venue's). */
export const promoListQuery = z.object({ venueId: queryInt('venueId', 1, Number.MAX_SAFE_INTEGER) });

export const promoResponse = z.object({ message: z.string(), promo: promoSchema });
export type PromoResponse = z.infer<typeof promoResponse>;

export const validatePromoRequest = z.strictObject({
  code: z
    .string({ error: whenMissing(MESSAGES.promo.enterCode) })
    .trim()
    .min(1, MESSAGES.promo.enterCode)
    .max(64, MESSAGES.promo.requestFailed)
    .transform((code) => code.toUpperCase()),
});
export type ValidatePromoRequest = z.input<typeof validatePromoRequest>;

export const validatedPromo = z.object({ id: z.number(), name: z.string(), code: z.string(), amount: z.number(), percent: z.number() });
export type ValidatedPromo = z.infer<typeof validatedPromo>;

export const validatePromoResponse = z.union([
  z.object({ valid: z.literal(true), message: z.string(), promo: validatedPromo }),
  z.object({ valid: z.literal(false), message: z.string(), promo: z.null() }),
]);
export type ValidatePromoResponse = z.infer<typeof validatePromoResponse>;
