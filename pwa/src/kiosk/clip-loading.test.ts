// The clip loading machine driven with a fake clock and a kiosk folder in memory: the spec's
// selection and loading rules (sections 4 and 9) without a browser and
// without real waits. The clips and the cart are the real clip store's. The folder, how a file
// becomes a clip and the probes are the parts imitated (in the browser they are the File System
// Access API, object URLs and a video element); none of the flow's rules talks to the server.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FOLDER_RELOAD_CHECK_MS,
  LOADING_MIN_DISPLAY_MS,
  LOADING_SAFETY_TIMEOUT_MS,
  MAX_VIDEOS_NOTICE_MS,
  MESSAGES,
  VIDEOS_PER_PAGE,
} from '@courtreplay/shared';
import { toVideoInfo } from '../lib/clip-files.ts';
import type { FolderClip } from '../lib/folder-access.ts';
import { FolderAccessError } from '../lib/folder-error.ts';
import { CART_KEY, clipStoreApi, resetClips, setClipState, type Clip } from './clip-store.ts';
import { BACKGROUND_DETAILS_MAX_CLIPS } from './clip-details-queue.ts';
import { createClipLoading, FOLDER_REREAD_MS, type ClipLoading } from './clip-loading.ts';
import { PHASES } from './clip-loading-phases.ts';
import { fakeClock, type FakeClock } from './fake-clock.ts';
import { FIRST_CHOICE } from './grid-filter.ts';
import { pageLayout } from './pagination.ts';

const F = MESSAGES.folder;

/** sessionStorage as the browser keeps it for the tab (the clip store writes the cart there). */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}
const session = new MemoryStorage();
Object.assign(globalThis, { sessionStorage: session });

/** A kiosk folder: its clips, or a listing that never ends (a stalled share) or fails. */
interface TestFolder {
  name: string;
  clips: FolderClip[];
  listing?: 'stalls' | 'fails';
}

const never = new Promise<never>(() => undefined);

function clipFile(name: string, minutesAgo: number, clock: FakeClock, folder: string | null = null): FolderClip {
  return { file: new File([`video ${name}`], name, { lastModified: clock.now() - minutesAgo * 60_000 }), folder };
}

/** `count` clips, one a minute, `clip-01` the oldest; newest first as the folder lists them. */
function clipFiles(count: number, clock: FakeClock): FolderClip[] {
  return Array.from({ length: count }, (_, i) => clipFile(`clip-${String(i + 1).padStart(2, '0')}.mp4`, count - i, clock)).reverse();
}

const titles = (clips: readonly Clip[]) => clips.map((c) => c.title);

/** Lets every promise under way finish (no time passes on the fake clock). */
async function settled(): Promise<void> {
  for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
}

