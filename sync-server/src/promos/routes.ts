import { endpoints, MESSAGES } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { route } from '../http/contract.ts';
import { auditRoute } from '../audit/record.ts';
import { findPromo } from './queries.ts';
import { allPromos, changePromo, createPromo, removePromo, validatePromo } from './service.ts';

/** Promo codes: managed by super admins; validated by authorised kiosks. */
export function promoRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.validatePromo).handle(async (c, { body }) => ({ status: 200, body: await validatePromo(c.var.deps, body.code) }));
  route(app, endpoints.listPromos).handle(async (c) => ({ status: 200, body: await allPromos(c.var.deps) }));
  route(app, endpoints.createPromo).handle(async (c, { body }) => {
    const promo = await createPromo(c.var.deps, body);
    await auditRoute(c, { action: 'promo.create', entity: 'promo', entityId: promo.id, after: promo });
    return { status: 201, body: { message: MESSAGES.promoForm.created(promo.code), promo } };
  });
  route(app, endpoints.updatePromo).handle(async (c, { params, body }) => {
    const before = await findPromo(c.var.deps.db, params.id);
    const promo = await changePromo(c.var.deps, params.id, body);
    await auditRoute(c, { action: 'promo.update', entity: 'promo', entityId: promo.id, before, after: promo });
    return { status: 200, body: { message: MESSAGES.promoForm.updated(promo.code), promo } };
  });
  route(app, endpoints.deletePromo).handle(async (c, { params }) => {
    const before = await findPromo(c.var.deps.db, params.id);
    await removePromo(c.var.deps, params.id);
    await auditRoute(c, { action: 'promo.delete', entity: 'promo', entityId: params.id, before });
    return { status: 200, body: { message: MESSAGES.promoForm.deleted } };
  });
  return app;
}
