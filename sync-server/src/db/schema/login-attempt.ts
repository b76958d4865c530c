import type { Generated } from 'kysely';

/** Failed logins only; read to rate-limit per e-mail and per address. */
export interface LoginAttemptTable {
  id: Generated<number>;
  email: string;
  ip: string;
  attemptedAt: string;
}