function machine(setup: { stored?: TestFolder | null; chosenToday?: boolean; picked?: TestFolder | Error; supported?: boolean } = {}) {
  const clock = fakeClock();
  const log: string[] = [];
  const reloads: number[] = [];
  const restores: boolean[] = [];
  /** Every phase change, as 'from -event-> to'. */
  const walked: string[] = [];
  const folders = {
    stored: setup.stored ?? null,
    picked: setup.picked ?? null,
  };
  const flow: ClipLoading = createClipLoading<TestFolder>({
    timers: clock,
    now: clock.now,
    folders: {
      supported: () => setup.supported ?? true,
      async pick() {
        if (folders.picked instanceof Error) throw folders.picked;
        if (!folders.picked) throw new FolderAccessError(F.cancelled);
        return folders.picked;
      },
      async restore(request) {
        restores.push(request);
        return folders.stored;
      },
      chosenToday: async () => setup.chosenToday ?? false,
      name: (folder) => folder.name,
      list(folder) {
        if (folder.listing === 'stalls') return never;
        if (folder.listing === 'fails') return Promise.reject(new FolderAccessError(F.couldNotRead));
        return Promise.resolve([...folder.clips]);
      },
    },
    details: {
      toClips: async (entries, arrivedAt) =>
        entries.map(({ file, folder }) => ({
          ...toVideoInfo(file),
          file,
          url: `memory:${file.name}`,
          duration: null,
          thumbnailUrl: null,
          undecodable: false,
          folder,
          arrivedAt,
        })),
      release: (clip) => log.push(`release ${clip.title}`),
      thumbnailFailedBefore: () => false,
      async probe(clip) {
        log.push(`duration ${clip.title}`);
        return { duration: 5, undecodable: clip.fileName.startsWith('broken') };
      },
      async thumbnail(clip) {
        log.push(`thumbnail ${clip.title}`);
        return { dataUrl: `data:image/jpeg;${clip.title}`, width: 480, undecodable: false };
      },
      remember: async () => undefined,
      predecode: () => undefined,
      afterPaint: async () => void log.push('grid painted'),
    },
    store: clipStoreApi,
    session,
    cartKey: CART_KEY,
    reload: () => reloads.push(clock.now()),
    onTransition: (from, event, to) => walked.push(`${from} -${event}-> ${to}`),
  });
  /** Moves the fake clock, letting the work under way run before and after. */
  const run = async (ms: number) => {
    await settled();
    clock.advance(ms);
    await settled();
  };
  return { flow, clock, log, reloads, restores, folders, run, walked };
}

/** A machine whose player picked `folder` with Browse Videos and waited out the loading screen. */
async function browsed(folder: TestFolder) {
  const m = machine({ picked: folder });
  m.flow.enter();
  await m.run(0);
  void m.flow.browse(false);
  await m.run(LOADING_MIN_DISPLAY_MS);
  expect(m.flow.state.screen).toBe('grid');
  return m;
}

let started: ClipLoading[] = [];
beforeEach(() => {
  resetClips();
  session.clear();
});
afterEach(() => {
  for (const flow of started) flow.leave(false);
  started = [];
});

describe('clip loading: the folder', () => {
  it('shows a plain screen while it looks for today’s folder, then the folder panel when there is none', async () => {
    const { flow, restores, run } = machine();
    started.push(flow);
    expect(flow.state.screen).toBe('checking');
    flow.enter();
    expect(flow.state.screen).toBe('checking');
    await run(0);
    // Without a click the browser may not grant permission again: it is not asked for here.
    expect(restores).toEqual([false]);
    expect(flow.state).toMatchObject({ screen: 'folder', needsStaff: false, folderError: null });
  });

  it('asks for staff when today’s folder is known but its permission must be asked again', async () => {
    const { flow, run } = machine({ chosenToday: true });
    started.push(flow);
    flow.enter();
    await run(0);
    expect(flow.state).toMatchObject({ screen: 'folder', needsStaff: true });
  });

  it('restores today’s folder by itself (after a reload), behind the loading screen', async () => {
    const { flow, clock, run } = machine({ stored: { name: 'today', clips: clipFiles(2, fakeClock()) } });
    started.push(flow);
    flow.enter();
    await run(0);
    expect(flow.state.screen).toBe('loading');
    expect(flow.state.clips.folderName).toBe('today');
    await run(LOADING_MIN_DISPLAY_MS);
    expect(flow.state.screen).toBe('grid');
    expect(flow.state.clips.clips).toHaveLength(2);
    expect(clock.now()).toBeGreaterThan(0);
  });

  it('says when the browser has no folder picker', async () => {
    const { flow, run } = machine({ supported: false });
    started.push(flow);
    flow.enter();
    await run(0);
    await flow.browse(false);
    expect(flow.state).toMatchObject({ screen: 'folder', folderError: F.browserUnsupported });
  });

  it('says when the picking is cancelled or permission is refused, and a staff re-pick cancelled changes nothing', async () => {
    const { flow, folders, run } = machine();
    started.push(flow);
    flow.enter();
    await run(0);
    await flow.browse(false);
    expect(flow.state).toMatchObject({ screen: 'folder', folderError: F.cancelled });
    folders.picked = new FolderAccessError(F.permissionNotGranted);
    await flow.browse(false);
    expect(flow.state.folderError).toBe(F.permissionNotGranted);
    // Anything else the picker throws is the spec's general failure.
    folders.picked = new Error('boom');
    await flow.browse(false);
    expect(flow.state.folderError).toBe(F.failedToAccess);

    folders.picked = { name: 'day', clips: clipFiles(3, fakeClock()) };
    void flow.browse(false);
    await run(LOADING_MIN_DISPLAY_MS);
    expect(flow.state).toMatchObject({ screen: 'grid', folderError: null });
    folders.picked = null;
    await flow.browse(true);
    expect(flow.state).toMatchObject({ screen: 'grid', folderError: null });
    expect(flow.state.clips.folderName).toBe('day');
  });

  it('uses today’s stored folder for Browse Videos (asking permission on the click), and the picker for the staff’s re-pick', async () => {
    const stored = { name: 'stored', clips: clipFiles(1, fakeClock()) };
    const picked = { name: 'picked', clips: clipFiles(2, fakeClock()) };
    const { flow, restores, run } = machine({ stored, picked });
    started.push(flow);
    flow.enter();
    await run(LOADING_MIN_DISPLAY_MS);
    restores.length = 0;
    void flow.browse(false);
    await run(LOADING_MIN_DISPLAY_MS);
    expect(restores).toEqual([true]);
    expect(flow.state.clips.folderName).toBe('stored');
    void flow.browse(true);
    await run(0);
    expect(flow.state.screen).toBe('loading');
    await run(LOADING_MIN_DISPLAY_MS);
    expect(flow.state.clips.folderName).toBe('picked');
  });
});

