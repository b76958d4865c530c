import type { Db } from '../database.ts';
import type { AdminRole } from '../schema/index.ts';

export interface SessionAdmin {
  id: number;
  email: string;
  role: AdminRole;
  venueId: number | null;
}

export async function insertSession(db: Db, row: { id: string; adminId: number; createdAt: string; expiresAt: string }): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The admin behind a token hash, if the session exists and has not expired at `now` (ISO). */
export async function findSessionAdmin(db: Db, tokenHash: string, now: string): Promise<SessionAdmin | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('admins', 'admins.id', 'sessions.adminId')
    .select(['admins.id', 'admins.email', 'admins.role', 'admins.venueId'])
    .where('sessions.id', '=', tokenHash)
    .where('sessions.expiresAt', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', tokenHash).execute();
}

export async function deleteSessionsOfAdmin(db: Db, adminId: number): Promise<void> {
  await db.deleteFrom('sessions').where('adminId', '=', adminId).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', now).execute();
}
