// A phone purchase's clips: each bought mark's clip is copied, inside the storage, from the mark's
// own folder into the purchase's folder (made like a kiosk purchase's: recorded against it, so
// erase and retention remove it), under its clip's place in the purchase; once every clip is there
// the folder's link is saved, as a kiosk saves it, and the delivery sends what is due. A copy, not a
// reference: the purchase keeps its clips for RETENTION_DAYS whatever happens to the mark's folder
// (removed a day after the mark), and two phones that bought one rally each hold their own.
//
// It runs whenever the purchase may have moved on (made, paid, a mark ready, an admin's resend, the
// sentinel's retry), is idempotent, and takes one purchase at a time on this instance.
import { isFinallyUnpaid } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import type { StorageProvider } from '../adapters/ports.ts';
import { findVenue } from '../venues/service.ts';
import { markClipsOf, markFilesOf } from '../mark-clips/service.ts';
import { findPurchase, setZipUrl, type PurchaseWithNames } from '../purchases/service.ts';
import { insertStorageFolder } from '../storage/service.ts';
import { recordUploadedClip } from '../storage/service.ts';
import { purchaseMarksOf, setFolderOnce, setMarkCopied } from './queries.ts';

export type StockDeps = Pick<AppDeps, 'db' | 'clock' | 'storage' | 'logger'> & {
  config: Pick<AppDeps['config'], 'publicUrl' | 'pendingPaymentExpiryMs'>;
};

/** What a phone purchase's clips are waiting for: nothing (all in its folder), or the marks still on their way. */
export interface Stocked {
  copied: number;
  expected: number;
}

const running = new Map<string, Promise<Stocked | undefined>>();

/** Copies what is ready into the purchase's folder; undefined for a purchase that is not a phone's (or takes no clips). */
export function stockPhonePurchase(deps: StockDeps, purchaseId: string): Promise<Stocked | undefined> {
  const before = running.get(purchaseId) ?? Promise.resolve(undefined);
  const run = before.catch(() => undefined).then(() => stockNow(deps, purchaseId));
  running.set(purchaseId, run);
  const forget = () => {
    if (running.get(purchaseId) === run) running.delete(purchaseId);
  };
  run.then(forget, forget);
  return run;
}

async function stockNow(deps: StockDeps, purchaseId: string): Promise<Stocked | undefined> {
  const { db, storage } = deps;
  const purchase = await findPurchase(db, purchaseId);
  if (!purchase || purchase.channel !== 'phone' || !storage) return undefined;
  const now = deps.clock.now();
  if (purchase.erasedAt || purchase.clipsExpiredAt || isFinallyUnpaid(purchase, now, deps.config.pendingPaymentExpiryMs)) return undefined;
  const marks = await purchaseMarksOf(db, purchaseId);
  const waiting = marks.filter((m) => m.copiedAt === null);
  const ids = waiting.map((m) => m.markId);
  const [clips, files] = await Promise.all([markClipsOf(db, ids), markFilesOf(db, ids)]);
  let copied = marks.length - waiting.length;
  const ready = waiting.filter((m) => {
    const clip = clips.find((c) => c.markId === m.markId);
    return clip?.readyAt && clip.folderId && !clip.removedAt;
  });
  if (ready.length > 0) {
    const folder = await purchaseFolder(deps, storage, purchase);
    const titles = JSON.parse(purchase.videoTitles) as string[];
    for (const mark of ready) {
      const clip = clips.find((c) => c.markId === mark.markId)!;
      const file = files.find((f) => f.markId === mark.markId && f.kind === 'clip' && f.fileId);
      if (!file?.fileId) continue;
      const extension = /\.[A-Za-z0-9]{1,5}$/.exec(file.fileName)?.[0] ?? '.mp4';
      const stored = await storage.copyFile(
        clip.folderId!,
        file.fileId,
        folder,
        `${titles[mark.clipIndex] ?? `Clip ${mark.clipIndex + 1}`}${extension}`,
      );
      await recordUploadedClip(db, purchase, { folderId: folder, filename: stored.name, videoId: `mark-${mark.markId}`, now });
      await setMarkCopied(db, purchaseId, mark.markId, now.toISOString());
      copied++;
    }
  }
  // Every clip in its folder: its link, as a kiosk saves it, and the delivery sends what is due.
  if (copied === marks.length && !purchase.zipUrl) {
    const current = await findPurchase(db, purchaseId);
    if (current?.folderUrl) await setZipUrl(db, purchaseId, current.folderUrl, false, now.toISOString());
  }
  return { copied, expected: marks.length };
}

/** The purchase's folder, made on its first clip (two instances racing keep one, the other's is removed). */
async function purchaseFolder(deps: StockDeps, storage: StorageProvider, purchase: PurchaseWithNames): Promise<string> {
  if (purchase.folderId) return purchase.folderId;
  const venue = await findVenue(deps.db, purchase.venueId);
  const made = await storage.createFolder(`videos_${purchase.id}`, {
    baseUrl: deps.config.publicUrl,
    purchaseId: purchase.id,
    ...(venue ? { venueName: venue.name } : {}),
  });
  const now = deps.clock.now();
  if (!(await setFolderOnce(deps.db, purchase.id, made, now.toISOString()))) {
    await storage.deleteFolder(made.folderId).catch(() => 0);
    return (await findPurchase(deps.db, purchase.id))!.folderId!;
  }
  await insertStorageFolder(deps.db, {
    folderId: made.folderId,
    deviceId: null,
    adminId: null,
    venueId: purchase.venueId,
    createdAt: now.toISOString(),
    purchaseId: purchase.id,
  });
  return made.folderId;
}
