import { VENUE_MESSAGES, createVenueRequest, updateVenueRequest } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { deleteVenue, insertVenue, listVenues, updateVenue } from '../db/queries/venues.ts';
import { currentAdmin, requireAdmin, requireSuperAdmin, venueScope } from '../http/auth.ts';
import { notFound } from '../errors.ts';
import { parseIdParam, parseJson } from '../http/validation.ts';

/**
 * Venues. Every admin may read them (the device registration form needs the list), an admin only
 * their own venue; creating, changing and deleting is for super admins.
 */
export function venueRoutes() {
  return new Hono<AppEnv>()
    .get('/', requireAdmin, async (c) => {
      const scope = venueScope(currentAdmin(c));
      return c.json(await listVenues(c.var.deps.db, scope ?? undefined));
    })
    .post('/create', requireSuperAdmin, async (c) => {
      const { name, location } = await parseJson(c, createVenueRequest);
      const venue = await insertVenue(c.var.deps.db, { name, location, createdAt: c.var.deps.clock.now().toISOString() });
      return c.json({ message: VENUE_MESSAGES.created, venue }, 201);
    })
    .put('/:id', requireSuperAdmin, async (c) => {
      const id = parseIdParam(c, 'id', VENUE_MESSAGES.notFound);
      const changes = await parseJson(c, updateVenueRequest);
      const venue = await updateVenue(c.var.deps.db, id, changes);
      if (!venue) throw notFound(VENUE_MESSAGES.notFound);
      return c.json({ message: VENUE_MESSAGES.updated, venue });
    })
    .delete('/:id', requireSuperAdmin, async (c) => {
      const id = parseIdParam(c, 'id', VENUE_MESSAGES.notFound);
      if (!(await deleteVenue(c.var.deps.db, id))) throw notFound(VENUE_MESSAGES.notFound);
      return c.json({ message: VENUE_MESSAGES.deleted });
    });
}
