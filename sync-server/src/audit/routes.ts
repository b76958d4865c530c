import { endpoints } from '@courtreplay/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { route } from '../http/contract.ts';
import { AUDIT_PAGE_SIZE, listAuditEntries } from './queries.ts';

const DAY_MS = 86_400_000;
/** A venue day (Asia/Jakarta, UTC+7 all year) as the UTC instant it starts. */
const jakartaDayStart = (day: string): Date => new Date(`${day}T00:00:00+07:00`);

/** The audit log: super admins only. */
export function auditRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  route(app, endpoints.listAuditLog).handle(async (c, { query }) => {
    const page = query.page ?? 1;
    const { entries, total } = await listAuditEntries(
      c.var.deps.db,
      {
        action: query.action || undefined,
        entity: query.entity || undefined,
        adminId: query.adminId,
        since: query.from ? jakartaDayStart(query.from).toISOString() : undefined,
        until: query.to ? new Date(jakartaDayStart(query.to).getTime() + DAY_MS).toISOString() : undefined,
      },
      page,
    );
    return { status: 200, body: { entries, page, pageSize: AUDIT_PAGE_SIZE, total } };
  });
  return app;
}
