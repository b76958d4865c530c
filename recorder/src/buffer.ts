// The rolling buffer of one camera: short MPEG-TS segments written by ffmpeg's segment muxer,
// one run (one ffmpeg process) at a time, each run with its own segment list (`r<run>.csv`, the
// run named by the time it was started).
//
// Only segments named in a list are used: ffmpeg adds a segment to its list once it has closed
// it, so the segment a crash or a kill -9 leaves half-written is never cut into a clip. A
// segment's wall time comes from its content's own timeline (the list's start/end seconds, the
// stream's timestamps) placed by one anchor per run. ffmpeg opens a segment's file when its first
// picture arrives and closes it when the next keyframe does, so (created - start) and
// (modified - end) are each the run's start plus latency; the smallest over the run is the anchor.
// The segment a run closes when it ends is closed long after its last picture (a camera gone quiet
// is given up after seconds of silence): its modified time is not used, only its creation, where
// the file system keeps it, and the run is never placed before ffmpeg was started.
import { join } from 'node:path';
import type { RecorderFs } from './platform.ts';

export interface Segment {
  path: string;
  run: string;
  /** Wall-clock start and end, ms since the epoch. */
  start: number;
  end: number;
}

const LIST = /^r(\d+)\.csv$/;

interface Entry {
  path: string;
  from: number;
  to: number;
  mtime: number;
  born: number | undefined;
}

interface Run {
  entries: Entry[];
  /** The wall time of the run's second 0. */
  anchor: number;
  /** The smallest (created - start) and (modified - end) over the entries read, the last entry's modified time aside. */
  bestBorn: number;
  bestClosed: number;
  /** The last entry read, whose modified time counts only while the run goes on. */
  last: Entry | undefined;
  /** Bytes of its list read so far: the next look starts there. */
  offset: number;
  /** Whether the run had ended when its list was last read (its last entry closed it). */
  ended: boolean;
}

/** The whole lines of a segment list from byte `offset` on, and where the next read starts. */
function readList(fs: RecorderFs, dir: string, name: string, offset: number): { entries: Entry[]; next: number } {
  let text: string;
  try {
    text = fs.readFrom(join(dir, name), offset).toString('utf8');
  } catch {
    return { entries: [], next: offset };
  }
  // A list cut short by a kill ends in a partial line: only whole lines count.
  const whole = text.slice(0, text.lastIndexOf('\n') + 1);
  const entries: Entry[] = [];
  for (const line of whole.split('\n')) {
    const [file, from, to] = line.split(',');
    if (!file || from === undefined || to === undefined) continue;
    const f = Number(from);
    const t = Number(to);
    if (!Number.isFinite(f) || !Number.isFinite(t) || t <= f) continue;
    const mtime = fs.mtime(join(dir, file));
    // Undefined: pruned already.
    if (mtime !== undefined) entries.push({ path: join(dir, file), from: f, to: t, mtime, born: fs.born(join(dir, file)) });
  }
  return { entries, next: offset + Buffer.byteLength(whole) };
}

/**
 * A run's anchor once `added` were read: the smallest of their (created - start) and (modified -
 * end), the ending entry's modified time left out. Worked out from what was added alone, so a run
 * of a week costs what a run of a minute does.
 */
function anchorAfter(run: Run, added: readonly Entry[], runId: string): number {
  for (const e of added) {
    if (run.last) run.bestClosed = Math.min(run.bestClosed, run.last.mtime - run.last.to * 1000);
    if (e.born !== undefined) run.bestBorn = Math.min(run.bestBorn, e.born - e.from * 1000);
    run.last = e;
  }
  const lastClosed = run.last && !run.ended ? run.last.mtime - run.last.to * 1000 : Infinity;
  const anchor = Math.min(run.bestBorn, run.bestClosed, lastClosed);
  // Never before ffmpeg was started; the start itself when nothing else tells.
  const started = Number(runId);
  return anchor === Infinity ? started : Math.max(anchor, started);
}

/**
 * One camera's segments, kept in memory and brought up to date by reading only what ffmpeg added
 * to its lists since the last look (a full scan of two hours of segments, or a whole list, every
 * second would cost more CPU than recording and grow all week).
 */
export class SegmentIndex {
  private runs = new Map<string, Run>();
  /** Oldest first. */
  segments: Segment[] = [];
  private loaded = false;

  constructor(
    private readonly dir: string,
    private readonly fs: RecorderFs,
  ) {}

