// The recorder's file system calls kept in memory, for the soak benchmark: a simulated week of
// segments (millions of files) with no disk in the way, so what the recorder itself costs shows.
import { dirname } from 'node:path';
import type { RecorderFs } from '../platform.ts';

/** A file as the chunks it was written in: appending a line to a list of a week is not a copy of the list. */
interface File {
  chunks: Buffer[];
  length: number;
  mtime: number;
  born: number;
}

/** The file's bytes from `offset` on, joining only the chunks that hold them. */
function tail(file: File, offset: number): Buffer {
  let start = file.length;
  let i = file.chunks.length;
  while (i > 0 && start > offset) start -= file.chunks[--i]!.length;
  return Buffer.concat(file.chunks.slice(i)).subarray(offset - start);
}

const BLOCK = 1024;

const missing = (path: string) => Object.assign(new Error(`ENOENT: no such file or directory, ${path}`), { code: 'ENOENT' });

export function memoryFs(now: () => number, freeBytes = 500e9): RecorderFs & { files: Map<string, File>; bytes(): number } {
  const files = new Map<string, File>();
  const dirs = new Set<string>();
  const get = (path: string) => {
    const file = files.get(path);
    if (!file) throw missing(path);
    return file;
  };
  const write = (path: string, data: Buffer, append: boolean) => {
    if (!dirs.has(dirname(path))) throw missing(dirname(path));
    const at = now();
    const before = files.get(path);
    if (append && before) {
      before.chunks.push(data);
      before.length += data.length;
      before.mtime = at;
      // A list of a week is a few hundred thousand lines: kept as blocks of a thousand, not as many buffers.
      if (before.chunks.length % BLOCK === 0 && before.chunks.length >= BLOCK) {
        before.chunks.push(Buffer.concat(before.chunks.splice(-BLOCK)));
      }
    } else files.set(path, { chunks: [data], length: data.length, mtime: at, born: before?.born ?? at });
  };
  return {
    files,
    /** What the files hold, bytes. */
    bytes: () => [...files.values()].reduce((sum, f) => sum + f.length, 0),
    mkdir(path) {
      for (let p = path; !dirs.has(p) && p !== dirname(p); p = dirname(p)) dirs.add(p);
    },
    readdir(path) {
      if (!dirs.has(path)) throw missing(path);
      const prefix = `${path}/`;
      const names = new Set<string>();
      for (const key of [...files.keys(), ...dirs]) if (key.startsWith(prefix)) names.add(key.slice(prefix.length).split('/')[0]!);
      return [...names];
    },
    readFrom: (path, offset) => tail(get(path), offset),
    mtime: (path) => files.get(path)?.mtime,
    born: (path) => files.get(path)?.born,
    exists: (path) => files.has(path) || dirs.has(path),
    readText: (path) => tail(get(path), 0).toString('utf8'),
    writeText: (path, text) => write(path, Buffer.from(text), false),
    appendText: (path, text) => write(path, Buffer.from(text), true),
    rename(from, to) {
      if (dirs.has(from)) {
        for (const key of [...files.keys()]) {
          if (!key.startsWith(`${from}/`)) continue;
          files.set(to + key.slice(from.length), files.get(key)!);
          files.delete(key);
        }
        dirs.delete(from);
        dirs.add(to);
        return;
      }
      files.set(to, get(from));
      files.delete(from);
    },
    remove: (path) => void files.delete(path),
    setMtime(path, ms) {
      get(path).mtime = ms;
    },
    freeBytes: () => freeBytes,
  };
}
