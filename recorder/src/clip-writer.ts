// Writing clips into CLIPS_DIR: ffmpeg's concat demuxer over buffer segments by stream copy (a
// clip costs a file copy's worth of work), written under a name starting with '.' (the kiosk
// lists no such file) and renamed when complete, its modified time its end. Every clip it writes
// is listed in a manifest first, with the cut it came from (KEEP_DAYS removes only those files, and
// a cut found there after a restart is not done twice). A name already taken (a file the recorder
// did not write, or another clip starting at the same keyframe) is never overwritten and never
// skips the clip: the clip takes the next free name. Two cuts at a time: eight ffmpegs copying
// 1080p at once on a two-core PC took about 2 s each, two at a time about 0.15 s each, so every
// mark lands sooner; a marked clip (a player waits for it) takes the next turn before continuous ones.
import { recorderClipName, type RecorderClipName } from '@courtreplay/shared';
import { isAbsolute, join, relative, sep } from 'node:path';
import { concatList, cutArgs } from './ffmpeg-args.ts';
import type { Logger } from './log.ts';
import type { Platform } from './platform.ts';

const CONCURRENT_CUTS = 2;
/** A cut takes a fraction of a second; one still going after this is stuck (a hung disk) and ended. */
const CUT_TIMEOUT_MS = 120_000;
/** A clip name is never taken more than this often; past it something else is wrong. */
const MAX_COPIES = 99;

export interface ClipRequest {
  /** Which cut this is, the same after a restart (kind, court, window). */
  key: string;
  /** The court's folder inside CLIPS_DIR (one safe name: shared's courtFolders). */
  folder: string;
  /** The clip's name but for a copy number. */
  name: Omit<RecorderClipName, 'copy'>;
  segments: readonly string[];
  /** The clip's end, its modified time. */
  endMs: number;
  /** Seconds kept from the first segment's start; all when omitted. */
  durationSeconds?: number;
  codec?: string;
}

export type ClipOutcome = { written: string } | { already: string };

/** A failure in words an owner can act on: what could not be written where, and the system's reason. */
export class ClipError extends Error {}

export class ClipWriter {
  private active = 0;
  private readonly waiting: { marked: boolean; go: () => void }[] = [];
  /** Every path in the manifest (the files the recorder wrote), with the cut each came from. */
  private readonly written: Map<string, string | undefined>;

  constructor(private readonly deps: { platform: Platform; ffmpegPath: string; clipsDir: string; manifest: string; log: Logger }) {
    this.written = new Map(readManifest(deps.platform, deps.manifest).map((e) => [e.path, e.key]));
  }

  /** The folder of a court inside CLIPS_DIR; refuses anything that would not be one folder inside it. */
  folderPath(folder: string): string {
    const path = join(this.deps.clipsDir, folder);
    const rel = relative(this.deps.clipsDir, path);
    if (!rel || rel.startsWith('..') || isAbsolute(rel) || rel.includes(sep))
      throw new ClipError(`"${folder}" is not a folder inside CLIPS_DIR.`);
    return path;
  }

  /** Checks that the court's folder can be written (a clip would fail there): throws a ClipError saying why. */
  checkWritable(folder: string): void {
    const dir = this.folderPath(folder);
    const probe = join(dir, '.courtreplay-write-check');
    try {
      this.deps.platform.fs.mkdir(dir);
      this.deps.platform.fs.writeText(probe, '');
      this.deps.platform.fs.remove(probe);
    } catch (error) {
      throw new ClipError(`The clips folder ${dir} cannot be written (${(error as Error).message}).`);
    }
  }

  /** Cuts the clip when one of two turns is free. */
  async write(request: ClipRequest): Promise<ClipOutcome> {
    if (this.active >= CONCURRENT_CUTS) {
      await new Promise<void>((go) => {
        const marked = request.name.marked;
        // After the marked clips already waiting, before every continuous one.
        const at = marked ? this.waiting.findIndex((w) => !w.marked) : -1;
        this.waiting.splice(at < 0 ? this.waiting.length : at, 0, { marked, go });
      });
    }
    this.active++;
    try {
      return await this.cut(request);
    } finally {
      this.active--;
      this.waiting.shift()?.go();
    }
  }

