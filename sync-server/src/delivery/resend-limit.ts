// At most a few resends per purchase per hour: an impatient admin (or a stuck button) must not
// flood a player's inbox. Counted in the database so a restart does not reset the count.
import { MESSAGES } from '@courtreplay/shared';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { DomainError } from '../errors.ts';
import { countResendsAfter, deleteResend, deleteResendsUpTo, insertResend } from './queries.ts';

export const MAX_RESENDS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

/**
 * Books one resend for the purchase, or answers 429. The row is written before counting, so two
 * simultaneous requests cannot both slip under the limit; a refused one takes its row back.
 */
export async function bookResend(db: Db, purchaseId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  await deleteResendsUpTo(db, since);
  const id = randomUUID();
  await insertResend(db, { id, purchaseId, requestedAt: now.toISOString() });
  if ((await countResendsAfter(db, purchaseId, since)) > MAX_RESENDS_PER_HOUR) {
    await deleteResend(db, id);
    throw new DomainError('too_many_requests', MESSAGES.transactions.resendLimit);
  }
}
