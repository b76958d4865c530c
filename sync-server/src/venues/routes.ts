import { endpoints, VENUE_MESSAGES } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { deleteVenue, findVenue, insertVenue, listVenues, updateVenue } from './queries.ts';
import { auditRoute } from '../audit/record.ts';
import { currentAdmin, venueScope } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { notFound } from '../errors.ts';

/**
 * Venues. Every admin may read them (the device registration form needs the list), an admin only
 * their own venue; creating, changing and deleting is for super admins.
 */
export function venueRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.listVenues).handle(async (c) => {
    const scope = venueScope(currentAdmin(c));
    return { status: 200, body: await listVenues(c.var.deps.db, scope ?? undefined) };
  });
  route(app, endpoints.createVenue).handle(async (c, { body: { name, location, language } }) => {
    const venue = await insertVenue(c.var.deps.db, { name, location, language, createdAt: c.var.deps.clock.now().toISOString() });
    await auditRoute(c, { action: 'venue.create', entity: 'venue', entityId: venue.id, venueId: venue.id, after: venue });
    return { status: 201, body: { message: VENUE_MESSAGES.created, venue } };
  });
  route(app, endpoints.updateVenue).handle(async (c, { params, body }) => {
    const before = await findVenue(c.var.deps.db, params.id);
    const venue = await updateVenue(c.var.deps.db, params.id, body);
    if (!venue) throw notFound(VENUE_MESSAGES.notFound);
    await auditRoute(c, { action: 'venue.update', entity: 'venue', entityId: venue.id, venueId: venue.id, before, after: venue });
    return { status: 200, body: { message: VENUE_MESSAGES.updated, venue } };
  });
  route(app, endpoints.deleteVenue).handle(async (c, { params }) => {
    const before = await findVenue(c.var.deps.db, params.id);
    if (!(await deleteVenue(c.var.deps.db, params.id))) throw notFound(VENUE_MESSAGES.notFound);
    await auditRoute(c, { action: 'venue.delete', entity: 'venue', entityId: params.id, venueId: params.id, before });
    return { status: 200, body: { message: VENUE_MESSAGES.deleted } };
  });
  return app;
}