describe('clip loading: the loading screen', () => {
  it('shows the loading screen at least 3 s, however fast the folder is read', async () => {
    const { flow, run } = machine({ picked: { name: 'fast', clips: clipFiles(18, fakeClock()) } });
    started.push(flow);
    flow.enter();
    await run(0);
    void flow.browse(false);
    await run(LOADING_MIN_DISPLAY_MS - 1);
    expect(flow.state.screen).toBe('loading');
    await run(1);
    expect(flow.state.screen).toBe('grid');
    expect(flow.state.clips.error).toBeNull();
  });

  it('lists the clips in the folder’s order (newest first), every one of them, and the empty state for a folder without today’s videos', async () => {
    const clock = fakeClock();
    const { flow } = await browsed({ name: 'day', clips: clipFiles(18, clock) });
    started.push(flow);
    expect(flow.state.clips.clips).toHaveLength(18);
    expect(titles(flow.state.clips.clips).slice(0, 3)).toEqual(['clip 18', 'clip 17', 'clip 16']);
    expect(flow.state.empty).toBe(false);
    flow.leave(false);

    const empty = await browsed({ name: 'empty', clips: [] });
    started.push(empty.flow);
    expect(empty.flow.state.clips).toMatchObject({ status: 'loaded', clips: [], error: null });
    expect(empty.flow.state.empty).toBe(true);
  });

  it('reloads the page when a picked folder is still not read after 15 s', async () => {
    const { flow, reloads, run } = machine({ picked: { name: 'stalled', clips: [], listing: 'stalls' } });
    started.push(flow);
    flow.enter();
    await run(0);
    void flow.browse(false);
    await run(FOLDER_RELOAD_CHECK_MS - 1);
    expect(reloads).toEqual([]);
    expect(flow.state.screen).toBe('loading');
    await run(1);
    expect(reloads).toHaveLength(1);
  });

  it('does not reload a picked folder that was read in time', async () => {
    const { flow, reloads, run } = machine({ picked: { name: 'day', clips: clipFiles(2, fakeClock()) } });
    started.push(flow);
    flow.enter();
    await run(0);
    void flow.browse(false);
    await run(FOLDER_RELOAD_CHECK_MS * 2);
    expect(reloads).toEqual([]);
    expect(flow.state.screen).toBe('grid');
  });

  it('ends a stalled loading screen after 20 s with its message (the restored folder after a reload)', async () => {
    const { flow, reloads, run } = machine({ stored: { name: 'stalled', clips: [], listing: 'stalls' } });
    started.push(flow);
    flow.enter();
    await run(LOADING_SAFETY_TIMEOUT_MS - 1);
    expect(flow.state.screen).toBe('loading');
    await run(1);
    expect(flow.state.screen).toBe('grid');
    expect(flow.state.clips.error).toBe(F.loadingTooLong);
    // The message, not the empty state, says what happened.
    expect(flow.state.empty).toBe(false);
    expect(reloads).toEqual([]);
  });

  it('says the folder could not be read, after the loading screen’s 3 s', async () => {
    const { flow, run } = machine({ picked: { name: 'broken', clips: [], listing: 'fails' } });
    started.push(flow);
    flow.enter();
    await run(0);
    void flow.browse(false);
    await run(LOADING_MIN_DISPLAY_MS - 1);
    expect(flow.state.screen).toBe('loading');
    await run(1);
    expect(flow.state.clips).toMatchObject({ status: 'loaded', error: F.couldNotRead });
    expect(flow.state.empty).toBe(false);
  });

  it('reloads the page when the loading screen comes back a 4th time without a grid between', async () => {
    const { flow, reloads, run } = machine({ stored: { name: 'stalled', clips: [], listing: 'stalls' } });
    started.push(flow);
    for (let visit = 1; visit <= 4; visit++) {
      flow.enter();
      await run(0);
      expect(flow.state.screen).toBe('loading');
      expect(reloads).toHaveLength(visit === 4 ? 1 : 0);
      flow.leave(false);
    }
  });

  it('brings back the saved cart after a reload, without an undecodable clip', async () => {
    const clock = fakeClock();
    const files = [clipFile('broken.mp4', 1, clock), ...clipFiles(3, clock)];
    const ids = files.map((f) => toVideoInfo(f.file).id);
    session.setItem(CART_KEY, JSON.stringify([ids[0], ids[2]]));
    const { flow, run } = machine({ stored: { name: 'day', clips: files } });
    started.push(flow);
    flow.enter();
    await run(LOADING_MIN_DISPLAY_MS);
    expect(flow.state.clips.selected).toEqual([ids[2]]);
  });
});

