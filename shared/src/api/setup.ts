// The first-run checklist: what a fresh install still needs before it can sell.
import { z } from 'zod';

export const SETUP_STEPS = ['venue', 'court', 'price', 'kiosk', 'integrations'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** GET /admin/setup: each step done or not. */
export const setupChecklistResponse = z.object({
  /** At least one venue. */
  venue: z.boolean(),
  /** At least one court (field). */
  court: z.boolean(),
  /** A live price per video has been saved (not only the built-in default). */
  price: z.boolean(),
  /** At least one kiosk registered and authorised. */
  kiosk: z.boolean(),
  /** Payments, storage and e-mail each succeeded at least once, and no credential alert stands. */
  integrations: z.boolean(),
});
export type SetupChecklist = z.infer<typeof setupChecklistResponse>;
