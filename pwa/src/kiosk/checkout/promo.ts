// Promo validation (spec section 5): the server's verdict, mapped to the spec's messages.
import { MESSAGES } from '@courtreplay/shared';
import { api, ApiError } from '../../lib/api-client.ts';

export interface AppliedPromo {
  id: number;
  name: string;
  code: string;
  amount: number;
  percent: number;
}

interface PromoAnswer {
  valid: boolean;
  message?: string;
  promo?: AppliedPromo | null;
}

export type PromoVerdict = { ok: true; promo: AppliedPromo } | { ok: false; message: string };

export async function validatePromo(code: string): Promise<PromoVerdict> {
  const trimmed = code.trim();
  if (!trimmed) return { ok: false, message: MESSAGES.promo.enterCode };
  try {
    const answer = await api<PromoAnswer>('/promo/validate', { method: 'POST', body: { code: trimmed.toUpperCase() } });
    if (answer.valid && answer.promo) return { ok: true, promo: answer.promo };
    return { ok: false, message: answer.message || MESSAGES.promo.invalidOrExpired };
  } catch (e) {
    // A server that looked at the code and said no (4xx with a verdict) is "invalid"; a request
    // that failed (network, server error) is the spec's request-failure message.
    if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 403 && e.status !== 429) {
      return { ok: false, message: e.message && e.body ? e.message : MESSAGES.promo.invalidOrExpired };
    }
    return { ok: false, message: MESSAGES.promo.requestFailed };
  }
}
