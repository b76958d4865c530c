import { z } from 'zod';
import { ADMIN_LANGUAGES } from '../languages.ts';
import { MESSAGES } from '../messages.ts';
import { timestamp, whenMissing } from './common.ts';

/** The server's role values; the PWA shows `super_admin` as superadmin (spec section 3). */
export const serverRoleSchema = z.enum(['super_admin', 'admin']);
export type ServerRole = z.infer<typeof serverRoleSchema>;

export const loginRequest = z.strictObject({
  email: z
    .string({ error: whenMissing(MESSAGES.adminLogin.bothRequired) })
    .trim()
    .min(1, MESSAGES.adminLogin.bothRequired)
    .max(254),
  password: z
    .string({ error: whenMissing(MESSAGES.adminLogin.bothRequired) })
    .min(1, MESSAGES.adminLogin.bothRequired)
    .max(200),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const adminVenue = z.object({ id: z.number(), name: z.string() });
export type AdminVenue = z.infer<typeof adminVenue>;

export const sessionUser = z.object({
  id: z.number(),
  email: z.string(),
  role: serverRoleSchema,
  /** The admin's venue; null for a super admin (all venues). */
  venueId: z.number().nullable(),
  /** The admin's venue as a list (empty for a super admin). */
  venues: z.array(adminVenue),
  /**
   * true after a super admin reset the password to a one-time one: until the admin sets their own
   * (PUT /api/admin/password), every other admin call answers 403.
   */
  mustChangePassword: z.boolean(),
  /** The back-office's language this admin chose: 'en' until they switch. */
  language: z.enum(ADMIN_LANGUAGES),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  user: sessionUser,
  token: z.string(),
  message: z.string(),
  expiresAt: timestamp,
});
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * A refused login (429): the message, and for one e-mail from one address after repeated failures
 * the seconds left to wait; an address refused outright for abuse names no wait.
 */
export const loginThrottledResponse = z.object({
  message: z.string(),
  retryAfterSeconds: z.number().int().positive().optional(),
});
export type LoginThrottledResponse = z.infer<typeof loginThrottledResponse>;

export const verifyResponse = z.object({ valid: z.literal(true), user: sessionUser });
export type VerifyResponse = z.infer<typeof verifyResponse>;

export const AUTH_MESSAGES = {
  loggedIn: 'Login successful',
  loggedOut: 'Logged out',
  invalidCredentials: 'Invalid email or password',
  mustChangePassword: 'Please choose a new password first: yours was reset to a one-time password.',
  tooManyAttempts: 'Too many login attempts. Please try again in 15 minutes.',
  /** Our wording: the growing wait after repeated failures for one e-mail from one address. */
  waitBeforeRetry: (seconds: number) =>
    seconds < 60
      ? `Too many failed logins. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`
      : `Too many failed logins. Please try again in ${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? 'minute' : 'minutes'}.`,
} as const;
