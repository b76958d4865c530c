import { MESSAGES, PROMO_MESSAGES, promoInput, validatePromoRequest } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { requireAuthorisedDevice, requireSuperAdmin } from '../http/auth.ts';
import { parseIdParam, parseJson } from '../http/validation.ts';
import { allPromos, changePromo, createPromo, removePromo, validatePromo } from './service.ts';

/** Promo codes: managed by super admins; validated by authorised kiosks. */
export function promoRoutes() {
  return new Hono<AppEnv>()
    .post('/validate', requireAuthorisedDevice, async (c) => {
      const { code } = await parseJson(c, validatePromoRequest);
      return c.json(await validatePromo(c.var.deps, code));
    })
    .get('/', requireSuperAdmin, async (c) => c.json(await allPromos(c.var.deps)))
    .post('/', requireSuperAdmin, async (c) => {
      const promo = await createPromo(c.var.deps, await parseJson(c, promoInput));
      return c.json({ message: MESSAGES.promoForm.created(promo.code), promo }, 201);
    })
    .put('/:id', requireSuperAdmin, async (c) => {
      const id = parseIdParam(c, 'id', PROMO_MESSAGES.notFound);
      const promo = await changePromo(c.var.deps, id, await parseJson(c, promoInput));
      return c.json({ message: MESSAGES.promoForm.updated(promo.code), promo });
    })
    .delete('/:id', requireSuperAdmin, async (c) => {
      await removePromo(c.var.deps, parseIdParam(c, 'id', PROMO_MESSAGES.notFound));
      return c.json({ message: MESSAGES.promoForm.deleted });
    });
}
