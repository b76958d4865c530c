// /api/admin/setup: the first-run checklist, built from the shared definition (shared/src/contract/reports.ts).
import { endpoints } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { route } from '../http/contract.ts';
import { setupChecklist } from './service.ts';

export function setupRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.setupChecklist).handle(async (c) => ({ status: 200, body: await setupChecklist(c.var.deps) }));
  return app;
}
