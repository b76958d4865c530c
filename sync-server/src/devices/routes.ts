import { DEVICE_ID_PATTERN, DEVICE_MESSAGES, authorizeDeviceRequest, deviceStagingRequest, registerDeviceRequest } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { findDevice } from './queries.ts';
import { currentAdmin, requireAdmin, requireSuperAdmin } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { parseJson } from '../http/validation.ts';
import { authorizeDevice, devicesFor, markTestDevice, registerDevice, removeDevice } from './service.ts';

function deviceIdParam(raw: string | undefined): string {
  if (!raw || !DEVICE_ID_PATTERN.test(raw)) throw notFound(DEVICE_MESSAGES.notFound);
  return raw;
}

export function deviceRoutes() {
  return new Hono<AppEnv>()
    .post('/register', requireAdmin, async (c) => {
      const input = await parseJson(c, registerDeviceRequest);
      const { device, created } = await registerDevice(c.var.deps, currentAdmin(c), {
        deviceId: input.deviceId,
        venueId: input.venueId,
        fieldId: input.fieldId ?? null,
      });
      return c.json({ message: DEVICE_MESSAGES.registered, isAuthorized: device.isAuthorized, device }, created ? 201 : 200);
    })
    .put('/authorize', requireAdmin, async (c) => {
      const input = await parseJson(c, authorizeDeviceRequest);
      const device = await authorizeDevice(c.var.deps, currentAdmin(c), input.deviceId, input.isAuthorized);
      return c.json({ message: input.isAuthorized ? DEVICE_MESSAGES.authorized : DEVICE_MESSAGES.deauthorized, device });
    })
    .put('/staging', requireSuperAdmin, async (c) => {
      const input = await parseJson(c, deviceStagingRequest);
      const device = await markTestDevice(c.var.deps, input.deviceId, input.staging);
      return c.json({ message: input.staging ? DEVICE_MESSAGES.madeTestDevice : DEVICE_MESSAGES.madeLiveDevice, device });
    })
    .get('/all', requireAdmin, async (c) => {
      const raw = c.req.query('venueId');
      const venueFilter = raw && /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : undefined;
      return c.json(await devicesFor(c.var.deps, currentAdmin(c), venueFilter));
    })
    // Public: the kiosk asks about itself (its id is a long random secret of its own).
    .get('/:deviceId', async (c) => {
      const device = await findDevice(c.var.deps.db, deviceIdParam(c.req.param('deviceId')));
      if (!device) throw notFound(DEVICE_MESSAGES.notFound);
      const { deviceId, venueId, venueName, fieldId, fieldName, isAuthorized, staging } = device;
      return c.json({ deviceId, venueId, venueName, fieldId, fieldName, isAuthorized, staging });
    })
    .delete('/:deviceId', requireAdmin, async (c) => {
      await removeDevice(c.var.deps, currentAdmin(c), deviceIdParam(c.req.param('deviceId')));
      return c.json({ message: DEVICE_MESSAGES.deleted });
    });
}
