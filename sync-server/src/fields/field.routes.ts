import { FIELD_MESSAGES, VENUE_MESSAGES, assignDeviceFieldRequest, createFieldRequest, updateFieldRequest } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { deleteField, findVenue, insertField, listFields, renameField } from '../db/queries/venues.ts';
import { assignDeviceField } from '../devices/device.service.ts';
import { assertVenueAccess, currentAdmin, requireAdmin, requireSuperAdmin } from '../http/auth.ts';
import { invalidInput, notFound } from '../errors.ts';
import { parseIdParam, parseJson } from '../http/validation.ts';

/** Courts ("fields"): read by the venue's admins and super admins, managed by super admins. */
export function fieldRoutes() {
  return new Hono<AppEnv>()
    .get('/venue/:venueId', requireAdmin, async (c) => {
      const venueId = parseIdParam(c, 'venueId', VENUE_MESSAGES.notFound);
      assertVenueAccess(currentAdmin(c), venueId);
      if (!(await findVenue(c.var.deps.db, venueId))) throw notFound(VENUE_MESSAGES.notFound);
      return c.json(await listFields(c.var.deps.db, venueId));
    })
    .post('/create', requireSuperAdmin, async (c) => {
      const { venueId, name } = await parseJson(c, createFieldRequest);
      if (!(await findVenue(c.var.deps.db, venueId))) throw invalidInput(VENUE_MESSAGES.notFound);
      const field = await insertField(c.var.deps.db, { name, venueId, createdAt: c.var.deps.clock.now().toISOString() });
      return c.json({ message: FIELD_MESSAGES.created, field }, 201);
    })
    .put('/device', requireAdmin, async (c) => {
      const input = await parseJson(c, assignDeviceFieldRequest);
      const device = await assignDeviceField(c.var.deps, currentAdmin(c), input.deviceId, input.fieldId);
      return c.json({ message: FIELD_MESSAGES.deviceAssigned, device });
    })
    .put('/:id', requireSuperAdmin, async (c) => {
      const id = parseIdParam(c, 'id', FIELD_MESSAGES.notFound);
      const { name } = await parseJson(c, updateFieldRequest);
      const field = await renameField(c.var.deps.db, id, name);
      if (!field) throw notFound(FIELD_MESSAGES.notFound);
      return c.json({ message: FIELD_MESSAGES.updated, field });
    })
    .delete('/:id', requireSuperAdmin, async (c) => {
      const id = parseIdParam(c, 'id', FIELD_MESSAGES.notFound);
      if (!(await deleteField(c.var.deps.db, id))) throw notFound(FIELD_MESSAGES.notFound);
      return c.json({ message: FIELD_MESSAGES.deleted });
    });
}
