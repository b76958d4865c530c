import type { AuditEntry } from '@courtreplay/shared';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AuditLogTable } from '../db/schema/audit-log.ts';

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  action?: string;
  entity?: string;
  adminId?: number;
  /** ISO instants: from inclusive, until exclusive. */
  since?: string;
  until?: string;
}

function filtered(db: Db, f: AuditFilter) {
  let q = db.selectFrom('audit_log');
  if (f.action) q = q.where('action', '=', f.action);
  if (f.entity) q = q.where('entity', '=', f.entity);
  if (f.adminId) q = q.where('adminId', '=', f.adminId);
  if (f.since) q = q.where('at', '>=', f.since);
  if (f.until) q = q.where('at', '<', f.until);
  return q;
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export async function listAuditEntries(db: Db, f: AuditFilter, page: number): Promise<{ entries: AuditEntry[]; total: number }> {
  const rows = await filtered(db, f)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  const count = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { entries: rows.map((r) => ({ ...r, before: parse(r.before), after: parse(r.after) })), total: Number(count.n) };
}

/** Erase on request: an entity's entries keep who did what and when, not the values (a player's address). */
export async function forgetAuditValues(db: Db, entity: string, entityId: string): Promise<void> {
  await db
    .updateTable('audit_log')
    .set({ before: null, after: null })
    .where('entity', '=', entity)
    .where('entityId', '=', entityId)
    .execute();
}

export async function insertAuditEntry(db: Db, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}
