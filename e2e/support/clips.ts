// Small real video clips made with Debian's ffmpeg, cached under tmp/e2e-clips so a test run makes
// each one once. `-pix_fmt yuv420p` keeps H.264 playable in Chromium.
//
// Files run side by side (e2e/vitest.config.ts), so a fixture is written under a name of its own and
// renamed into place (rename is atomic): a reader sees the whole file or none, never one half
// written by another worker. Two workers may both make it; the last rename wins with equal bytes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { repoRoot } from './server.ts';

export type ClipFormat = 'mp4' | 'webm' | 'mov';

export interface ClipSpec {
  format: ClipFormat;
  /** Seconds of test pattern. */
  seconds?: number;
  /** Seconds of pure black before the pattern (for the dark-frame thumbnail rule). */
  blackLead?: number;
  width?: number;
  height?: number;
}

/** Where the fixtures are cached across runs. */
export const FIXTURE_DIR = join(repoRoot, 'tmp', 'e2e-clips');

/**
 * The fixture `name` under FIXTURE_DIR, made by `write(path)` when missing. `write` makes the file
 * at the path it is given (a temporary name with the same extension, so ffmpeg picks the same
 * format), which then takes its place at once.
 */
export function cachedFixture(name: string, write: (path: string) => void): string {
  const file = join(FIXTURE_DIR, name);
  if (existsSync(file)) return file;
  mkdirSync(FIXTURE_DIR, { recursive: true });
  const ext = extname(name);
  const temporary = join(FIXTURE_DIR, `.${basename(name, ext)}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.partial${ext}`);
  try {
    write(temporary);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
  return file;
}

export function makeClip(spec: ClipSpec): string {
  const { format, seconds = 3, blackLead = 0, width = 640, height = 360 } = spec;
  return cachedFixture(`clip-${width}x${height}-${seconds}s-black${blackLead}.${format}`, (file) =>
    encodeClip(file, format, seconds, blackLead, width, height),
  );
}

function encodeClip(file: string, format: ClipFormat, seconds: number, blackLead: number, width: number, height: number): void {
  const size = `${width}x${height}`;
  const pattern = `testsrc=size=${size}:rate=30:duration=${seconds}`;
  const filter =
    blackLead > 0
      ? [
          '-f',
          'lavfi',
          '-i',
          `color=c=black:size=${size}:rate=30:duration=${blackLead}`,
          '-f',
          'lavfi',
          '-i',
          pattern,
          '-filter_complex',
          '[0:v][1:v]concat=n=2:v=1:a=0[v]',
          '-map',
          '[v]',
        ]
      : ['-f', 'lavfi', '-i', pattern];
  const codec =
    format === 'webm'
      ? ['-c:v', 'libvpx-vp9', '-b:v', '200k', '-deadline', 'realtime', '-cpu-used', '8']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(format === 'mp4' ? ['-movflags', '+faststart'] : [])];
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', ...filter, ...codec, file], { stdio: 'inherit' });
}

export function clipBytes(spec: ClipSpec): Buffer {
  return readFileSync(makeClip(spec));
}