  /**
   * Reads what the lists gained (after the first look, only the list of `runs`: the running
   * ffmpeg's, and one that just ended); returns the segments added.
   */
  refresh(activeRun: string | undefined, endedRun?: string): Segment[] {
    let names: string[];
    try {
      names = this.loaded ? [activeRun, endedRun].filter((r): r is string => !!r).map((r) => `r${r}.csv`) : this.fs.readdir(this.dir);
    } catch {
      return [];
    }
    this.loaded = true;
    const added: Segment[] = [];
    let moved = false;
    for (const name of names) {
      const id = LIST.exec(name)?.[1];
      if (!id) continue;
      const run = this.runs.get(id) ?? {
        entries: [],
        anchor: Infinity,
        bestBorn: Infinity,
        bestClosed: Infinity,
        last: undefined,
        offset: 0,
        ended: false,
      };
      this.runs.set(id, run);
      const { entries, next } = readList(this.fs, this.dir, name, run.offset);
      run.offset = next;
      const wasEnded = run.ended;
      run.ended = id !== activeRun;
      // A run that just ended is placed again: the segment that ended it no longer counts.
      if (entries.length === 0 && wasEnded === run.ended) continue;
      const before = run.entries.length;
      run.entries.push(...entries);
      const anchor = anchorAfter(run, entries, id);
      if (anchor !== run.anchor && before > 0) moved = true;
      run.anchor = anchor;
      for (const e of entries) added.push({ path: e.path, run: id, start: anchor + e.from * 1000, end: anchor + e.to * 1000 });
    }
    if (moved) this.rebuild();
    else if (added.length) this.append(added);
    return added;
  }

  private append(added: Segment[]): void {
    const last = this.segments.at(-1);
    this.segments.push(...added);
    // Segments come in time order within a run and runs follow each other: a sort is rarely needed.
    if ((last && added[0]!.start < last.start) || added.some((s, i) => i > 0 && s.start < added[i - 1]!.start)) {
      this.segments.sort((a, b) => a.start - b.start);
    }
  }

  private rebuild(): void {
    const all: Segment[] = [];
    for (const [id, run] of this.runs) {
      for (const e of run.entries) all.push({ path: e.path, run: id, start: run.anchor + e.from * 1000, end: run.anchor + e.to * 1000 });
    }
    this.segments = all.sort((a, b) => a.start - b.start);
  }

  /**
   * Deletes segments, and the lists of finished runs left without any. A file another program
   * holds (an antivirus scan: EBUSY, EPERM) stays listed and is tried again next time; the error
   * of the first such file is answered, after every other file was removed.
   */
  remove(doomed: readonly Segment[], activeRun: string | undefined): Error | undefined {
    if (doomed.length === 0) return undefined;
    let failed: Error | undefined;
    const gone = new Set<string>();
    for (const s of doomed) {
      try {
        this.fs.remove(s.path);
        gone.add(s.path);
      } catch (error) {
        failed ??= error as Error;
      }
    }
    if (gone.size === 0) return failed;
    this.segments = without(this.segments, gone);
    for (const [id, run] of this.runs) {
      run.entries = without(run.entries, gone);
      if (run.entries.length > 0 || id === activeRun) continue;
      try {
        this.fs.remove(join(this.dir, `r${id}.csv`));
        // The unlisted segment a killed run left behind goes with its list.
        for (const file of this.fs.readdir(this.dir)) if (file.startsWith(`r${id}-`)) this.fs.remove(join(this.dir, file));
        this.runs.delete(id);
      } catch (error) {
        failed ??= error as Error;
      }
    }
    return failed;
  }
}

/** `list` less the items whose path is `gone`: the oldest go, so mostly a cut at the front, not a pass over two hours. */
function without<T extends { path: string }>(list: T[], gone: ReadonlySet<string>): T[] {
  let front = 0;
  while (front < list.length && gone.has(list[front]!.path)) front++;
  const rest = list.slice(front);
  return front === gone.size || !rest.some((item) => gone.has(item.path)) ? rest : rest.filter((item) => !gone.has(item.path));
}

/** Seconds of video the buffer holds. */
export const bufferSeconds = (segments: readonly Segment[]): number =>
  Math.round(segments.reduce((sum, s) => sum + (s.end - s.start), 0) / 1000);

/** The index of the first segment starting after `time` (segments oldest first): a binary search. */
function firstStartingAfter(segments: readonly Segment[], time: number): number {
  let lo = 0;
  let hi = segments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (segments[mid]!.start <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The segments starting within [from, to], found without walking the whole buffer. */
export function segmentsStarting(segments: readonly Segment[], from: number, to: number): Segment[] {
  const first = firstStartingAfter(segments, from - 1);
  const found: Segment[] = [];
  for (let i = first; i < segments.length && segments[i]!.start <= to; i++) found.push(segments[i]!);
  return found;
}

/**
 * The segments for the window [from, to): from the keyframe at or before `from` (the last segment
 * starting there) to the one holding `to`; `missingSeconds` is how much of the window has no video.
 */
export function segmentsFor(segments: readonly Segment[], from: number, to: number): { chosen: Segment[]; missingSeconds: number } {
  const chosen: Segment[] = [];
  for (let i = Math.max(0, firstStartingAfter(segments, from + 50) - 1); i < segments.length && segments[i]!.start < to; i++) {
    if (segments[i]!.end > from) chosen.push(segments[i]!);
  }
  let covered = 0;
  for (const s of chosen) covered += Math.min(s.end, to) - Math.max(s.start, from);
  return { chosen, missingSeconds: Math.max(0, Math.round((to - from - covered) / 1000)) };
}
