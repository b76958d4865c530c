// /api/admin/integrations (super admins only; 403 for an admin): the panel's status and the Test
// connection buttons. Thin: check the kind, call the service.
import { INTEGRATION_KINDS, INTEGRATION_MESSAGES } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { currentAdmin, requireSuperAdmin } from '../http/auth.ts';
import { notFound } from '../errors.ts';
import type { IntegrationKind } from './health.ts';
import { integrationsView, testIntegration } from './integration.service.ts';

const isKind = (value: string): value is IntegrationKind => (INTEGRATION_KINDS as readonly string[]).includes(value);

export function integrationRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireSuperAdmin)
    .get('/', (c) => c.json(integrationsView(c.var.deps)))
    .post('/:kind/test', async (c) => {
      const kind = c.req.param('kind');
      if (!isKind(kind)) throw notFound(INTEGRATION_MESSAGES.unknownIntegration);
      const result = await testIntegration(c.var.deps, kind, { adminEmail: currentAdmin(c).email, origin: c.req.header('Origin') });
      return c.json(result);
    });
}
