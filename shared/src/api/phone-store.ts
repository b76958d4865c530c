// The player's store on the phone that marked the rallies (/c/{courtCode}): the JSON calls its small
// script makes, with the phone's anonymous cookie. Every text a player reads comes worded by the
// server in the page's language (the script formats nothing), and every amount is the server's.
import { z } from 'zod';
import { KIOSK_LANGUAGES } from '../languages.ts';
import { MAX_VIDEOS_PER_PURCHASE } from '../constants.ts';
import { purchaseEmailSchema, purchasePhoneSchema, PROMO_CODE_MAX_LENGTH } from './purchases.ts';
import { MESSAGES } from '../messages.ts';

const RALLY_STATES = ['cutting', 'uploading', 'ready', 'failed', 'offline', 'late', 'kiosk', 'removed'] as const;

export const courtCodeParams = z.object({ courtCode: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });
export const storeLanguageQuery = z.object({ lang: z.enum(KIOSK_LANGUAGES).optional() });

const markId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const language = z.enum(KIOSK_LANGUAGES).optional();

export const phoneRallySchema = z.object({
  id: z.number(),
  title: z.string().meta({ description: 'Court and time, e.g. "Court 2, 19:42"' }),
  length: z.string().nullable(),
  state: z.enum(RALLY_STATES),
  line: z.string().meta({ description: 'What the phone says of it now, worded for the player' }),
  preview: z.string().nullable().meta({ description: 'Where its preview plays from (this phone only), once stored' }),
  bought: z.string().nullable().meta({ description: "The purchase's page (/p/{token}) when this phone bought it" }),
  payable: z.boolean(),
});

const priceLine = z.object({ count: z.number(), amount: z.number(), text: z.string(), pay: z.string() });

export const phoneRalliesResponse = z.object({
  rallies: z.array(phoneRallySchema),
  venueOnline: z.boolean(),
  prices: z.object({
    each: z.string(),
    free: z.boolean(),
    totals: z.array(priceLine).meta({ description: 'The total for 1, 2, ... rallies, as the kiosk charges' }),
  }),
  order: z.object({ text: z.string(), payUrl: z.string(), rallies: z.array(z.number()) }).nullable(),
  maxPerOrder: z.number(),
});
export type PhoneRalliesResponse = z.infer<typeof phoneRalliesResponse>;

export const phoneQuoteRequest = z.strictObject({
  count: z.number().int().min(1).max(MAX_VIDEOS_PER_PURCHASE),
  promoCode: z.string().trim().toUpperCase().min(1).max(PROMO_CODE_MAX_LENGTH),
  language,
});
export const phoneQuoteResponse = priceLine.extend({ promo: z.string() });

export const buyRalliesRequest = z.strictObject({
  rallies: z.array(markId).min(1).max(MAX_VIDEOS_PER_PURCHASE),
  /** What the page showed; the server prices again and refuses another total (the prices changed meanwhile). */
  totalAmount: z.number().int().min(0).optional(),
  promoCode: z.string().trim().toUpperCase().max(PROMO_CODE_MAX_LENGTH).optional(),
  language,
});
export type BuyRalliesRequest = z.input<typeof buyRalliesRequest>;
export const buyRalliesResponse = z.object({
  next: z.string().meta({
    description:
      "Where the phone goes: the payment page (Snap's redirect_url, or the simulator's), or the purchase's page when nothing is to pay",
  }),
  purchaseId: z.string(),
  reused: z.boolean().meta({ description: 'The same rallies were already in an open order: that one is answered, never a second payment' }),
});

export const contactRequest = z
  .strictObject({
    email: purchaseEmailSchema.optional(),
    phone: purchasePhoneSchema.optional(),
    phoneConsent: z.boolean().optional(),
    language,
  })
  .superRefine((body, ctx) => {
    if (body.email === undefined && body.phone === undefined)
      ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.store.contactRequired });
    if (body.phone !== undefined && body.phoneConsent !== true)
      ctx.addIssue({ code: 'custom', path: ['phoneConsent'], message: MESSAGES.checkout.phoneConsentRequired });
  });
export type ContactRequest = z.input<typeof contactRequest>;

export const storeMessageResponse = z.object({ message: z.string() });
