// Retention: a purchase's clips are kept RETENTION_DAYS after payment (or
// creation, for one never paid); then an hourly job deletes every storage folder the server made
// for the purchase (an upload that ended short, a resend, the current one; nothing else) and marks
// the clips expired, so the phone page and the back-office say so. A purchase that ended finally
// unpaid (failed or expired, past its payment window plus UNPAID_GRACE_MINUTES)
// has its uploads removed the same way once that time has passed. The purchase itself, its money
// figures and its e-mail stay. Uploads in parts left unfinished for a day are aborted (S3).
import { UNPAID_GRACE_MINUTES } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import { runExclusive } from '../db/exclusive.ts';
import { foldersOfPurchase } from '../storage/service.ts';
import { phoneStoreUpkeep } from '../phone-store/upkeep.ts';
import { recordPurchaseEvent } from './events.ts';
import { findExpiredClips, markClipsExpired } from './queries.ts';

/** Hourly: an unpaid purchase's uploads go soon after its window; the clips of paid ones by the hour. */
export const RETENTION_INTERVAL_MS = 3_600_000;
const DAY_MS = 24 * 3_600_000;
const BATCH = 200;

export type RetentionDeps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'storage'> & {
  config: Pick<AppDeps['config'], 'retentionDays' | 'pendingPaymentExpiryMs' | 'publicUrl'>;
};

/** When a purchase's clips go: `retentionDays` after it was paid (or made). */
export function clipsKeptUntil(paidOrCreatedAt: string | Date, retentionDays: number): Date {
  return new Date(new Date(paidOrCreatedAt).getTime() + retentionDays * DAY_MS);
}

/**
 * One pass: removes every expired purchase's folder; answers how many purchases it expired (0 while
 * another instance runs its own pass: db/exclusive.ts).
 */
export async function expireOldClips(deps: RetentionDeps): Promise<number> {
  if (!deps.storage) return 0;
  const storage = deps.storage;
  const result = await runExclusive(deps.db, 'retention', async () => {
    const expired = await expirePass(deps, storage);
    await abortAbandonedUploads(deps, storage);
    // The phones' marked clips: unsold ones a day after their mark (phone-store/upkeep.ts).
    await phoneStoreUpkeep(deps, storage).catch((err: unknown) => deps.logger.warn({ err }, 'retention: the phone store upkeep failed'));
    return expired;
  });
  return result.ran ? result.value : 0;
}

/**
 * Uploads in parts (S3, large clips) begun more than a day ago and never completed: their parts are
 * billed while they sit, and a kiosk that comes back after a day starts the clip over anyway (its
 * part URLs have expired by then at the default UPLOAD_URL_TTL_MINUTES). The bucket's lifecycle
 * rule does the same as a second line of defence (docs/s3-storage.md).
 */
async function abortAbandonedUploads(deps: RetentionDeps, storage: NonNullable<RetentionDeps['storage']>): Promise<void> {
  if (!storage.abortAbandonedUploads) return;
  try {
    const aborted = await storage.abortAbandonedUploads(new Date(deps.clock.now().getTime() - DAY_MS));
    if (aborted > 0) deps.logger.info({ aborted }, 'retention: abandoned uploads in parts aborted');
  } catch (err) {
    deps.logger.warn({ err }, 'retention: could not abort abandoned uploads in parts; trying again at the next pass');
  }
}

async function expirePass(deps: RetentionDeps, storage: NonNullable<RetentionDeps['storage']>): Promise<number> {
  const { db, clock, logger } = deps;
  const now = clock.now();
  const cutoff = new Date(now.getTime() - deps.config.retentionDays * DAY_MS);
  // Created before this, a failed or expired purchase can no longer be paid: its uploads go too.
  const unpaidBefore = new Date(now.getTime() - deps.config.pendingPaymentExpiryMs - UNPAID_GRACE_MINUTES * 60_000);
  let expired = 0;
  const failed = new Set<string>();
  for (;;) {
    const due = (await findExpiredClips(db, cutoff, BATCH + failed.size, unpaidBefore)).filter((p) => !failed.has(p.id));
    if (due.length === 0) break;
    for (const purchase of due) {
      try {
        // Every folder ever made for it: an upload that ended short, a resend, the current one.
        let filesRemoved = 0;
        for (const folderId of await foldersOfPurchase(db, purchase)) filesRemoved += await storage.deleteFolder(folderId);
        const unpaid = purchase.paymentStatus === 'failed' || purchase.paymentStatus === 'expired';
        const marked = await db.transaction().execute(async (tx) => {
          if (!(await markClipsExpired(tx, purchase.id, now))) return false;
          await recordPurchaseEvent(tx, {
            purchaseId: purchase.id,
            kind: 'clips_expired',
            at: now,
            detail: unpaid ? { filesRemoved, unpaid: true } : { filesRemoved },
          });
          return true;
        });
        if (marked) expired++;
      } catch (err) {
        // Left for the next pass; the others go on.
        failed.add(purchase.id);
        logger.warn({ err, purchaseId: purchase.id }, 'retention: could not remove the clips; trying again at the next pass');
      }
    }
  }
  if (expired > 0 || failed.size > 0) {
    logger.info(
      { expired, failed: failed.size, retentionDays: deps.config.retentionDays },
      'retention: expired clips removed from storage',
    );
  }
  return expired;
}

/** Runs the retention pass now and then hourly; returns the function that stops it. */
export function startClipRetention(deps: RetentionDeps): () => void {
  const tick = () => void expireOldClips(deps).catch((err: unknown) => deps.logger.error({ err }, 'retention job failed'));
  tick();
  const timer = setInterval(tick, RETENTION_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
