import { endpoints, FIELD_MESSAGES, VENUE_MESSAGES } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { findVenue } from '../venues/service.ts';
import { auditRoute } from '../audit/record.ts';
import { deleteField, findField, insertField, listFieldCodes, listFields, renameField, renewCourtCode } from './queries.ts';
import { markUrlOf } from './court-code.ts';
import { assignDeviceField } from '../devices/service.ts';
import { assertVenueAccess, currentAdmin } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { invalidInput, notFound } from '../errors.ts';
import { venueCourtCameras, maskedCamera } from '../recorders/service.ts';

/**
 * Courts ("fields"): read and managed (added, renamed, removed, their posters renewed) by the venue's
 * admins and by super admins; the server checks the court's venue, never the browser's word.
 */
export function fieldRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.listFields).handle(async (c, { params: { venueId } }) => {
    assertVenueAccess(currentAdmin(c), venueId);
    if (!(await findVenue(c.var.deps.db, venueId))) throw notFound(VENUE_MESSAGES.notFound);
    const { db, config } = c.var.deps;
    const codes = new Map((await listFieldCodes(db, venueId)).map((f) => [f.id, f.courtCode]));
    // A camera's password is never listed: the address comes masked.
    const cameras = new Map((await venueCourtCameras(db, venueId)).map((f) => [f.id, f]));
    const fields = (await listFields(db, venueId)).map((f) => {
      const code = codes.get(f.id);
      const camera = cameras.get(f.id);
      return {
        ...f,
        markUrl: code ? markUrlOf(config.publicUrl, code) : null,
        camera: maskedCamera(camera?.cameraUrl, camera?.cameraSubUrl),
      };
    });
    return { status: 200, body: fields };
  });
  route(app, endpoints.createField).handle(async (c, { body: { venueId, name } }) => {
    assertVenueAccess(currentAdmin(c), venueId);
    if (!(await findVenue(c.var.deps.db, venueId))) throw invalidInput(VENUE_MESSAGES.notFound);
    const field = await insertField(c.var.deps.db, { name, venueId, createdAt: c.var.deps.clock.now().toISOString() });
    await auditRoute(c, { action: 'field.create', entity: 'field', entityId: field.id, venueId, after: field });
    return { status: 201, body: { message: FIELD_MESSAGES.created, field } };
  });
  // Before PUT /api/field/:id, which would otherwise take 'device' for an id.
  route(app, endpoints.assignDeviceField).handle(async (c, { body }) => {
    const device = await assignDeviceField(c.var.deps, currentAdmin(c), body.deviceId, body.fieldId);
    await auditRoute(c, {
      action: 'device.field',
      entity: 'device',
      entityId: device.deviceId,
      venueId: device.venueId,
      after: { fieldId: body.fieldId },
    });
    return { status: 200, body: { message: FIELD_MESSAGES.deviceAssigned, device } };
  });
  route(app, endpoints.updateField).handle(async (c, { params, body }) => {
    const before = await findField(c.var.deps.db, params.id);
    if (!before) throw notFound(FIELD_MESSAGES.notFound);
    assertVenueAccess(currentAdmin(c), before.venueId);
    const field = await renameField(c.var.deps.db, params.id, body.name);
    if (!field) throw notFound(FIELD_MESSAGES.notFound);
    await auditRoute(c, { action: 'field.update', entity: 'field', entityId: field.id, venueId: field.venueId, before, after: field });
    return { status: 200, body: { message: FIELD_MESSAGES.updated, field } };
  });
  route(app, endpoints.deleteField).handle(async (c, { params }) => {
    const before = await findField(c.var.deps.db, params.id);
    if (!before) throw notFound(FIELD_MESSAGES.notFound);
    assertVenueAccess(currentAdmin(c), before.venueId);
    if (!(await deleteField(c.var.deps.db, params.id))) throw notFound(FIELD_MESSAGES.notFound);
    await auditRoute(c, { action: 'field.delete', entity: 'field', entityId: params.id, venueId: before.venueId, before });
    return { status: 200, body: { message: FIELD_MESSAGES.deleted } };
  });
  route(app, endpoints.renewCourtCode).handle(async (c, { params }) => {
    const field = await findField(c.var.deps.db, params.id);
    if (!field) throw notFound(FIELD_MESSAGES.notFound);
    assertVenueAccess(currentAdmin(c), field.venueId);
    const code = await renewCourtCode(c.var.deps.db, field.id);
    if (!code) throw notFound(FIELD_MESSAGES.notFound);
    await auditRoute(c, { action: 'field.courtCode', entity: 'field', entityId: field.id, venueId: field.venueId });
    return { status: 200, body: { message: FIELD_MESSAGES.courtCodeRenewed, markUrl: markUrlOf(c.var.deps.config.publicUrl, code) } };
  });
  return app;
}
