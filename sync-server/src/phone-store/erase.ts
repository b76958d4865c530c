// Erasing a phone purchase's player data (an admin, on the player's request) removes, besides the
// purchase's own folder (purchases/player-data.ts), what the phone's rallies left in storage: each
// bought mark's folder, that is the clip as the recorder uploaded it and its preview. The phone is
// forgotten too (the purchase's buyerKey).
import type { AppDeps } from '../app-env.ts';
import type { StorageProvider } from '../adapters/ports.ts';
import { markClipRemoved, markClipsOf } from '../mark-clips/service.ts';
import { forgetBuyer, purchaseMarksOf } from './queries.ts';

/** Removes the bought marks' folders; answers how many files went. */
export async function eraseBoughtMarks(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  storage: StorageProvider | undefined,
  purchaseId: string,
): Promise<number> {
  const marks = await purchaseMarksOf(deps.db, purchaseId);
  const clips = await markClipsOf(
    deps.db,
    marks.map((m) => m.markId),
  );
  let removed = 0;
  for (const clip of clips.filter((c) => c.folderId && !c.removedAt)) {
    if (storage) removed += await storage.deleteFolder(clip.folderId!);
    await markClipRemoved(deps.db, clip.markId, deps.clock.now().toISOString());
  }
  await forgetBuyer(deps.db, purchaseId);
  return removed;
}
