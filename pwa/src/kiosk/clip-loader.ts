// Fills the clip store from a folder handle (spec section 4): the loading screen for at least 3 s
// (ended with an error after 20 s, the page reloaded when it keeps coming back), then durations one
// by one and thumbnails one by one, each from the IndexedDB cache or probed and cached.
import { LOADING_MAX_CYCLES, LOADING_MIN_DISPLAY_MS, LOADING_SAFETY_TIMEOUT_MS, MESSAGES, THUMBNAIL_CACHE_MAX_CHARS } from '@courtreplay/shared';
import { toVideoInfo } from '../lib/clip-files.ts';
import { makeThumbnail, probeDuration } from '../lib/clip-probe.ts';
import { clipKey, db, type CachedClip } from '../lib/db.ts';
import { FolderAccessError, listTodaysClips } from '../lib/folder-access.ts';
import { CART_KEY, clipStore, currentGeneration, nextGeneration, patchClip, setClipState, type Clip } from './clip-store.ts';

const CYCLES_KEY = 'kioskLoadingCycles';

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The reload rule (spec section 4): a loading screen that keeps coming back reloads the page. */
function countLoadingCycle() {
  const cycles = Number(sessionStorage.getItem(CYCLES_KEY) ?? '0') + 1;
  if (cycles > LOADING_MAX_CYCLES) {
    sessionStorage.removeItem(CYCLES_KEY);
    window.location.reload();
    return;
  }
  sessionStorage.setItem(CYCLES_KEY, String(cycles));
}

/**
 * Lists today's clips of `handle` behind the loading screen (shown at least 3 s, ended with an
 * error after 20 s), then fills in durations and thumbnails in the background. Does nothing when
 * the same folder is already loaded (coming back from checkout).
 */
export async function loadFolder(handle: FileSystemDirectoryHandle): Promise<void> {
  if (clipStore.get().status !== 'idle' && clipStore.get().folderName === handle.name && !clipStore.get().error) return;
  const gen = nextGeneration();
  for (const c of clipStore.get().clips) URL.revokeObjectURL(c.url);
  const savedCart = JSON.parse(sessionStorage.getItem(CART_KEY) ?? '[]') as string[];
  setClipState({ status: 'loading', folderName: handle.name, clips: [], error: null });
  countLoadingCycle();
  const started = Date.now();
  let timedOut = false;
  const safety = setTimeout(() => {
    timedOut = true;
    if (gen === currentGeneration() && clipStore.get().status === 'loading') setClipState({ status: 'loaded', error: MESSAGES.folder.loadingTooLong });
  }, LOADING_SAFETY_TIMEOUT_MS);
  try {
    const files = await listTodaysClips(handle);
    const cached = await db.clips.bulkGet(files.map(clipKey));
    const clips = files.map((file, i): Clip => {
      const hit = cached[i];
      return { ...toVideoInfo(file), file, url: URL.createObjectURL(file), duration: hit?.duration ?? null, thumbnailUrl: hit?.thumbnail ?? null };
    });
    await delay(LOADING_MIN_DISPLAY_MS - (Date.now() - started));
    if (gen !== currentGeneration() || timedOut) return;
    const ids = new Set(clips.map((c) => c.id));
    setClipState({ status: 'loaded', clips, selected: savedCart.filter((id) => ids.has(id)), error: null });
    sessionStorage.removeItem(CYCLES_KEY);
    void fillInDetails(gen, cached);
  } catch (e) {
    await delay(LOADING_MIN_DISPLAY_MS - (Date.now() - started));
    if (gen !== currentGeneration()) return;
    setClipState({ status: 'loaded', error: e instanceof FolderAccessError ? e.message : MESSAGES.folder.failedToLoad });
  } finally {
    clearTimeout(safety);
  }
}

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

/** Durations one by one, then thumbnails one by one (spec section 4), each cached as it comes. */
async function fillInDetails(gen: number, cached: (CachedClip | undefined)[]) {
  const list = clipStore.get().clips;
  for (const clip of list) {
    if (gen !== currentGeneration()) return;
    if (clip.duration !== null) continue;
    const duration = await probeDuration(clip.url);
    if (gen !== currentGeneration()) return;
    patchClip(clip.id, { duration });
    if (duration !== null) await cache(clip, { duration }).catch(() => undefined);
  }
  for (const [i, clip] of list.entries()) {
    if (gen !== currentGeneration()) return;
    if (clip.thumbnailUrl !== null || cached[i]?.thumbnailFailed) continue;
    const current = clipStore.get().clips.find((c) => c.id === clip.id);
    const thumbnail = await makeThumbnail(clip.url, current?.duration);
    if (gen !== currentGeneration()) return;
    if (thumbnail) patchClip(clip.id, { thumbnailUrl: thumbnail });
    const cacheable = thumbnail && thumbnail.length <= THUMBNAIL_CACHE_MAX_CHARS;
    await cache(clip, cacheable ? { thumbnail } : { thumbnailFailed: !thumbnail }).catch(() => undefined);
  }
}
