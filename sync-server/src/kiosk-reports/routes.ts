// /api/kiosk-reports: kiosks report parked purchases and upload progress; admins read them (their
// own venue's; a super admin every venue's). Built from the shared definitions
// (shared/src/contract/kiosk-reports.ts); thin handlers that call the query helpers.
import { endpoints, KIOSK_REPORT_MESSAGES, SERVER_MESSAGES } from '@courtreplay/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { assertVenueAccess, currentAdmin, currentDevice, venueScope } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { notFound } from '../errors.ts';
import { deliveryStateOf } from './delivery-state.ts';
import {
  deleteParked,
  findParked,
  findPurchaseOwner,
  listParked,
  listReversed,
  purchasesWithProgress,
  upsertParked,
  upsertProgress,
} from './queries.ts';

/** An admin sees their own venue only; a super admin all, or the venueId asked. */
function requestedVenue(c: Context<AppEnv>, asked: number | undefined): number | null {
  return venueScope(currentAdmin(c)) ?? asked ?? null;
}

export function kioskReportRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.reportParked).handle(async (c, { body }) => {
    const { db, clock } = c.var.deps;
    await upsertParked(db, currentDevice(c), body, clock.now().toISOString());
    return { status: 200, body: { message: SERVER_MESSAGES.kioskReports.reported } };
  });
  route(app, endpoints.reportProgress).handle(async (c, { body }) => {
    const { db, clock } = c.var.deps;
    const device = currentDevice(c);
    // Only the kiosk that sold the purchase reports on it.
    const owner = await findPurchaseOwner(db, body.transactionId);
    if (!owner || owner.deviceId !== device.deviceId) throw notFound(KIOSK_REPORT_MESSAGES.purchaseNotFound);
    await upsertProgress(db, device.deviceId, body, clock.now().toISOString());
    return { status: 200, body: { message: SERVER_MESSAGES.kioskReports.reported } };
  });
  route(app, endpoints.listParked).handle(async (c, { query }) => ({
    status: 200,
    body: { parked: await listParked(c.var.deps.db, requestedVenue(c, query.venueId)) },
  }));
  route(app, endpoints.listReversed).handle(async (c, { query }) => ({
    status: 200,
    body: { reversed: await listReversed(c.var.deps.db, requestedVenue(c, query.venueId)) },
  }));
  route(app, endpoints.dismissParked).handle(async (c, { params: { id } }) => {
    const { db } = c.var.deps;
    const row = await findParked(db, id);
    if (!row) throw notFound(KIOSK_REPORT_MESSAGES.reportNotFound);
    assertVenueAccess(currentAdmin(c), row.venueId);
    await deleteParked(db, id);
    return { status: 200, body: { message: SERVER_MESSAGES.kioskReports.dismissed } };
  });
  route(app, endpoints.deliveryReport).handle(async (c, { query: { ids } }) => {
    const rows = await purchasesWithProgress(c.var.deps.db, ids, venueScope(currentAdmin(c)));
    return { status: 200, body: { deliveries: rows.map(deliveryStateOf) } };
  });
  return app;
}
