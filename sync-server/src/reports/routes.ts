// /api/reports: the routes built from the shared definitions (shared/src/contract/reports.ts).
import { endpoints } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { currentAdmin, venueScope } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { countUndelivered } from '../error-log/service.ts';
import { reportFilterFor, salesReport } from './sales-report.queries.ts';

export function reportRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.salesReport).handle(async (c, { query }) => {
    const filter = reportFilterFor(query, venueScope(currentAdmin(c)));
    const report = await salesReport(c.var.deps.db, filter);
    return { status: 200, body: { ...report, undelivered: await countUndelivered(c.var.deps, filter) } };
  });
  return app;
}
