// SQL of the marked clips: each mark's clip state and storage folder (mark_clips) and its two
// files' uploads (mark_files).
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MarkFileKind } from '@courtreplay/shared';
import type { MarkClipTable, MarkFileTable } from '../db/schema/index.ts';

export type MarkClipRow = Selectable<MarkClipTable>;
export type MarkFileRow = Selectable<MarkFileTable>;

/** A mark on a court of the venue, with its court: the marks a venue's recorder may touch. */
export async function findVenueMark(db: Db, venueId: number, markId: number) {
  return db
    .selectFrom('court_marks')
    .innerJoin('fields', 'fields.id', 'court_marks.fieldId')
    .select(['court_marks.id', 'court_marks.fieldId', 'court_marks.markedAt', 'fields.venueId', 'fields.name as courtName'])
    .where('court_marks.id', '=', markId)
    .where('fields.venueId', '=', venueId)
    .executeTakeFirst();
}

export async function findMarkClip(db: Db, markId: number): Promise<MarkClipRow | undefined> {
  return db.selectFrom('mark_clips').selectAll().where('markId', '=', markId).executeTakeFirst();
}

export async function markClipsOf(db: Db, markIds: number[]): Promise<MarkClipRow[]> {
  if (markIds.length === 0) return [];
  return db.selectFrom('mark_clips').selectAll().where('markId', 'in', markIds).execute();
}

/** Creates the mark's clip row unless it exists (two calls racing make one). */
export async function ensureMarkClip(db: Db, row: Insertable<MarkClipTable>): Promise<void> {
  await db
    .insertInto('mark_clips')
    .values(row)
    .onConflict((oc) => oc.column('markId').doNothing())
    .execute();
}

/** Changes what is kept of the clip's upload (the bytes sent, its length) until it is stored. */
export async function updateMarkClip(db: Db, markId: number, change: Updateable<MarkClipTable>): Promise<void> {
  await db.updateTable('mark_clips').set(change).where('markId', '=', markId).where('readyAt', 'is', null).execute();
}

/** Sets the folder when the mark has none yet; true when this call set it (the other racer removes its own). */
export async function setMarkFolderOnce(db: Db, markId: number, folderId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('mark_clips')
    .set({ folderId, updatedAt: now })
    .where('markId', '=', markId)
    .where('folderId', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The clip is whole in storage: stored, once (true when this call stored it). */
export async function markClipStored(db: Db, markId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('mark_clips')
    .set((eb) => ({ readyAt: now, updatedAt: now, bytesSent: eb.fn.coalesce('bytesTotal', 'bytesSent') }))
    .where('markId', '=', markId)
    .where('readyAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Of these marks, the ones on the venue's courts (what its recorder may report about). */
export async function venueMarkIds(db: Db, venueId: number, markIds: number[]): Promise<number[]> {
  if (markIds.length === 0) return [];
  const rows = await db
    .selectFrom('court_marks')
    .innerJoin('fields', 'fields.id', 'court_marks.fieldId')
    .select('court_marks.id')
    .where('fields.venueId', '=', venueId)
    .where('court_marks.id', 'in', markIds)
    .execute();
  return rows.map((r) => r.id);
}

export async function markFilesOf(db: Db, markIds: number[]): Promise<MarkFileRow[]> {
  if (markIds.length === 0) return [];
  return db.selectFrom('mark_files').selectAll().where('markId', 'in', markIds).execute();
}

export async function findMarkFile(db: Db, markId: number, kind: MarkFileKind): Promise<MarkFileRow | undefined> {
  return db.selectFrom('mark_files').selectAll().where('markId', '=', markId).where('kind', '=', kind).executeTakeFirst();
}

/** Records a file's upload session, replacing one not yet complete (the file was cut again, or its session expired). */
export async function saveMarkFile(db: Db, row: Insertable<MarkFileTable>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('mark_files')
      .where('markId', '=', row.markId)
      .where('kind', '=', row.kind)
      .where('completedAt', 'is', null)
      .execute();
    await tx
      .insertInto('mark_files')
      .values(row)
      .onConflict((oc) => oc.columns(['markId', 'kind']).doNothing())
      .execute();
  });
}

export async function completeMarkFileRow(
  db: Db,
  markId: number,
  kind: MarkFileKind,
  fileId: string,
  fileName: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('mark_files')
    .set({ fileId, fileName, completedAt: now })
    .where('markId', '=', markId)
    .where('kind', '=', kind)
    .where('completedAt', 'is', null)
    .execute();
}

/** The mark's folder was removed from storage: its clip is gone for every phone. */
export async function markClipRemoved(db: Db, markId: number, now: string): Promise<void> {
  await db
    .updateTable('mark_clips')
    .set({ removedAt: now, updatedAt: now })
    .where('markId', '=', markId)
    .where('removedAt', 'is', null)
    .execute();
}

/** Marks' clips whose folder is still stored and whose mark was made before `before`, oldest first. */
export async function storedClipsMarkedBefore(db: Db, before: string, limit: number) {
  return db
    .selectFrom('mark_clips')
    .select(['markId', 'folderId'])
    .where('markedAt', '<', before)
    .where('removedAt', 'is', null)
    .orderBy('markedAt')
    .limit(limit)
    .execute();
}

/** Clip rows whose folder is gone (or never was) and whose mark is older than `before`: nothing left to keep. */
export async function deleteSpentMarkClips(db: Db, before: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const spent = tx
      .selectFrom('mark_clips')
      .select('markId')
      .where('markedAt', '<', before)
      .where((eb) => eb.or([eb('removedAt', 'is not', null), eb('folderId', 'is', null)]));
    await tx.deleteFrom('mark_files').where('markId', 'in', spent).execute();
    await tx.deleteFrom('mark_clips').where('markId', 'in', spent).execute();
  });
}
