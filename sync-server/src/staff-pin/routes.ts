import { endpoints } from '@courtreplay/shared';
import { auditRoute } from '../audit/record.ts';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { currentAdmin, currentDevice } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { setStaffPin, staffPinRequired, staffPinsFor, verifyStaffPin } from './service.ts';

/** The staff PIN: admins set it per venue; a kiosk asks whether it needs one and has it checked. */
export function staffPinRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.listStaffPins).handle(async (c) => ({ status: 200, body: await staffPinsFor(c.var.deps, currentAdmin(c)) }));
  route(app, endpoints.setStaffPin).handle(async (c, { body }) => {
    const answer = await setStaffPin(c.var.deps, currentAdmin(c), body);
    // The PIN itself never goes in the log: only whether one is set.
    await auditRoute(c, {
      action: 'staff_pin.set',
      entity: 'staff_pin',
      entityId: body.venueId,
      venueId: body.venueId,
      after: { set: body.pin !== null },
    });
    return { status: 200, body: answer };
  });
  route(app, endpoints.staffPinStatus).handle(async (c) => ({
    status: 200,
    body: { required: await staffPinRequired(c.var.deps, currentDevice(c)) },
  }));
  route(app, endpoints.verifyStaffPin).handle(async (c, { body }) => ({
    status: 200,
    body: await verifyStaffPin(c.var.deps, currentDevice(c), body.pin),
  }));
  return app;
}
