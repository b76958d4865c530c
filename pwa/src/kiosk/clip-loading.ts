// The selection screen's flow (spec sections 4 and 9) with no React in it, moving between the
// phases of clip-loading-phases.ts' table and nowhere else: picking the folder (or restoring today's), reading it behind the loading
// screen (shown at least 3 s, ended with its message after 20 s, the page reloaded when a picked
// folder is still not read after 15 s or the loading screen keeps coming back), rereading it every
// 3 s for new clips while the grid is open, the page the player is on, the 7th-video notice, and the
// queue that fills in durations and thumbnails. Every outside part is injected (the clock, the
// folder, how a file becomes a clip, the probes, the page reload), so unit tests drive it with a
// fake clock and a folder in memory. VideoSelectionPage only renders `state`; the clips and the
// cart live in clip-store.ts, which checkout and home share.
import {
  FOLDER_RELOAD_CHECK_MS,
  LOADING_MAX_CYCLES,
  LOADING_MIN_DISPLAY_MS,
  LOADING_SAFETY_TIMEOUT_MS,
  MAX_VIDEOS_NOTICE_MS,
  MESSAGES,
  VIDEOS_PER_PAGE,
} from '@courtreplay/shared';
import { toVideoInfo } from '../lib/clip-files.ts';
import type { FolderClip } from '../lib/folder-access.ts';
import { FolderAccessError } from '../lib/folder-error.ts';
import type { ClipState } from './clip-store.ts';
import type { GridChoice } from './grid-filter.ts';
import type { TimerApi } from './timers.ts';
import { nextPhase, SCREEN_OF, type Phase, type PhaseEvent } from './clip-loading-phases.ts';
import { createDetailsQueue, type ClipDetails, type ClipStoreApi } from './clip-details-queue.ts';

export type { ClipDetails, ClipStoreApi, ProbeResult, ThumbnailResult } from './clip-details-queue.ts';

const FOLDER = MESSAGES.folder;

/**
 * How often the open grid rereads the folder. A new file is listed once two rereads in a row find it
 * the same (a camera may still be writing it), so it shows within 2 x 3 s of landing, inside the
 * 10 s the spec allows.
 */
export const FOLDER_REREAD_MS = 3_000;

/** The kiosk folder (lib/folder-access.ts in the browser). Failures are FolderAccessErrors. */
export interface FolderSource<THandle> {
  supported(): boolean;
  /** Opens the picker and asks permission; rejects with the spec's message (cancelled, not granted...). */
  pick(): Promise<THandle>;
  /** Today's stored folder, permission asked again when `request` (it needs a click); null when none. */
  restore(request: boolean): Promise<THandle | null>;
  /** Whether a folder was chosen today (its permission may still need asking again). */
  chosenToday(): Promise<boolean>;
  name(handle: THandle): string;
  /** Today's clips, newest first. */
  list(handle: THandle, now: number): Promise<FolderClip[]>;
}

/** What lasts across a reload of the page (sessionStorage in the browser). */
export interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type { FolderClip };

export interface ClipLoadingDeps<THandle> {
  timers: TimerApi;
  now: () => number;
  folders: FolderSource<THandle>;
  details: ClipDetails;
  store: ClipStoreApi;
  session: SessionStore;
  /** Where the saved cart is kept (the store writes it). */
  cartKey: string;
  /** Reloads the page: today's stored folder is then restored by itself. */
  reload(): void;
  /** Told of every phase change (tests walk the table with it). */
  onTransition?(from: Phase, event: PhaseEvent, to: Phase): void;
}

export interface ClipLoadingState {
  /** Where the flow is (clip-loading-phases.ts). */
  phase: Phase;
  /**
   * checking: today's stored folder is being looked for (a plain screen, so nothing flashes);
   * folder: the folder panel; loading: the loading screen; grid: the clips (or the empty state).
   */
  screen: 'checking' | 'folder' | 'loading' | 'grid';
  /** Today's folder is known but its permission must be asked again: a staff matter, not the player's. */
  needsStaff: boolean;
  /** A folder message (English, the catalogue's words) from the last pick. */
  folderError: string | null;
  /** The page asked for (1-based; the page layout clamps it to the clips shown). */
  page: number;
  /** 'Maximum of 6 videos can be selected' is showing. */
  notice: boolean;
  /** The grid's empty state: the folder holds no video of today (and was read). */
  empty: boolean;
  clips: ClipState;
}

