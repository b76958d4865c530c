import { listFields } from '../fields/service.ts';
import { recentVenueMarks } from '../court-marks/service.ts';
import { DEVICE_MESSAGES, endpoints } from '@courtreplay/shared';
import { auditRoute } from '../audit/record.ts';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { currentAdmin, currentDevice } from '../http/auth.ts';
import { issuePhoneTokens } from '../purchases/phone-token.ts';
import { route } from '../http/contract.ts';
import { forbidden, notFound } from '../errors.ts';
import { findDeviceStatus, touchLastSeen } from './queries.ts';

/** How often a kiosk's status question is written down as "seen" (it asks every 3 s). */
const LAST_SEEN_WRITE_MS = 15_000;
import { kioskConfigVersion } from '../config-entries/service.ts';
import { assertHeartbeatNotInFuture, recordHeartbeat } from './health.ts';
import { authorizeDevice, devicesFor, markTestDevice, nameDevice, registerDevice, removeDevice, replaceDeviceId } from './service.ts';

/** Kiosk devices: managed by admins of their venue; each kiosk reads its own status. */
export function deviceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.registerDevice).handle(async (c, { body }) => {
    const { device, created } = await registerDevice(c.var.deps, currentAdmin(c), {
      deviceId: body.deviceId,
      venueId: body.venueId,
      fieldId: body.fieldId ?? null,
    });
    await auditRoute(c, { action: 'device.register', entity: 'device', entityId: device.deviceId, venueId: device.venueId, after: device });
    return { status: created ? 201 : 200, body: { message: DEVICE_MESSAGES.registered, isAuthorized: device.isAuthorized, device } };
  });
  route(app, endpoints.authorizeDevice).handle(async (c, { body: { deviceId, isAuthorized } }) => {
    const device = await authorizeDevice(c.var.deps, currentAdmin(c), deviceId, isAuthorized);
    await auditRoute(c, {
      action: 'device.authorize',
      entity: 'device',
      entityId: deviceId,
      venueId: device.venueId,
      after: { isAuthorized },
    });
    return { status: 200, body: { message: isAuthorized ? DEVICE_MESSAGES.authorized : DEVICE_MESSAGES.deauthorized, device } };
  });
  route(app, endpoints.setDeviceStaging).handle(async (c, { body: { deviceId, staging } }) => {
    const device = await markTestDevice(c.var.deps, deviceId, staging);
    await auditRoute(c, { action: 'device.staging', entity: 'device', entityId: deviceId, venueId: device.venueId, after: { staging } });
    return { status: 200, body: { message: staging ? DEVICE_MESSAGES.madeTestDevice : DEVICE_MESSAGES.madeLiveDevice, device } };
  });
  // Before GET /api/device/:deviceId, which would otherwise take 'all' for an id.
  route(app, endpoints.listDevices).handle(async (c, { query }) => {
    return { status: 200, body: await devicesFor(c.var.deps, currentAdmin(c), query.venueId) };
  });
  // Public: the kiosk asks about itself (its id is a long random secret of its own).
  route(app, endpoints.getDevice).handle(async (c, { params }) => {
    const device = await findDeviceStatus(c.var.deps.db, params.deviceId);
    if (!device) throw notFound(DEVICE_MESSAGES.notFound);
    // Asking is reporting: a kiosk registered after its last heartbeat shows online at once, not at its next beat.
    await touchLastSeen(c.var.deps.db, params.deviceId, c.var.deps.clock.now(), LAST_SEEN_WRITE_MS);
    const { deviceId, venueId, venueName, venueLanguage, fieldId, fieldName, isAuthorized, staging } = device;
    const configVersion = await kioskConfigVersion(c.var.deps, device);
    const serverTime = c.var.deps.clock.now().toISOString();
    // The courts and marks are the venue's: only an authorised kiosk is told them.
    const courts = isAuthorized ? (await listFields(c.var.deps.db, venueId)).map(({ id, name }) => ({ id, name })) : [];
    const marks = isAuthorized ? await recentVenueMarks(c.var.deps, venueId) : [];
    return {
      status: 200,
      body: {
        deviceId,
        venueId,
        venueName,
        venueLanguage,
        fieldId,
        fieldName,
        isAuthorized,
        staging,
        configVersion,
        serverTime,
        courts,
        marks,
      },
    };
  });
  route(app, endpoints.deleteDevice).handle(async (c, { params }) => {
    await removeDevice(c.var.deps, currentAdmin(c), params.deviceId);
    await auditRoute(c, { action: 'device.delete', entity: 'device', entityId: params.deviceId });
    return { status: 200, body: { message: DEVICE_MESSAGES.deleted } };
  });
  route(app, endpoints.replaceDevice).handle(async (c, { params, body }) => {
    const device = await replaceDeviceId(c.var.deps, currentAdmin(c), params.deviceId, body.newDeviceId);
    await auditRoute(c, {
      action: 'device.replace',
      entity: 'device',
      entityId: device.deviceId,
      venueId: device.venueId,
      before: { deviceId: params.deviceId },
      after: { deviceId: device.deviceId },
    });
    return { status: 200, body: { message: DEVICE_MESSAGES.replaced, device } };
  });
  // Public like the status poll: the kiosk reports about itself by its own secret id, in the path and
  // in its own header (an id seen in a link or a log is not enough to speak for a kiosk).
  route(app, endpoints.deviceHeartbeat).handle(async (c, { params, body }) => {
    if (c.req.header('X-Device-Id') !== params.deviceId) throw forbidden(DEVICE_MESSAGES.heartbeatNotOwn);
    const now = c.var.deps.clock.now();
    assertHeartbeatNotInFuture(body, now);
    if (!(await recordHeartbeat(c.var.deps.db, params.deviceId, body, now))) throw notFound(DEVICE_MESSAGES.notFound);
    return { status: 200, body: { ok: true as const } };
  });
  route(app, endpoints.issuePhoneTokens).handle(async (c, { body }) => {
    const { db, clock } = c.var.deps;
    return { status: 200, body: { tokens: await issuePhoneTokens(db, currentDevice(c).deviceId, body.count, clock.now()) } };
  });
  route(app, endpoints.nameDevice).handle(async (c, { params, body }) => {
    const device = await nameDevice(c.var.deps, currentAdmin(c), params.deviceId, body.name);
    await auditRoute(c, {
      action: 'device.name',
      entity: 'device',
      entityId: params.deviceId,
      venueId: device.venueId,
      after: { name: device.name },
    });
    return { status: 200, body: { message: DEVICE_MESSAGES.renamed, device } };
  });
  return app;
}
