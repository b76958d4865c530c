// The clip loading machine's browser parts: the folder through the File System Access API, clips
// as object URLs with what the IndexedDB cache knows of them, durations and thumbnails probed in a
// video element, the real clock and a real page reload. One machine for the kiosk session, like the
// clip store it fills, so coming back from checkout finds the folder it was reading.
import { THUMBNAIL_CACHE_MAX_CHARS } from '@courtreplay/shared';
import { toVideoInfo } from '../lib/clip-files.ts';
import { makeThumbnail, probeClip } from '../lib/clip-probe.ts';
import { clipKey, db, type CachedClip } from '../lib/db.ts';
import { folderChosenToday, isFolderPickerSupported, listTodaysClips, pickFolder, restoreTodaysFolder } from '../lib/folder-access.ts';
import { thumbnailPixelSize } from '../lib/thumbnail-size.ts';
import { createClipLoading, type ClipDetails, type ClipLoading, type FolderClip } from './clip-loading.ts';
import { CART_KEY, clipStoreApi, type Clip } from './clip-store.ts';

/** The cache entries the clips were made from (a failed thumbnail is not tried again). */
const cachedOf = new Map<string, CachedClip | undefined>();

/** The thumbnail width this screen needs (its device pixel ratio times the widest card). */
const thumbnailWidthNeeded = () => thumbnailPixelSize(null, null, window.devicePixelRatio).width;

async function cache(clip: Clip, patch: Partial<CachedClip>) {
  const key = clipKey({ name: clip.fileName, size: clip.size, lastModified: clip.createdAt });
  const existing = await db.clips.get(key);
  await db.clips.put({
    key,
    name: clip.fileName,
    size: clip.size,
    lastModified: clip.createdAt,
    format: clip.format,
    cachedAt: Date.now(),
    ...existing,
    ...patch,
  });
}

const browserDetails: ClipDetails = {
  async toClips(entries: FolderClip[], arrivedAt: number | null): Promise<Clip[]> {
    const cached = await db.clips.bulkGet(entries.map((e) => clipKey(e.file)));
    const neededWidth = thumbnailWidthNeeded();
    return entries.map(({ file, folder }, i): Clip => {
      const hit = cached[i];
      const sharpEnough = (hit?.thumbnailWidth ?? 0) >= neededWidth;
      const info = toVideoInfo(file);
      cachedOf.set(info.id, hit);
      return {
        ...info,
        file,
        url: URL.createObjectURL(file),
        duration: hit?.duration ?? null,
        thumbnailUrl: sharpEnough ? (hit?.thumbnail ?? null) : null,
        undecodable: hit?.undecodable === true,
        folder,
        arrivedAt,
      };
    });
  },
  release: (clip) => URL.revokeObjectURL(clip.url),
  thumbnailFailedBefore: (clip) => cachedOf.get(clip.id)?.thumbnailFailed === true,
  probe: (clip) => probeClip(clip.url),
  thumbnail: (clip) => makeThumbnail(clip.url, clip.duration, window.devicePixelRatio),
  async remember(clip, found) {
    if ('probe' in found) {
      const { duration, undecodable } = found.probe;
      if (undecodable) await cache(clip, { undecodable });
      else if (duration !== null) await cache(clip, { duration });
      return;
    }
    const { dataUrl, width, undecodable } = found.thumbnail;
    const cacheable = dataUrl && dataUrl.length <= THUMBNAIL_CACHE_MAX_CHARS;
    await cache(
      clip,
      cacheable ? { thumbnail: dataUrl, thumbnailWidth: width } : undecodable ? { undecodable } : { thumbnailFailed: !dataUrl },
    );
  },
  predecode(url) {
    const image = new Image();
    image.src = url;
    image.decode().catch(() => undefined);
  },
  afterPaint: () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
};

let machine: ClipLoading | null = null;

/** The kiosk session's clip loading, made on first use. */
export function kioskClipLoading(): ClipLoading {
  machine ??= createClipLoading<FileSystemDirectoryHandle>({
    timers: {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    now: () => Date.now(),
    folders: {
      supported: isFolderPickerSupported,
      pick: pickFolder,
      restore: restoreTodaysFolder,
      chosenToday: folderChosenToday,
      name: (handle) => handle.name,
      list: listTodaysClips,
    },
    details: browserDetails,
    store: clipStoreApi,
    session: sessionStorage,
    cartKey: CART_KEY,
    reload: () => window.location.reload(),
  });
  return machine;
}
