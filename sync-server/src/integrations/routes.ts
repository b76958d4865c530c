// The Integrations panel (super admins only; 403 for an admin): its status and the Test connection
// buttons. An unknown kind is refused by the definition's params (404).
import { endpoints } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { currentAdmin } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { integrationsView, testIntegration } from './service.ts';

export function integrationRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.integrationHealth).handle(async (c) => ({ status: 200, body: await integrationsView(c.var.deps) }));
  route(app, endpoints.testIntegration).handle(async (c, { params }) => ({
    status: 200,
    body: await testIntegration(c.var.deps, params.kind, { adminEmail: currentAdmin(c).email, origin: c.req.header('Origin') }),
  }));
  return app;
}
