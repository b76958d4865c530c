// The phone page's secret (issue 13 point 1): /p/{token} opens one purchase's clips without an
// account, so the token is 128 random bits and never the purchase id. The kiosk draws it (so an
// offline free purchase can show its QR code at once) and the server keeps it when it is well formed
// and unused; the server draws one itself for a kiosk that sends none, and for purchases made before
// tokens existed, on first need.
import { looksLikeDrawnPhoneToken } from '@courtreplay/shared';
import { randomBytes } from 'node:crypto';
import { fillEmptyPhoneToken, findPhoneToken, phoneTokenTaken, type Tx } from './queries.ts';

export { PHONE_TOKEN_PATTERN } from '@courtreplay/shared';

/**
 * The kiosk's proposed token when the purchase may keep it: shaped like the kiosk generator's
 * (shared looksLikeDrawnPhoneToken) and held by no other purchase. Undefined otherwise, the same
 * for every reason, so the answer never tells whether some purchase uses a token.
 */
export async function usableProposedToken(db: Tx, proposed: string | undefined): Promise<string | undefined> {
  if (proposed === undefined || !looksLikeDrawnPhoneToken(proposed)) return undefined;
  return (await phoneTokenTaken(db, proposed)) ? undefined : proposed;
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
