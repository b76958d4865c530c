// The phone page's secret: /p/{token} opens one purchase's clips without an account, so the token
// is 128 bits from the server's random generator and never the purchase id. A kiosk holds a stock of
// tokens issued to it ahead of its sales (so an offline free purchase shows its QR code at once); a
// purchase may name only one of those, once. The server draws one itself for a purchase that names
// none, and for purchases made before tokens existed, on first need.
import { PHONE_TOKENS_HELD_MAX, PURCHASE_MESSAGES } from '@courtreplay/shared';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { invalidInput } from '../errors.ts';
import {
  claimIssuedToken,
  deleteIssuedTokens,
  fillEmptyPhoneToken,
  findPhoneToken,
  insertIssuedTokens,
  unusedIssuedTokens,
  type Tx,
} from './queries.ts';

export { PHONE_TOKEN_PATTERN } from '@courtreplay/shared';

/**
 * Draws `count` tokens and issues them to the kiosk. Past PHONE_TOKENS_HELD_MAX unused, the oldest
 * unused ones are retired first: a kiosk whose storage was wiped can start a new stock, and no
 * kiosk can grow the table without bound.
 */
export async function issuePhoneTokens(db: Db, deviceId: string, count: number, now: Date): Promise<string[]> {
  const tokens = Array.from({ length: count }, newPhoneToken);
  await db.transaction().execute(async (tx) => {
    const unused = await unusedIssuedTokens(tx, deviceId);
    await deleteIssuedTokens(tx, unused.slice(0, Math.max(0, unused.length + count - PHONE_TOKENS_HELD_MAX)));
    await insertIssuedTokens(tx, deviceId, tokens, now.toISOString());
  });
  return tokens;
}

/**
 * Takes the token a purchase names for it: one issued to this kiosk and not used yet, else a 400
 * (an old kiosk build draws its own tokens: the message tells it to reload). The answer is the same
 * whatever the reason, so it never tells whether a token exists or was used.
 */
export async function claimPhoneToken(tx: Tx, deviceId: string, token: string, now: Date): Promise<string> {
  if (!(await claimIssuedToken(tx, deviceId, token, now.toISOString()))) throw invalidInput(PURCHASE_MESSAGES.phoneTokenNotIssued);
  return token;
}

export function newPhoneToken(): string {
  return randomBytes(16).toString('base64url');
}

export function phoneUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl}/p/${token}`;
}

/** The purchase's token, drawing and storing one for an older purchase; undefined for an unknown id. */
export async function ensurePhoneToken(db: Tx, purchaseId: string): Promise<string | undefined> {
  const row = await findPhoneToken(db, purchaseId);
  if (!row) return undefined;
  if (row.phoneToken) return row.phoneToken;
  // Only fills an empty slot, so two callers at once agree on whichever token landed first.
  await fillEmptyPhoneToken(db, purchaseId, newPhoneToken());
  return (await findPhoneToken(db, purchaseId))?.phoneToken ?? undefined;
}