describe('clip loading: the grid', () => {
  it('refuses a 7th video with the notice for 3 s, and clears the cart', async () => {
    const { flow, run } = await browsed({ name: 'day', clips: clipFiles(8, fakeClock()) });
    started.push(flow);
    const ids = flow.state.clips.clips.map((c) => c.id);
    for (const id of ids.slice(0, 6)) flow.toggle(id);
    expect(flow.state.clips.selected).toHaveLength(6);
    flow.toggle(ids[6]!);
    expect(flow.state.notice).toBe(true);
    expect(flow.state.clips.selected).toEqual(ids.slice(0, 6));
    await run(MAX_VIDEOS_NOTICE_MS - 1);
    expect(flow.state.notice).toBe(true);
    await run(1);
    expect(flow.state.notice).toBe(false);
    flow.toggle(ids[0]!);
    expect(flow.state.clips.selected).toHaveLength(5);
    setClipState({ selected: [] });
    expect(flow.state.clips.selected).toEqual([]);
  });

  it('keeps the page asked for, and goes back to page 1 on a new court or time choice and on a new folder', async () => {
    const { flow, folders, run } = await browsed({ name: 'day', clips: clipFiles(18, fakeClock()) });
    started.push(flow);
    expect(flow.state.page).toBe(1);
    flow.setPage(2);
    expect(flow.state.page).toBe(2);
    const layout = pageLayout(flow.state.clips.clips.length, flow.state.page);
    expect(titles(flow.state.clips.clips.slice(layout.start, layout.end))).toEqual(['clip 03', 'clip 02', 'clip 01']);
    flow.choose({ ...FIRST_CHOICE });
    expect(flow.state.page).toBe(1);
    flow.setPage(2);
    folders.picked = { name: 'other', clips: clipFiles(2, fakeClock()) };
    void flow.browse(true);
    await run(0);
    expect(flow.state.page).toBe(1);
  });

  it('lists a new clip once two rereads 3 s apart find it unchanged, marked new, keeping the cart and the page', async () => {
    const clock = fakeClock();
    const folder = { name: 'day', clips: clipFiles(16, clock) };
    const { flow, run } = await browsed(folder);
    started.push(flow);
    const first = flow.state.clips.clips[0]!.id;
    flow.toggle(first);
    flow.setPage(2);
    folder.clips.unshift(clipFile('just-in.mp4', 0, clock));
    await run(FOLDER_REREAD_MS);
    expect(flow.state.clips.clips).toHaveLength(16);
    await run(FOLDER_REREAD_MS);
    expect(flow.state.clips.clips).toHaveLength(17);
    const added = flow.state.clips.clips[0]!;
    expect(added.title).toBe('just in');
    expect(added.arrivedAt).not.toBeNull();
    expect(flow.state.clips.clips[1]!.arrivedAt).toBeNull();
    expect(flow.state.clips.selected).toEqual([first]);
    expect(flow.state.page).toBe(2);
  });

  it('puts a clip whose file was still being written in its old place in the list and the cart', async () => {
    const clock = fakeClock();
    const folder = { name: 'day', clips: clipFiles(3, clock) };
    const { flow, log, run } = await browsed(folder);
    started.push(flow);
    const newest = flow.state.clips.clips[0]!;
    flow.toggle(newest.id);
    // The camera wrote more of it since: a later time, a bigger file.
    folder.clips[0] = {
      file: new File(['video clip-03 grown'], newest.fileName, { lastModified: newest.createdAt + 30_000 }),
      folder: null,
    };
    await run(FOLDER_REREAD_MS);
    await run(FOLDER_REREAD_MS);
    const replaced = flow.state.clips.clips[0]!;
    expect(replaced.fileName).toBe(newest.fileName);
    expect(replaced.id).not.toBe(newest.id);
    expect(flow.state.clips.clips).toHaveLength(3);
    expect(flow.state.clips.selected).toEqual([replaced.id]);
    expect(log).toContain(`release ${newest.title}`);
  });

  it('stops rereading once the player leaves the screen', async () => {
    const clock = fakeClock();
    const folder = { name: 'day', clips: clipFiles(2, clock) };
    const { flow, run } = await browsed(folder);
    flow.leave(true);
    folder.clips.unshift(clipFile('late.mp4', 0, clock));
    for (let i = 0; i < 3; i++) await run(FOLDER_REREAD_MS);
    expect(flow.state.clips.clips).toHaveLength(2);
  });

  it('keeps the clips and the cart for checkout and back, and forgets them for anywhere else', async () => {
    const { flow, restores, run } = await browsed({ name: 'day', clips: clipFiles(3, fakeClock()) });
    const id = flow.state.clips.clips[1]!.id;
    flow.toggle(id);
    flow.setPage(2);
    flow.leave(true);
    restores.length = 0;
    flow.enter();
    await run(0);
    expect(restores).toEqual([]);
    expect(flow.state).toMatchObject({ screen: 'grid', page: 1 });
    expect(flow.state.clips.selected).toEqual([id]);
    flow.leave(false);
    expect(flow.state.clips).toMatchObject({ status: 'idle', clips: [], selected: [] });
  });
});

