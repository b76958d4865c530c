// /api/kiosk-reports: kiosks report parked purchases and upload progress; admins read them (their
// own venue's; a super admin every venue's). Thin handlers: parse with the shared schemas, call the
// query helpers.
import {
  deliveryQuerySchema,
  KIOSK_REPORT_MESSAGES,
  kioskParkedReportSchema,
  kioskUploadProgressReportSchema,
  type DeliveryResponse,
  type ListParkedResponse,
  type ListReversedResponse,
  SERVER_MESSAGES,
} from '@courtreplay/shared';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app.ts';
import { assertVenueAccess, currentAdmin, currentDevice, requireAdmin, requireAuthorisedDevice, venueScope } from '../http/auth.ts';
import { notFound } from '../errors.ts';
import { parseIdParam, parseJson, parseWith } from '../http/validation.ts';
import { deliveryStateOf } from './delivery-state.ts';
import { deleteParked, findParked, findPurchaseOwner, listParked, listReversed, purchasesWithProgress, upsertParked, upsertProgress } from './queries.ts';

/** An admin sees their own venue only; a super admin all, or the venueId asked. */
function requestedVenue(c: Context<AppEnv>): number | null {
  const scope = venueScope(currentAdmin(c));
  const asked = c.req.query('venueId');
  return scope ?? (asked && /^[1-9][0-9]{0,14}$/.test(asked) ? Number(asked) : null);
}

export function kioskReportRoutes() {
  return new Hono<AppEnv>()
    .post('/parked', requireAuthorisedDevice, async (c) => {
      const report = await parseJson(c, kioskParkedReportSchema);
      const { db, clock } = c.var.deps;
      await upsertParked(db, currentDevice(c), report, clock.now().toISOString());
      return c.json({ message: SERVER_MESSAGES.kioskReports.reported });
    })
    .post('/progress', requireAuthorisedDevice, async (c) => {
      const report = await parseJson(c, kioskUploadProgressReportSchema);
      const { db, clock } = c.var.deps;
      const device = currentDevice(c);
      // Only the kiosk that sold the purchase reports on it.
      const owner = await findPurchaseOwner(db, report.transactionId);
      if (!owner || owner.deviceId !== device.deviceId) throw notFound(KIOSK_REPORT_MESSAGES.purchaseNotFound);
      await upsertProgress(db, device.deviceId, report, clock.now().toISOString());
      return c.json({ message: SERVER_MESSAGES.kioskReports.reported });
    })
    .get('/parked', requireAdmin, async (c) => {
      const answer: ListParkedResponse = { parked: await listParked(c.var.deps.db, requestedVenue(c)) };
      return c.json(answer);
    })
    .get('/reversed', requireAdmin, async (c) => {
      const answer: ListReversedResponse = { reversed: await listReversed(c.var.deps.db, requestedVenue(c)) };
      return c.json(answer);
    })
    .delete('/parked/:id', requireAdmin, async (c) => {
      const id = parseIdParam(c, 'id', KIOSK_REPORT_MESSAGES.reportNotFound);
      const { db } = c.var.deps;
      const row = await findParked(db, id);
      if (!row) throw notFound(KIOSK_REPORT_MESSAGES.reportNotFound);
      assertVenueAccess(currentAdmin(c), row.venueId);
      await deleteParked(db, id);
      return c.json({ message: SERVER_MESSAGES.kioskReports.dismissed });
    })
    .get('/delivery', requireAdmin, async (c) => {
      const { ids } = parseWith(deliveryQuerySchema, { ids: c.req.query('ids') ?? '' });
      const rows = await purchasesWithProgress(c.var.deps.db, ids, venueScope(currentAdmin(c)));
      const answer: DeliveryResponse = { deliveries: rows.map(deliveryStateOf) };
      return c.json(answer);
    });
}
