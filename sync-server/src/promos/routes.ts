import { endpoints, MESSAGES } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { route } from '../http/contract.ts';
import { auditRoute } from '../audit/record.ts';
import { currentAdmin, currentDevice } from '../http/auth.ts';
import { allPromos, changePromo, createPromo, onePromo, removePromo, validatePromo } from './service.ts';

/** Promo codes: managed by super admins (any) and venue admins (their venue's); validated by authorised kiosks. */
export function promoRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.validatePromo).handle(async (c, { body }) => ({
    status: 200,
    body: await validatePromo(c.var.deps, body.code, currentDevice(c).venueId),
  }));
  route(app, endpoints.listPromos).handle(async (c, { query }) => ({
    status: 200,
    body: await allPromos(c.var.deps, currentAdmin(c), query.venueId),
  }));
  route(app, endpoints.createPromo).handle(async (c, { body }) => {
    const promo = await createPromo(c.var.deps, currentAdmin(c), body);
    await auditRoute(c, { action: 'promo.create', entity: 'promo', entityId: promo.id, venueId: promo.venueId, after: promo });
    return { status: 201, body: { message: MESSAGES.promoForm.created(promo.code), promo } };
  });
  route(app, endpoints.updatePromo).handle(async (c, { params, body }) => {
    const before = await onePromo(c.var.deps, params.id);
    const promo = await changePromo(c.var.deps, currentAdmin(c), params.id, body);
    await auditRoute(c, { action: 'promo.update', entity: 'promo', entityId: promo.id, venueId: promo.venueId, before, after: promo });
    return { status: 200, body: { message: MESSAGES.promoForm.updated(promo.code), promo } };
  });
  route(app, endpoints.deletePromo).handle(async (c, { params }) => {
    const before = await onePromo(c.var.deps, params.id);
    await removePromo(c.var.deps, currentAdmin(c), params.id);
    await auditRoute(c, { action: 'promo.delete', entity: 'promo', entityId: params.id, venueId: before?.venueId ?? null, before });
    return { status: 200, body: { message: MESSAGES.promoForm.deleted } };
  });
  return app;
}
