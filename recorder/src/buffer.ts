// The rolling buffer of one camera: short MPEG-TS segments written by ffmpeg's segment muxer,
// one run (one ffmpeg process) at a time, each run with its own segment list (`r<run>.csv`).
//
// Only segments named in a list are used: ffmpeg adds a segment to its list once it has closed
// it, so the segment a crash or a kill -9 leaves half-written is never cut into a clip. The wall
// time of a segment comes from its run's timeline (the list's start/end seconds) anchored by the
// files' modified times: a closed segment's mtime is when its last packet arrived, never earlier,
// so the smallest (mtime - end) over a run is the best anchor (latency only adds to it).
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

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
}

/** The whole lines of a segment list from byte `offset` on, and where the next read starts. */
function readList(path: string, offset: number): { entries: Entry[]; next: number } {
  let text: string;
  try {
    text = readFileSync(path).subarray(offset).toString('utf8');
  } catch {
    return { entries: [], next: offset };
  }
  // A list cut short by a kill ends in a partial line: only whole lines count.
  const whole = text.slice(0, text.lastIndexOf('\n') + 1);
  const dir = dirname(path);
  const entries: Entry[] = [];
  for (const line of whole.split('\n')) {
    const [file, from, to] = line.split(',');
    if (!file || from === undefined || to === undefined) continue;
    const f = Number(from);
    const t = Number(to);
    if (!Number.isFinite(f) || !Number.isFinite(t) || t <= f) continue;
    try {
      entries.push({ path: join(dir, file), from: f, to: t, mtime: statSync(join(dir, file)).mtimeMs });
    } catch {
      // pruned already
    }
  }
  return { entries, next: offset + Buffer.byteLength(whole) };
}

/**
 * One camera's segments, kept in memory and brought up to date by reading only what ffmpeg added
 * to its lists since the last look (a full scan of two hours of segments every second would cost
 * more CPU than recording).
 */
export class SegmentIndex {
  private runs = new Map<string, { entries: Entry[]; anchor: number; offset: number }>();
  segments: Segment[] = [];

  constructor(private readonly dir: string) {}

  private loaded = false;

  /** Reads what the lists gained (after the first look, only the running ffmpeg's list); returns the new segments. */
  refresh(activeRun?: string): Segment[] {
    let names: string[];
    try {
      names = this.loaded ? (activeRun ? [`r${activeRun}.csv`] : []) : readdirSync(this.dir);
    } catch {
      return [];
    }
    this.loaded = true;
    const added: Segment[] = [];
    let reanchored = false;
    for (const name of names) {
      const run = LIST.exec(name)?.[1];
      if (!run) continue;
      const state = this.runs.get(run) ?? { entries: [], anchor: Infinity, offset: 0 };
      this.runs.set(run, state);
      const { entries, next } = readList(join(this.dir, name), state.offset);
      state.offset = next;
      if (entries.length === 0) continue;
      state.entries.push(...entries);
      const anchor = Math.min(state.anchor, ...entries.map((e) => e.mtime - e.to * 1000));
      if (anchor !== state.anchor && state.entries.length > entries.length) reanchored = true;
      state.anchor = anchor;
      for (const e of entries) added.push({ path: e.path, run, start: anchor + e.from * 1000, end: anchor + e.to * 1000 });
    }
    if (reanchored) this.rebuild();
    else if (added.length) this.segments = [...this.segments, ...added].sort((a, b) => a.start - b.start);
    return added;
  }

  private rebuild(): void {
    const all: Segment[] = [];
    for (const [run, state] of this.runs) {
      for (const e of state.entries) all.push({ path: e.path, run, start: state.anchor + e.from * 1000, end: state.anchor + e.to * 1000 });
    }
    this.segments = all.sort((a, b) => a.start - b.start);
  }

  /** Deletes segments (oldest first as given), and the lists of finished runs left without any. */
  remove(doomed: Segment[], activeRun: string | undefined): void {
    if (doomed.length === 0) return;
    const gone = new Set(doomed.map((s) => s.path));
    for (const path of gone) rmSync(path, { force: true });
    this.segments = this.segments.filter((s) => !gone.has(s.path));
    for (const [run, state] of this.runs) {
      state.entries = state.entries.filter((e) => !gone.has(e.path));
      if (state.entries.length === 0 && run !== activeRun) {
        this.runs.delete(run);
        rmSync(join(this.dir, `r${run}.csv`), { force: true });
        // The unlisted segment a killed run left behind goes with its list.
        for (const file of readdirSync(this.dir)) if (file.startsWith(`r${run}-`)) rmSync(join(this.dir, file), { force: true });
      }
    }
  }
}

/** Seconds of video the buffer holds. */
export const bufferSeconds = (segments: Segment[]): number => Math.round(segments.reduce((sum, s) => sum + (s.end - s.start), 0) / 1000);

/**
 * The segments that cover [from, to): runs of segments with no gap longer than `gapMs` between
 * them; `gaps` tells how many seconds of the window have no video.
 */
export function segmentsFor(segments: Segment[], from: number, to: number): { chosen: Segment[]; missingSeconds: number } {
  const chosen = segments.filter((s) => s.end > from && s.start < to);
  let covered = 0;
  for (const s of chosen) covered += Math.min(s.end, to) - Math.max(s.start, from);
  return { chosen, missingSeconds: Math.max(0, Math.round((to - from - covered) / 1000)) };
}
