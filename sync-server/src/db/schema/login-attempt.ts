import type { Generated } from 'kysely';

/**
 * Failed logins (and wrong staff PINs), read to rate-limit per e-mail and per address; and the
 * attempts whose password check is still running (pending = 1), each holding its place in the
 * limit until it ends: then a failure (pending = 0), or deleted when the password was right.
 */
export interface LoginAttemptTable {
  id: Generated<number>;
  email: string;
  ip: string;
  attemptedAt: string;
  pending: Generated<number>;
}
