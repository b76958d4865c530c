// The audit log: every admin action that changes data records who, when, what,
// and the values before and after. Call recordAudit with the transaction of the change where there
// is one, so the change and its entry land together. Never pass a password, hash or secret.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/database.ts';
import { currentAdmin } from '../http/auth.ts';
import type { SessionAdmin } from '../auth/venue-access.ts';
import { insertAuditEntry } from './queries.ts';

export interface AuditInput {
  actor: Pick<SessionAdmin, 'id' | 'email'>;
  at: string;
  action: string;
  entity: string;
  entityId?: string | number | null;
  venueId?: number | null;
  before?: unknown;
  after?: unknown;
}

const SECRET_KEYS = /password|hash|secret|token|pin/i;

/** Drops any secret-looking field, in case a caller passes a whole row. */
function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEYS.test(key))
        .map(([k, v]) => [k, scrub(v)]),
    );
  }
  return value;
}

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(scrub(value)));

export async function recordAudit(db: Db, input: AuditInput): Promise<void> {
  await insertAuditEntry(db, {
    at: input.at,
    adminId: input.actor.id,
    adminEmail: input.actor.email,
    action: input.action,
    entity: input.entity,
    entityId: input.entityId === undefined || input.entityId === null ? null : String(input.entityId),
    venueId: input.venueId ?? null,
    before: json(input.before),
    after: json(input.after),
  });
}

/**
 * Records an action from a route, after the change has succeeded, for changes that have no
 * transaction of their own to share: the signed-in admin at the server's clock.
 */
export async function auditRoute(c: Context<AppEnv>, input: Omit<AuditInput, 'actor' | 'at'>): Promise<void> {
  await recordAudit(c.var.deps.db, { ...input, actor: currentAdmin(c), at: c.var.deps.clock.now().toISOString() });
}

// What the other features use of this one; its queries.ts is its own.
export { forgetAuditValues } from './queries.ts';