describe('clip loading: durations and thumbnails', () => {
  it('does the visible page first, durations before thumbnails, and the other pages only once the grid is painted', async () => {
    const clock = fakeClock();
    const { flow, log, run } = machine({ picked: { name: 'day', clips: clipFiles(VIDEOS_PER_PAGE + 2, clock) } });
    started.push(flow);
    flow.enter();
    await run(0);
    void flow.browse(false);
    await run(0);
    // Behind the loading screen: page 1's 15 durations, then its 15 thumbnails, nothing else.
    expect(flow.state.screen).toBe('loading');
    const page1 = titles(flow.state.clips.clips.slice(0, VIDEOS_PER_PAGE));
    expect(log).toEqual([...page1.map((t) => `duration ${t}`), ...page1.map((t) => `thumbnail ${t}`)]);
    await run(LOADING_MIN_DISPLAY_MS);
    expect(log.slice(30)).toEqual(['grid painted', 'duration clip 02', 'duration clip 01', 'thumbnail clip 02', 'thumbnail clip 01']);
    expect(flow.state.clips.clips.every((c) => c.duration === 5 && c.thumbnailUrl !== null)).toBe(true);
  });

  it('moves the clips the player turns to ahead of the rest', async () => {
    const clock = fakeClock();
    const { flow, log, run } = machine({ picked: { name: 'day', clips: clipFiles(VIDEOS_PER_PAGE + 5, clock) } });
    started.push(flow);
    flow.enter();
    await run(0);
    void flow.browse(false);
    const oldest = () => flow.state.clips.clips.slice(-2).map((c) => c.id);
    await settled();
    flow.setVisible(oldest());
    await run(LOADING_MIN_DISPLAY_MS);
    const afterPaint = log.slice(log.indexOf('grid painted') + 1);
    expect(afterPaint.slice(0, 2)).toEqual(['duration clip 02', 'duration clip 01']);
  });

  it('takes an undecodable clip out of the cart and never asks for its thumbnail', async () => {
    const clock = fakeClock();
    const { flow, log, run } = machine({ stored: { name: 'day', clips: [clipFile('broken.mp4', 0, clock), ...clipFiles(1, clock)] } });
    started.push(flow);
    flow.enter();
    await run(LOADING_MIN_DISPLAY_MS);
    const broken = flow.state.clips.clips[0]!;
    expect(broken.undecodable).toBe(true);
    expect(log).not.toContain('thumbnail broken');
    flow.toggle(broken.id);
    expect(flow.state.clips.selected).toEqual([]);
  });
});

