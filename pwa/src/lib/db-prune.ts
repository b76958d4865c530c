// Keeps the kiosk's IndexedDB from growing for ever: the clip cache of past days (the
// kiosk lists today's clips only), and outbox purchases already sent and upload jobs finished more
// than a week ago (kept that long to look into a complaint). A purchase not yet sent, a parked one
// and an upload job still running are never deleted: they are sales.
import { isFromToday } from './clip-files.ts';
import { db as kioskDb, type CachedClip, type KioskDatabase, type OutboxPurchase, type UploadJob } from './db.ts';

export const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;

export const isPastDaysClip = (clip: CachedClip, now: number) => clip.lastModified < now && !isFromToday(clip.lastModified, now);

export const isOldSentPurchase = (entry: OutboxPurchase, now: number) => entry.state === 'sent' && entry.createdAt < now - KEEP_FINISHED_MS;

export const isOldFinishedJob = (job: UploadJob, now: number) =>
  (job.state === 'done' || job.state === 'failed') && job.updatedAt < now - KEEP_FINISHED_MS;

export interface PruneCounts {
  clips: number;
  purchases: number;
  uploads: number;
}

export async function pruneKioskDb(now = Date.now(), db: KioskDatabase = kioskDb): Promise<PruneCounts> {
  return db.transaction('rw', db.clips, db.outbox, db.uploads, async () => ({
    clips: await db.clips.filter((c) => isPastDaysClip(c, now)).delete(),
    purchases: await db.outbox
      .where('state')
      .equals('sent')
      .filter((e) => isOldSentPurchase(e, now))
      .delete(),
    uploads: await db.uploads
      .where('state')
      .anyOf('done', 'failed')
      .filter((j) => isOldFinishedJob(j, now))
      .delete(),
  }));
}
