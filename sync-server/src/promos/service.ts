import { MESSAGES, PROMO_MESSAGES, promoIsOpen, type Promo, type ValidatePromoResponse, type promoInput } from '@courtreplay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../app.ts';
import { deletePromo, findPromoByCode, hasQuotaLeft, insertPromo, listPromos, updatePromo } from '../promos/queries.ts';
import { conflict, notFound } from '../errors.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type PromoValues = z.output<typeof promoInput>;

export async function allPromos(deps: Deps): Promise<Promo[]> {
  return listPromos(deps.db);
}

export async function createPromo(deps: Deps, values: PromoValues): Promise<Promo> {
  const promo = await insertPromo(deps.db, { ...values, createdAt: deps.clock.now().toISOString() });
  if (!promo) throw conflict(MESSAGES.promoForm.duplicateCode);
  return promo;
}

export async function changePromo(deps: Deps, id: number, values: PromoValues): Promise<Promo> {
  const result = await updatePromo(deps.db, id, values);
  if (result === 'missing') throw notFound(PROMO_MESSAGES.notFound);
  if (result === 'duplicate') throw conflict(MESSAGES.promoForm.duplicateCode);
  return result;
}

export async function removePromo(deps: Deps, id: number): Promise<void> {
  if (!(await deletePromo(deps.db, id))) throw notFound(PROMO_MESSAGES.notFound);
}

/**
 * A kiosk checks a code before checkout. An unknown code, a used-up one, one outside its days and one
 * switched off all get the same answer, so codes cannot be probed. The quota is only reserved when
 * the purchase is created.
 */
export async function validatePromo(deps: Deps, code: string): Promise<ValidatePromoResponse> {
  const promo = await findPromoByCode(deps.db, code);
  if (!promo || !promoIsOpen(promo, deps.clock.now()) || !hasQuotaLeft(promo))
    return { valid: false, message: MESSAGES.promo.requestFailed, promo: null };
  const { id, name, amount, percent } = promo;
  return { valid: true, message: PROMO_MESSAGES.valid, promo: { id, name, code: promo.code, amount, percent } };
}
