// Small real video clips made with Debian's ffmpeg, cached under tmp/e2e-clips so a test run makes
// each one once. `-pix_fmt yuv420p` keeps H.264 playable in Chromium.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

const cacheDir = join(repoRoot, 'tmp', 'e2e-clips');

export function makeClip(spec: ClipSpec): string {
  const { format, seconds = 3, blackLead = 0, width = 640, height = 360 } = spec;
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `clip-${width}x${height}-${seconds}s-black${blackLead}.${format}`);
  if (existsSync(file)) return file;
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
  return file;
}

export function clipBytes(spec: ClipSpec): Buffer {
  return readFileSync(makeClip(spec));
}
