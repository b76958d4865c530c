// The recorder's outside world, handed in rather than reached for: the clock, the processes it
// starts, the file system and the operating system it runs on. main.ts wires the real ones
// (realPlatform); the tests give a clock that moves when told, ffmpeg processes that do what the
// test says and a file system that fails on purpose, so backoff, states, reconnects and
// housekeeping are proved in milliseconds (docs/architecture.md, The recorder).
import { spawn as nodeSpawn } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import type { Readable, Writable } from 'node:stream';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `task` after `ms`; answers what cancels it. */
  after(ms: number, task: () => void): () => void;
}

/** A started process, as much of Node's ChildProcess as the recorder uses. */
export interface Child {
  readonly pid?: number | undefined;
  readonly stdin: Writable | null;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  on(event: 'close', listener: (code: number | null) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  kill(signal?: NodeJS.Signals): boolean;
}

export interface SpawnOptions {
  /** Whether the recorder writes to the process (ffmpeg's `q` on Windows). */
  stdin: 'pipe' | 'ignore';
  /** Whether the recorder reads what the process prints (a command line it asked for). */
  stdout: 'pipe' | 'ignore';
}

export type Spawn = (command: string, args: readonly string[], options: SpawnOptions) => Child;

/** The file system calls the recorder makes, synchronous and small. */
export interface RecorderFs {
  /** Makes the folder and its parents; nothing when it exists. */
  mkdir(path: string): void;
  readdir(path: string): string[];
  /** The file's bytes from `offset` to its end (only what was added since the last look). */
  readFrom(path: string, offset: number): Buffer;
  /** The file's modified time, or undefined when it does not exist. */
  mtime(path: string): number | undefined;
  /** When the file was created, where the file system keeps it (NTFS, APFS, ext4 on a recent kernel); else undefined. */
  born(path: string): number | undefined;
  exists(path: string): boolean;
  readText(path: string): string;
  writeText(path: string, text: string): void;
  appendText(path: string, text: string): void;
  rename(from: string, to: string): void;
  /** Removes a file (nothing when it is gone already). */
  remove(path: string): void;
  setMtime(path: string, ms: number): void;
  /** Free bytes on the disk holding `path`, or undefined when the system cannot say. */
  freeBytes(path: string): number | undefined;
}

export interface Platform {
  /** process.platform: 'win32', 'linux', 'darwin'. */
  os: NodeJS.Platform;
  clock: Clock;
  spawn: Spawn;
  fs: RecorderFs;
  /** Ends the process `pid` at once (an orphaned ffmpeg). */
  kill(pid: number): void;
  /** Whether a process `pid` runs. */
  alive(pid: number): boolean;
  /** Calls `handler` when the recorder is asked to stop by `signal` (Ctrl+C and the like). */
  onSignal(signal: NodeJS.Signals, handler: () => void): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  after(ms, task) {
    const timer = setTimeout(task, ms);
    return () => clearTimeout(timer);
  },
};

export const realFs: RecorderFs = {
  mkdir: (path) => void mkdirSync(path, { recursive: true }),
  readdir: (path) => readdirSync(path),
  readFrom(path, offset) {
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      if (size <= offset) return Buffer.alloc(0);
      const bytes = Buffer.alloc(size - offset);
      let read = 0;
      while (read < bytes.length) {
        const n = readSync(fd, bytes, read, bytes.length - read, offset + read);
        if (n === 0) break;
        read += n;
      }
      return bytes.subarray(0, read);
    } finally {
      closeSync(fd);
    }
  },
  mtime(path) {
    try {
      return statSync(path).mtimeMs;
    } catch {
      return undefined;
    }
  },
  born(path) {
    try {
      const birth = statSync(path).birthtimeMs;
      return birth > 0 ? birth : undefined;
    } catch {
      return undefined;
    }
  },
  exists: (path) => existsSync(path),
  readText: (path) => readFileSync(path, 'utf8'),
  writeText: (path, text) => writeFileSync(path, text),
  appendText: (path, text) => appendFileSync(path, text),
  rename: (from, to) => renameSync(from, to),
  remove: (path) => rmSync(path, { force: true }),
  setMtime(path, ms) {
    const at = new Date(ms);
    utimesSync(path, at, at);
  },
  freeBytes(path) {
    try {
      const s = statfsSync(path);
      return s.bavail * s.bsize;
    } catch {
      return undefined;
    }
  },
};

export function realPlatform(): Platform {
  return {
    os: process.platform,
    clock: realClock,
    spawn: (command, args, options) =>
      nodeSpawn(command, args, { stdio: [options.stdin, options.stdout, 'pipe'], windowsHide: true }) as Child,
    fs: realFs,
    kill: (pid) => void process.kill(pid, 'SIGKILL'),
    alive(pid) {
      try {
        process.kill(pid, 0);
        return true;
      } catch (error) {
        // EPERM: it runs, as another user.
        return (error as NodeJS.ErrnoException).code === 'EPERM';
      }
    },
    onSignal: (signal, handler) => void process.once(signal, handler),
  };
}

/** Resolves after `ms` on `clock`, or at once when `signal` aborts. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      cancel();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const cancel = clock.after(ms, done);
    signal?.addEventListener('abort', done, { once: true });
  });
}
