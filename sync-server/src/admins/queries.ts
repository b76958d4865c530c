import type { AdminLanguage } from '@courtreplay/shared';
import type { Db } from '../db/database.ts';
import type { AdminRole } from '../db/schema/index.ts';

export interface AdminRow {
  id: number;
  email: string;
  role: AdminRole;
  venueId: number | null;
  venueName: string | null;
  createdAt: string;
  lastLoginAt: string | null;
  mustChangePassword: number;
  language: AdminLanguage;
}

function selectAdmins(db: Db) {
  return db
    .selectFrom('admins')
    .leftJoin('venues', 'venues.id', 'admins.venueId')
    .select([
      'admins.id',
      'admins.email',
      'admins.role',
      'admins.venueId',
      'venues.name as venueName',
      'admins.createdAt',
      'admins.lastLoginAt',
      'admins.mustChangePassword',
      'admins.language',
    ]);
}

export async function listAdmins(db: Db): Promise<AdminRow[]> {
  return selectAdmins(db).orderBy('admins.id').execute();
}

export async function findAdminById(db: Db, id: number): Promise<AdminRow | undefined> {
  return selectAdmins(db).where('admins.id', '=', id).executeTakeFirst();
}

/** Sets one admin's back-office language; false when no such admin. */
export async function setAdminLanguage(db: Db, id: number, language: AdminLanguage): Promise<boolean> {
  const result = await db.updateTable('admins').set({ language }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findAdminCredentials(db: Db, email: string): Promise<{ id: number; passwordHash: string } | undefined> {
  return db.selectFrom('admins').select(['id', 'passwordHash']).where('email', '=', email).executeTakeFirst();
}

export async function findPasswordHash(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('admins').select('passwordHash').where('id', '=', id).executeTakeFirst();
  return row?.passwordHash;
}

/** Replaces an admin's hash by one of the same password, unless the password changed meanwhile. */
export async function upgradePasswordHash(db: Db, id: number, previous: string, passwordHash: string): Promise<void> {
  await db.updateTable('admins').set({ passwordHash }).where('id', '=', id).where('passwordHash', '=', previous).execute();
}

export async function setLastLogin(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('admins').set({ lastLoginAt: at }).where('id', '=', id).execute();
}

/**
 * Sets an admin's password hash and ends their sessions, keeping `keepSession` (a token hash) if
 * given, all in one transaction together with `alsoInTrx` (the audit entry).
 */
/**
 * Sets a new password hash and ends the admin's sessions (but `keepSession`). `oneTime`: a password
 * someone else chose (a reset), which the admin must replace with their own before anything else.
 */
export async function replacePassword(
  db: Db,
  id: number,
  passwordHash: string,
  keepSession: string | null,
  alsoInTrx: (trx: Db) => Promise<void>,
  oneTime = false,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('admins')
      .set({ passwordHash, mustChangePassword: oneTime ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    let sessions = trx.deleteFrom('sessions').where('adminId', '=', id);
    if (keepSession !== null) sessions = sessions.where('id', '!=', keepSession);
    await sessions.execute();
    await alsoInTrx(trx);
    return true;
  });
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts an admin; undefined when the e-mail is taken (unique constraint, checked atomically). */
export async function insertAdmin(
  db: Db,
  row: { email: string; passwordHash: string; role: AdminRole; venueId: number | null; createdAt: string },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('admins')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** Deletes an admin and, in the same transaction, every session of theirs. */
export async function deleteAdmin(db: Db, id: number, alsoInTrx?: (trx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('adminId', '=', id).execute();
    const result = await trx.deleteFrom('admins').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await alsoInTrx?.(trx);
    return true;
  });
}
