// The queue that fills in the clips' durations and thumbnails, one at a time, each kept as it
// comes: durations before thumbnails (spec section 4), the clips on screen before the others, and
// the others only once the grid has painted (never competing with the loading screen's end). A
// folder of a whole recorded day is thousands of clips: probing each would keep the kiosk busy for
// hours, so past BACKGROUND_DETAILS_MAX_CLIPS only the clips the player is shown get probed.
import type { FolderClip } from '../lib/folder-access.ts';
import type { Clip, ClipState } from './clip-store.ts';

/** What the probes found of a clip's duration. */
export interface ProbeResult {
  duration: number | null;
  undecodable: boolean;
}

export interface ThumbnailResult {
  dataUrl: string | null;
  width: number;
  undecodable: boolean;
}

/** How files become clips and how their details are produced and kept (clip-loading-browser.ts). */
export interface ClipDetails {
  /** Clips from folder entries, with what the cache knows of each. */
  toClips(entries: FolderClip[], arrivedAt: number | null): Promise<Clip[]>;
  /** A clip that is no longer shown: its object URL goes. */
  release(clip: Clip): void;
  /** The cache said its thumbnail failed before: not tried again. */
  thumbnailFailedBefore(clip: Clip): boolean;
  probe(clip: Clip): Promise<ProbeResult>;
  thumbnail(clip: Clip): Promise<ThumbnailResult>;
  /** Keeps what was found; a failing cache is not the player's matter. */
  remember(clip: Clip, found: { probe: ProbeResult } | { thumbnail: ThumbnailResult }): Promise<void>;
  /** Starts decoding a cached thumbnail, so the grid paints it at once. */
  predecode(url: string): void;
  /** Resolves after the next frame is painted. */
  afterPaint(): Promise<void>;
}

/** The clip store's writing side (clip-store.ts). */
export interface ClipStoreApi {
  get(): ClipState;
  subscribe(listener: () => void): () => void;
  set(patch: Partial<ClipState>): void;
  patchClip(id: string, patch: Partial<Clip>): void;
  reset(): void;
  toggle(id: string): boolean;
  currentGeneration(): number;
  nextGeneration(): number;
}

/** Up to this many clips in the folder (sixteen pages), the pages not shown are filled in too. */
export const BACKGROUND_DETAILS_MAX_CLIPS = 240;

type Task = { kind: 'duration' | 'thumbnail'; clip: Clip };

export interface DetailsQueue {
  /** Starts (or keeps) filling in the clips of generation `gen`. */
  fill(gen: number): void;
  /** The clips on screen now: theirs come first. */
  setVisible(ids: readonly string[]): void;
  readonly visible: readonly string[];
}

export function createDetailsQueue(store: ClipStoreApi, details: ClipDetails): DetailsQueue {
  let visibleIds: readonly string[] = [];
  let filling: number | null = null;
  /** What was tried for the clips of generation `triedGen`: a failed probe is not repeated. */
  let tried = new Set<string>();
  let triedGen = -1;

  /** Resolves once the grid is shown (or the clips were replaced), after its first frame. */
  const gridShown = (gen: number) =>
    new Promise<void>((resolve) => {
      let unsubscribe = () => {};
      const check = () => {
        if (gen === store.currentGeneration() && store.get().status === 'loading') return;
        unsubscribe();
        void details.afterPaint().then(resolve);
      };
      unsubscribe = store.subscribe(check);
      check();
    });

  const nextTask = (skipThumbnail: Set<string>, visibleOnly: boolean): Task | null => {
    const clips = store.get().clips;
    const visible = new Set(visibleIds);
    const groups = [clips.filter((c) => visible.has(c.id))];
    if (!visibleOnly && clips.length <= BACKGROUND_DETAILS_MAX_CLIPS) groups.push(clips.filter((c) => !visible.has(c.id)));
    for (const group of groups) {
      const d = group.find((c) => c.duration === null && !c.undecodable && !tried.has(`d:${c.id}`));
      if (d) return { kind: 'duration', clip: d };
      const t = group.find((c) => c.thumbnailUrl === null && !c.undecodable && !skipThumbnail.has(c.id) && !tried.has(`t:${c.id}`));
      if (t) return { kind: 'thumbnail', clip: t };
    }
    return null;
  };

  const loop = async (gen: number) => {
    if (triedGen !== gen) {
      tried = new Set();
      triedGen = gen;
    }
    const skipThumbnail = new Set(
      store
        .get()
        .clips.filter((c) => details.thumbnailFailedBefore(c))
        .map((c) => c.id),
    );
    let visibleOnly = true;
    for (;;) {
      if (gen !== store.currentGeneration()) return;
      const task = nextTask(skipThumbnail, visibleOnly);
      if (task === null) {
        if (!visibleOnly) return;
        await gridShown(gen);
        visibleOnly = false;
        continue;
      }
      const { clip } = task;
      if (task.kind === 'duration') {
        tried.add(`d:${clip.id}`);
        const probe = await details.probe(clip);
        if (gen !== store.currentGeneration()) return;
        store.patchClip(clip.id, { duration: probe.duration, undecodable: probe.undecodable });
        await details.remember(clip, { probe }).catch(() => undefined);
      } else {
        tried.add(`t:${clip.id}`);
        const thumbnail = await details.thumbnail(clip);
        if (gen !== store.currentGeneration()) return;
        if (thumbnail.dataUrl) store.patchClip(clip.id, { thumbnailUrl: thumbnail.dataUrl });
        else if (thumbnail.undecodable) store.patchClip(clip.id, { undecodable: true });
        await details.remember(clip, { thumbnail }).catch(() => undefined);
      }
    }
  };

  const fill = (gen: number) => {
    // One filler at a time: clips added (or shown) while it runs are picked up by its next look.
    if (filling === gen) return;
    filling = gen;
    void loop(gen).finally(() => {
      if (filling === gen) filling = null;
    });
  };

  return {
    fill,
    setVisible(ids) {
      visibleIds = ids;
      // A large folder's filler stops at the clips shown: the next page shown starts it again.
      if (store.get().clips.length > 0) fill(store.currentGeneration());
    },
    get visible() {
      return visibleIds;
    },
  };
}
