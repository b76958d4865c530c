// Promo validation (spec section 5): the server's verdict, mapped to the spec's messages.
import { MESSAGES, type ValidatedPromo } from '@courtreplay/shared';
import { ApiError, call } from '../../lib/api-client.ts';

/** A promo the server accepted for this cart (the answer of validatePromo). */
export type AppliedPromo = ValidatedPromo;

export type PromoVerdict = { ok: true; promo: AppliedPromo } | { ok: false; message: string };

export async function validatePromo(code: string): Promise<PromoVerdict> {
  const trimmed = code.trim();
  if (!trimmed) return { ok: false, message: MESSAGES.promo.enterCode };
  try {
    const answer = await call('validatePromo', { body: { code: trimmed.toUpperCase() } });
    return answer.valid ? { ok: true, promo: answer.promo } : { ok: false, message: answer.message };
  } catch (e) {
    // A server that looked at the code and said no (4xx with a verdict) is "invalid"; a request
    // that failed (network, server error) is the spec's request-failure message.
    if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 403 && e.status !== 429) {
      return { ok: false, message: e.message && e.body ? e.message : MESSAGES.promo.invalidOrExpired };
    }
    return { ok: false, message: MESSAGES.promo.requestFailed };
  }
}