  private async cut(request: ClipRequest): Promise<ClipOutcome> {
    const { fs } = this.deps.platform;
    const dir = this.folderPath(request.folder);
    let final: string | undefined;
    for (let copy = 1; copy <= MAX_COPIES && !final; copy++) {
      const path = join(dir, recorderClipName({ ...request.name, copy }));
      // Written in an earlier life (the recorder stopped before it noted the cut done): not again.
      if (this.written.get(path) === request.key && fs.exists(path)) return { already: path };
      if (!fs.exists(path)) final = path;
      else if (!this.written.has(path))
        this.deps.log.warn(`A file the recorder did not write is already named ${path}: this clip takes the next free name.`);
    }
    if (!final) throw new ClipError(`Every name for ${recorderClipName(request.name)} in ${dir} is taken.`);
    const base = final.slice(dir.length + 1);
    const temp = join(dir, `.${base}.part.mp4`);
    const list = join(dir, `.${base}.txt`);
    try {
      try {
        fs.mkdir(dir);
        fs.writeText(list, concatList(request.segments));
      } catch (error) {
        throw new ClipError(`The clips folder ${dir} cannot be written (${(error as Error).message}).`);
      }
      await this.ffmpeg(cutArgs({ list, output: temp, durationSeconds: request.durationSeconds, codec: request.codec }), base);
      fs.setMtime(temp, request.endMs);
      // Listed before the rename, so a crash between the two leaves a file KEEP_DAYS still knows.
      fs.appendText(this.deps.manifest, `${JSON.stringify({ path: final, key: request.key })}\n`);
      this.written.set(final, request.key);
      fs.rename(temp, final);
      return { written: final };
    } catch (error) {
      if (error instanceof ClipError) throw error;
      throw new ClipError(`${base} could not be written in ${dir} (${(error as Error).message}).`);
    } finally {
      for (const leftover of [list, temp]) {
        try {
          fs.remove(leftover);
        } catch {
          // A dot file the kiosk never lists; KEEP_DAYS does not know it, the next cut of the name replaces it.
        }
      }
    }
  }

  private ffmpeg(args: string[], name: string): Promise<void> {
    return new Promise((resolve, reject) => {
      let errors = '';
      const child = this.deps.platform.spawn(this.deps.ffmpegPath, args, { stdin: 'ignore', stdout: 'ignore' });
      const cancel = this.deps.platform.clock.after(CUT_TIMEOUT_MS, () => {
        errors += `still cutting after ${CUT_TIMEOUT_MS / 1000} s; ended`;
        child.kill('SIGKILL');
      });
      child.stderr?.on('data', (d: Buffer) => (errors = (errors + d.toString()).slice(-2000)));
      child.on('error', (error) => {
        cancel();
        reject(new ClipError(`ffmpeg could not start to cut ${name} (${error.message}).`));
      });
      child.on('close', (code) => {
        cancel();
        if (code === 0) resolve();
        else reject(new ClipError(`ffmpeg could not cut ${name}: ${errors.trim().split('\n').slice(-3).join(' ').slice(-400)}`));
      });
    });
  }

  /** Forgets clips KEEP_DAYS removed. */
  forget(paths: Iterable<string>): void {
    for (const path of paths) this.written.delete(path);
  }

  /** The clips it wrote, by path. */
  get clips(): Iterable<string> {
    return this.written.keys();
  }

  /** Notes that a court's folder moved: its clips are known under their new paths. */
  moved(from: string, to: string): void {
    for (const [path, key] of [...this.written]) {
      if (!path.startsWith(from + sep)) continue;
      this.written.delete(path);
      this.written.set(to + path.slice(from.length), key);
    }
    this.rewrite();
  }

  /** Writes the manifest anew from what is known now. */
  rewrite(): void {
    rewriteManifest(this.deps.platform, this.deps.manifest, this.written);
  }
}

export interface ManifestEntry {
  path: string;
  /** The cut it came from (none in lines an earlier recorder wrote). */
  key?: string;
}

/** The manifest's entries (one JSON value a line: a path, or a path and its cut; a line cut short by a crash is skipped). */
export function readManifest(platform: Pick<Platform, 'fs'>, manifest: string): ManifestEntry[] {
  let text: string;
  try {
    text = platform.fs.readText(manifest);
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line): ManifestEntry | undefined => {
      try {
        const value = JSON.parse(line) as unknown;
        if (typeof value === 'string') return { path: value };
        const entry = value as Partial<ManifestEntry> | null;
        return typeof entry?.path === 'string'
          ? { path: entry.path, key: typeof entry.key === 'string' ? entry.key : undefined }
          : undefined;
      } catch {
        return undefined;
      }
    })
    .filter((e): e is ManifestEntry => e !== undefined);
}

function rewriteManifest(platform: Pick<Platform, 'fs'>, manifest: string, entries: Map<string, string | undefined>): void {
  const temp = `${manifest}.tmp`;
  platform.fs.writeText(temp, [...entries].map(([path, key]) => `${JSON.stringify({ path, key })}\n`).join(''));
  platform.fs.rename(temp, manifest);
}