describe('clip loading: the phase table', () => {
  /** Each walk drives the machine as the screen does and names the phase changes it must make. */
  const walks: { name: string; walk: () => Promise<{ walked: string[] }>; expected: string[] }[] = [
    {
      name: 'no folder today, a pick, the grid, a cancelled re-pick, away and back',
      async walk() {
        const m = machine({ picked: { name: 'day', clips: clipFiles(2, fakeClock()) } });
        m.flow.enter();
        await m.run(0);
        void m.flow.browse(false);
        await m.run(LOADING_MIN_DISPLAY_MS);
        m.folders.picked = null;
        await m.flow.browse(true);
        m.flow.leave(true);
        m.flow.enter();
        m.flow.leave(false);
        return m;
      },
      expected: [
        'away -enter-> checking',
        'checking -noFolder-> folder',
        'folder -browse-> picking',
        'picking -picked-> loading',
        'loading -shown-> grid',
        'grid -browse-> repicking',
        'repicking -pickFailed-> grid',
        'grid -leave-> away',
        'away -resume-> grid',
        'grid -leave-> away',
      ],
    },
    {
      name: 'a refused pick, then away from the folder panel',
      async walk() {
        const m = machine({ picked: new FolderAccessError(F.permissionNotGranted) });
        m.flow.enter();
        await m.run(0);
        await m.flow.browse(false);
        m.flow.leave(false);
        return m;
      },
      expected: [
        'away -enter-> checking',
        'checking -noFolder-> folder',
        'folder -browse-> picking',
        'picking -pickFailed-> folder',
        'folder -leave-> away',
      ],
    },
    {
      name: 'today’s folder restored, a re-pick that loads, a folder that cannot be read',
      async walk() {
        const m = machine({
          stored: { name: 'today', clips: clipFiles(1, fakeClock()) },
          picked: { name: 'broken', clips: [], listing: 'fails' },
        });
        m.flow.enter();
        await m.run(LOADING_MIN_DISPLAY_MS);
        void m.flow.browse(true);
        await m.run(LOADING_MIN_DISPLAY_MS);
        m.flow.leave(false);
        return m;
      },
      expected: [
        'away -enter-> checking',
        'checking -restored-> loading',
        'loading -shown-> grid',
        'grid -browse-> repicking',
        'repicking -picked-> loading',
        'loading -failed-> grid',
        'grid -leave-> away',
      ],
    },
    {
      name: 'a stalled folder: away during the loading screen and back to it, then its time runs out',
      async walk() {
        const m = machine({ stored: { name: 'stalled', clips: [], listing: 'stalls' } });
        m.flow.enter();
        await m.run(0);
        m.flow.leave(true);
        m.flow.enter();
        await m.run(LOADING_SAFETY_TIMEOUT_MS);
        m.flow.leave(false);
        return m;
      },
      expected: [
        'away -enter-> checking',
        'checking -restored-> loading',
        'loading -leave-> away',
        'away -resumeLoading-> loading',
        'loading -timedOut-> grid',
        'grid -leave-> away',
      ],
    },
    {
      name: 'away while still checking, and while the picker is open (from the panel and over the grid)',
      async walk() {
        const m = machine({ picked: { name: 'day', clips: clipFiles(1, fakeClock()) } });
        m.flow.enter();
        m.flow.leave(false);
        m.flow.enter();
        await m.run(0);
        void m.flow.browse(false);
        m.flow.leave(false);
        m.flow.enter();
        await m.run(0);
        void m.flow.browse(false);
        await m.run(LOADING_MIN_DISPLAY_MS);
        void m.flow.browse(true);
        m.flow.leave(false);
        await m.run(0);
        return m;
      },
      expected: [
        'away -enter-> checking',
        'checking -leave-> away',
        'away -enter-> checking',
        'checking -noFolder-> folder',
        'folder -browse-> picking',
        'picking -leave-> away',
        'away -enter-> checking',
        'checking -noFolder-> folder',
        'folder -browse-> picking',
        'picking -picked-> loading',
        'loading -shown-> grid',
        'grid -browse-> repicking',
        'repicking -leave-> away',
      ],
    },
  ];

  it.each(walks)('$name', async ({ walk, expected }) => {
    const { walked } = await walk();
    expect(walked).toEqual(expected);
  });

  it('walks every transition of the table', () => {
    const table = Object.entries(PHASES).flatMap(([from, exits]) =>
      Object.entries(exits).map(([event, to]) => `${from} -${event}-> ${to}`),
    );
    const covered = new Set(walks.flatMap((w) => w.expected));
    expect([...covered].sort()).toEqual([...table].sort());
  });
});

describe('clip loading: a recorder’s full day in the folder', () => {
  it('probes only the clips shown once the folder holds more than BACKGROUND_DETAILS_MAX_CLIPS, and the next page when it is shown', async () => {
    const clock = fakeClock();
    const { flow, log, run } = machine({ picked: { name: 'day', clips: clipFiles(BACKGROUND_DETAILS_MAX_CLIPS + 1, clock) } });
    started.push(flow);
    flow.enter();
    await run(0);
    void flow.browse(false);
    await run(LOADING_MIN_DISPLAY_MS);
    await run(0);
    const probed = () => log.filter((l) => l.startsWith('duration')).length;
    expect(probed()).toBe(VIDEOS_PER_PAGE);
    const page2 = flow.state.clips.clips.slice(VIDEOS_PER_PAGE, 2 * VIDEOS_PER_PAGE);
    flow.setVisible(page2.map((c) => c.id));
    await run(0);
    expect(probed()).toBe(2 * VIDEOS_PER_PAGE);
    expect(page2.every((c) => log.includes(`duration ${c.title}`) && log.includes(`thumbnail ${c.title}`))).toBe(true);
  });
});
