// The store's hourly upkeep, in the retention job's pass: a marked clip's folder (the clip as the
// recorder uploaded it and its preview) is removed a day after its mark, as the mark itself is
// (a sold clip lives on in its purchase's own folder, for RETENTION_DAYS), unless a purchase still
// waits for its copy; the messages asked for go after a day, sent or not; and a sold purchase
// short of a clip (a copy that failed) is stocked again.
import type { AppDeps } from '../app-env.ts';
import type { StorageProvider } from '../adapters/ports.ts';
import { MARKS_KEPT_MS } from '../court-marks/service.ts';
import { deleteSpentMarkClips, markClipRemoved, storedClipsMarkedBefore } from '../mark-clips/service.ts';
import { deleteNoticesBefore, markStillWanted, phonePurchasesShortOfClips } from './queries.ts';
import { stockPhonePurchase, type StockDeps } from './stock.ts';

const BATCH = 200;

export async function phoneStoreUpkeep(
  deps: StockDeps & Pick<AppDeps, 'logger'>,
  storage: StorageProvider,
): Promise<{ foldersRemoved: number }> {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - MARKS_KEPT_MS).toISOString();
  let foldersRemoved = 0;
  for (const clip of await storedClipsMarkedBefore(deps.db, before, BATCH)) {
    if (await markStillWanted(deps.db, clip.markId)) continue;
    try {
      if (clip.folderId) await storage.deleteFolder(clip.folderId);
      await markClipRemoved(deps.db, clip.markId, now.toISOString());
      foldersRemoved++;
    } catch (err) {
      deps.logger.warn({ err, markId: clip.markId }, "upkeep: a marked clip's folder could not be removed; trying again at the next pass");
    }
  }
  await deleteSpentMarkClips(deps.db, before);
  await deleteNoticesBefore(deps.db, before);
  for (const purchaseId of await phonePurchasesShortOfClips(deps.db, BATCH)) {
    await stockPhonePurchase(deps, purchaseId).catch((err: unknown) =>
      deps.logger.warn({ err, purchaseId }, 'upkeep: copying clips failed'),
    );
  }
  return { foldersRemoved };
}
