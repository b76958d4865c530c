// The promo code rules' own messages, apart from the API schemas so the kiosk's validation
// (validation.ts) reads them without loading zod (api/promos.ts re-exports them).
export const PROMO_MESSAGES = {
  notFound: 'Promo code not found',
  codeFormat: 'Promo code may contain only letters, digits, "-" and "_"',
  bothDiscounts: 'Set either an amount or a percentage, not both',
  amountWhole: 'Amount must be a whole number of rupiah',
  percentWhole: 'Percentage must be a whole number',
  amountTooLarge: 'Amount cannot be greater than Rp 1.000.000.000',
  valid: 'Promo code applied',
  dateFormat: 'Dates must be real calendar days written as YYYY-MM-DD',
  endBeforeStart: 'The last day must be on or after the first day',
} as const;
