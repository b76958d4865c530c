// Fills the clip store from a folder handle (spec section 4): the loading screen for at least 3 s
// (ended with an error after 20 s, the page reloaded when it keeps coming back), then durations one
// by one and thumbnails one by one, each from the IndexedDB cache or probed and cached.
import {
  LOADING_MAX_CYCLES,
  LOADING_MIN_DISPLAY_MS,
  LOADING_SAFETY_TIMEOUT_MS,
  MESSAGES,
  THUMBNAIL_CACHE_MAX_CHARS,
} from '@courtreplay/shared';
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
    if (gen === currentGeneration() && clipStore.get().status === 'loading')
      setClipState({ status: 'loaded', error: MESSAGES.folder.loadingTooLong });
  }, LOADING_SAFETY_TIMEOUT_MS);
  try {
    const files = await listTodaysClips(handle);
    const cached = await db.clips.bulkGet(files.map(clipKey));
    const clips = files.map((file, i): Clip => {
      const hit = cached[i];
      return {
        ...toVideoInfo(file),
        file,
        url: URL.createObjectURL(file),
        duration: hit?.duration ?? null,
        thumbnailUrl: hit?.thumbnail ?? null,
      };
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

/** The clips the player sees now (the current page): their details are produced first. */
let visibleIds: readonly string[] = [];

export function setVisibleClips(ids: readonly string[]): void {
  visibleIds = ids;
}

type Task = { kind: 'duration' | 'thumbnail'; clip: Clip };

/**
 * The next piece of work: durations before thumbnails (spec section 4), but the visible page's
 * clips before the others, so the first screen fills in without waiting for the whole folder.
 */
function nextTask(tried: Set<string>, skipThumbnail: Set<string>): Task | null {
  const clips = clipStore.get().clips;
  const visible = new Set(visibleIds);
  const groups = [clips.filter((c) => visible.has(c.id)), clips.filter((c) => !visible.has(c.id))];
  for (const group of groups) {
    const d = group.find((c) => c.duration === null && !tried.has(`d:${c.id}`));
    if (d) return { kind: 'duration', clip: d };
    const t = group.find((c) => c.thumbnailUrl === null && !skipThumbnail.has(c.id) && !tried.has(`t:${c.id}`));
    if (t) return { kind: 'thumbnail', clip: t };
  }
  return null;
}

/** Durations and thumbnails one at a time, each cached as it comes. */
async function fillInDetails(gen: number, cached: (CachedClip | undefined)[]) {
  const tried = new Set<string>();
  const skipThumbnail = new Set(
    clipStore
      .get()
      .clips.filter((_, i) => cached[i]?.thumbnailFailed)
      .map((c) => c.id),
  );
  for (let task = nextTask(tried, skipThumbnail); task; task = nextTask(tried, skipThumbnail)) {
    if (gen !== currentGeneration()) return;
    const { clip } = task;
    if (task.kind === 'duration') {
      tried.add(`d:${clip.id}`);
      const duration = await probeDuration(clip.url);
      if (gen !== currentGeneration()) return;
      patchClip(clip.id, { duration });
      if (duration !== null) await cache(clip, { duration }).catch(() => undefined);
    } else {
      tried.add(`t:${clip.id}`);
      const thumbnail = await makeThumbnail(clip.url, clip.duration);
      if (gen !== currentGeneration()) return;
      if (thumbnail) patchClip(clip.id, { thumbnailUrl: thumbnail });
      const cacheable = thumbnail && thumbnail.length <= THUMBNAIL_CACHE_MAX_CHARS;
      await cache(clip, cacheable ? { thumbnail } : { thumbnailFailed: !thumbnail }).catch(() => undefined);
    }
  }
}
