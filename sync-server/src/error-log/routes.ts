// /api/error-log: the Errors tab's list and 'Mark resolved'. Built from the shared definitions
// (shared/src/contract/kiosk-reports.ts); thin handlers that call the service.
import { endpoints, ERROR_LOG_MESSAGES } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { auditRoute } from '../audit/record.ts';
import { currentAdmin } from '../http/auth.ts';
import { route } from '../http/contract.ts';
import { listErrors, resolveError } from './service.ts';

export function errorLogRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.listErrors).handle(async (c, { query }) => ({
    status: 200,
    body: { entries: await listErrors(c.var.deps, currentAdmin(c), query) },
  }));
  route(app, endpoints.resolveError).handle(async (c, { params }) => {
    const { entry, changed } = await resolveError(c.var.deps, currentAdmin(c), params.id);
    // The sentinel's entry: resolving it runs the delivery again (it sends once the purchase is deliverable).
    if (changed && entry.kind === 'undelivered' && entry.transactionId && c.var.deps.delivery) {
      const purchaseId = entry.transactionId;
      void c.var.deps.delivery
        .purchaseChanged(purchaseId)
        .catch((err: unknown) => c.var.log.error({ err, purchaseId }, 'delivery re-run from the error log failed'));
    }
    if (changed)
      await auditRoute(c, {
        action: 'error.resolve',
        entity: 'error',
        entityId: params.id,
        venueId: entry.venueId,
        before: null,
        after: { kind: entry.kind, at: entry.at, resolvedAt: entry.resolvedAt },
      });
    return { status: 200, body: { message: ERROR_LOG_MESSAGES.resolved, entry } };
  });
  return app;
}