export interface ClipLoading {
  readonly state: ClipLoadingState;
  subscribe(listener: () => void): () => void;
  /** The screen is shown: restores today's folder without asking permission (that needs a click). */
  enter(): void;
  /** The screen went away: timers stop; the clips are forgotten unless the player went to checkout. */
  leave(keepClips: boolean): void;
  /** Browse Videos reuses today's stored folder; the staff's re-pick (`repick`) always opens the picker. */
  browse(repick: boolean): Promise<void>;
  toggle(id: string): void;
  setPage(page: number): void;
  choose(choice: GridChoice): void;
  /** The clips on screen now: their details are produced first. */
  setVisible(ids: readonly string[]): void;
  /** Rereads the folder now (the grid does so every FOLDER_REREAD_MS); how many clips were added. */
  reread(): Promise<number>;
}

const CYCLES_KEY = 'kioskLoadingCycles';

const sighting = (e: FolderClip) => `${e.folder ?? ''}/${e.file.name}:${e.file.size}:${e.file.lastModified}`;
const placeOf = (c: { folder: string | null; fileName: string }) => `${c.folder ?? ''}/${c.fileName}`;

type Flow = Pick<ClipLoadingState, 'needsStaff' | 'folderError' | 'page' | 'notice'>;

export function createClipLoading<THandle>(deps: ClipLoadingDeps<THandle>): ClipLoading {
  const { timers, store, folders, details, session } = deps;
  let phase: Phase = 'away';
  let flow: Flow = { needsStaff: false, folderError: null, page: 1, notice: false };
  let state = snapshot();
  const listeners = new Set<() => void>();
  let noticeHandle: unknown = null;
  let reloadCheck: unknown = null;
  let rereadHandle: unknown = null;
  /** The folder being shown, for rereading it while the grid is open. */
  let loadedHandle: THandle | null = null;
  /** Files seen once, unchanged since: listed when the next reread finds them the same. */
  let seenOnce = new Set<string>();
  let rereading = false;
  const queue = createDetailsQueue(store, details);

  function snapshot(): ClipLoadingState {
    const clips = store.get();
    const screen = SCREEN_OF[phase];
    return {
      ...flow,
      phase,
      screen,
      empty: screen === 'grid' && clips.status === 'loaded' && clips.clips.length === 0 && !clips.error,
      clips,
    };
  }
  const changed = () => {
    state = snapshot();
    for (const listener of listeners) listener();
    watch();
  };
  const setFlow = (patch: Partial<Flow>) => {
    flow = { ...flow, ...patch };
    changed();
  };
  /** Moves to the phase the table gives for `event`; false (nothing changes) where it ignores it. */
  const dispatch = (event: PhaseEvent, patch: Partial<Flow> = {}): boolean => {
    const from = phase;
    const to = nextPhase(from, event);
    if (to === null) return false;
    phase = to;
    deps.onTransition?.(from, event, to);
    setFlow(patch);
    return true;
  };
  store.subscribe(changed);

  const wait = (ms: number) => (ms <= 0 ? Promise.resolve() : new Promise<void>((resolve) => timers.setTimeout(resolve, ms)));
  const clear = (handle: unknown) => {
    if (handle !== null) timers.clearTimeout(handle);
    return null;
  };

  /** The grid rereads the folder while it is on screen. */
  const watch = () => {
    const wanted = phase === 'grid' && store.get().status === 'loaded' && loadedHandle !== null;
    if (!wanted) rereadHandle = clear(rereadHandle);
    else if (rereadHandle === null) {
      rereadHandle = timers.setTimeout(() => {
        rereadHandle = null;
        void reread().finally(watch);
      }, FOLDER_REREAD_MS);
    }
  };

  /** The reload rule (spec section 4): a loading screen that keeps coming back reloads the page. */
  const countLoadingCycle = () => {
    const cycles = Number(session.getItem(CYCLES_KEY) ?? '0') + 1;
    if (cycles > LOADING_MAX_CYCLES) {
      session.removeItem(CYCLES_KEY);
      deps.reload();
      return;
    }
    session.setItem(CYCLES_KEY, String(cycles));
  };

  /**
   * Lists today's clips of `handle` behind the loading screen (shown at least 3 s, ended with an
   * error after 20 s), then fills in durations and thumbnails in the background. The caller has
   * moved to the loading phase.
   */
  const load = async (handle: THandle) => {
    const current = store.get();
    const gen = store.nextGeneration();
    for (const c of current.clips) details.release(c);
    const savedCart = JSON.parse(session.getItem(deps.cartKey) ?? '[]') as string[];
    store.set({ status: 'loading', folderName: folders.name(handle), clips: [], error: null });
    countLoadingCycle();
    const started = deps.now();
    let timedOut = false;
    const safety = timers.setTimeout(() => {
      timedOut = true;
      if (gen !== store.currentGeneration() || store.get().status !== 'loading') return;
      store.set({ status: 'loaded', error: FOLDER.loadingTooLong });
      dispatch('timedOut');
    }, LOADING_SAFETY_TIMEOUT_MS);
    try {
      loadedHandle = handle;
      const clips = await details.toClips(await folders.list(handle, deps.now()), null);
      if (gen !== store.currentGeneration() || timedOut) return;
      // Page 1 (the newest clips) gets its durations and thumbnails while the loading screen is up;
      // its cached thumbnails are decoded meanwhile, so the grid paints them at once.
      store.set({ clips });
      const firstPage = clips.slice(0, VIDEOS_PER_PAGE);
      queue.setVisible(firstPage.map((c) => c.id));
      for (const clip of firstPage) if (clip.thumbnailUrl) details.predecode(clip.thumbnailUrl);
      queue.fill(gen);
      await wait(LOADING_MIN_DISPLAY_MS - (deps.now() - started));
      if (gen !== store.currentGeneration() || timedOut) return;
      const usable = new Set(
        store
          .get()
          .clips.filter((c) => !c.undecodable)
          .map((c) => c.id),
      );
      store.set({ status: 'loaded', selected: savedCart.filter((id) => usable.has(id)), error: null });
      session.removeItem(CYCLES_KEY);
      dispatch('shown');
    } catch (e) {
      await wait(LOADING_MIN_DISPLAY_MS - (deps.now() - started));
      if (gen !== store.currentGeneration() || timedOut) return;
      store.set({ status: 'loaded', error: e instanceof FolderAccessError ? e.message : FOLDER.failedToLoad });
      dispatch('failed');
    } finally {
      timers.clearTimeout(safety);
    }
  };

  const browse = async (repick: boolean) => {
    if (!dispatch('browse', { folderError: null })) return;
    if (!folders.supported()) {
      dispatch('pickFailed', { folderError: FOLDER.browserUnsupported });
      return;
    }
    let handle: THandle;
    try {
      handle = (!repick && (await folders.restore(true).catch(() => null))) || (await folders.pick());
    } catch (e) {
      // Staff who change their mind leave the player's screen as it was.
      const cancelledRepick = phase === 'repicking' && e instanceof FolderAccessError && e.message === FOLDER.cancelled;
      dispatch('pickFailed', cancelledRepick ? {} : { folderError: e instanceof FolderAccessError ? e.message : FOLDER.failedToAccess });
      return;
    }
    if (phase !== 'picking' && phase !== 'repicking') return;
    store.reset();
    dispatch('picked', { page: 1, needsStaff: false });
    // Post-folder-select check (spec section 9): a folder still not read after 15 s is retried by
    // reloading, which restores today's stored handle.
    reloadCheck = clear(reloadCheck);
    const check = timers.setTimeout(() => {
      const s = store.get();
      if (s.status === 'loading' && s.clips.length === 0) deps.reload();
    }, FOLDER_RELOAD_CHECK_MS);
    reloadCheck = check;
    await load(handle).finally(() => {
      timers.clearTimeout(check);
      if (reloadCheck === check) reloadCheck = null;
    });
  };

  /**
   * Rereads the loaded folder and adds the clips that landed since, marked with their arrival (the
   * grid's "New" badge); the clips already shown, the cart and the player's page stay as they are. A
   * clip whose file changed since it was listed (it was still being written) takes its old place in
   * the list and the cart. A folder that cannot be read now is tried again on the next reread.
   */
  const reread = async (): Promise<number> => {
    // One reread at a time: a slow folder must not list the same new clip twice.
    if (rereading) return 0;
    rereading = true;
    try {
      return await rereadFolder(deps.now());
    } finally {
      rereading = false;
    }
  };

  const rereadFolder = async (now: number): Promise<number> => {
    const handle = loadedHandle;
    const gen = store.currentGeneration();
    if (handle === null || store.get().status !== 'loaded') return 0;
    let entries: FolderClip[];
    try {
      entries = await folders.list(handle, now);
    } catch {
      return 0;
    }
    const known = new Set(store.get().clips.map((c) => c.id));
    const unknown = entries.filter((e) => !known.has(toVideoInfo(e.file).id));
    const fresh = unknown.filter((e) => seenOnce.has(sighting(e)));
    seenOnce = new Set(unknown.map(sighting));
    if (fresh.length === 0) return 0;
    const clips = await details.toClips(fresh, now);
    const current = store.get();
    if (gen !== store.currentGeneration() || current.status !== 'loaded') {
      for (const c of clips) details.release(c);
      return 0;
    }
    const newAt = new Map(clips.map((c) => [placeOf(c), c]));
    const replaced = new Map<string, string>();
    const kept = current.clips.filter((old) => {
      const successor = newAt.get(placeOf(old));
      if (!successor) return true;
      replaced.set(old.id, successor.id);
      details.release(old);
      return false;
    });
    store.set({
      clips: [...clips, ...kept].sort((a, b) => b.createdAt - a.createdAt),
      ...(current.selected.some((id) => replaced.has(id)) ? { selected: current.selected.map((id) => replaced.get(id) ?? id) } : {}),
    });
    queue.fill(gen);
    return clips.length;
  };

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    enter() {
      const status = store.get().status;
      const reset = { needsStaff: false, folderError: null, page: 1, notice: false };
      if (status === 'loaded') return void dispatch('resume', reset);
      if (status === 'loading') return void dispatch('resumeLoading', reset);
      if (!dispatch('enter', reset)) return;
      // Without a click the browser may not grant permission again; Browse Videos then asks.
      folders
        .restore(false)
        .then(async (handle) => {
          if (phase !== 'checking') return;
          if (handle) {
            dispatch('restored');
            return load(handle);
          }
          const needsStaff = await folders.chosenToday();
          dispatch('noFolder', { needsStaff });
        })
        .catch(() => dispatch('noFolder'));
    },
    leave(keepClips) {
      noticeHandle = clear(noticeHandle);
      reloadCheck = clear(reloadCheck);
      flow = { ...flow, notice: false };
      if (!keepClips) store.reset();
      if (!dispatch('leave')) changed();
    },
    browse,
    toggle(id) {
      if (store.toggle(id)) return;
      noticeHandle = clear(noticeHandle);
      noticeHandle = timers.setTimeout(() => {
        noticeHandle = null;
        setFlow({ notice: false });
      }, MAX_VIDEOS_NOTICE_MS);
      setFlow({ notice: true });
    },
    setPage(page) {
      setFlow({ page });
    },
    choose(choice) {
      store.set({ choice });
      setFlow({ page: 1 });
    },
    setVisible(ids) {
      queue.setVisible(ids);
    },
    reread,
  };
}
