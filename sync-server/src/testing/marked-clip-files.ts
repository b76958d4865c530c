// A marked clip and its preview as the recorder makes them, made by Debian's ffmpeg: an H.264 MP4
// (+faststart) of a test pattern, and a low-resolution preview of the same length. Made once per
// size and kept in the system's temporary folder (written under a name of its own, then renamed,
// so a file running beside sees the whole file or none).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DIR = join(tmpdir(), 'courtreplay-marked-clips');

function cached(name: string, make: (path: string) => void): Buffer {
  const file = join(DIR, name);
  if (!existsSync(file)) {
    mkdirSync(DIR, { recursive: true });
    const partial = join(DIR, `.${process.pid}-${Math.random().toString(36).slice(2)}-${name}`);
    try {
      make(partial);
      renameSync(partial, file);
    } finally {
      rmSync(partial, { force: true });
    }
  }
  return readFileSync(file);
}

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-y', '-loglevel', 'error', ...args], { stdio: 'inherit' });

export interface MarkedClipFiles {
  clip: Buffer;
  preview: Buffer;
  durationMs: number;
}

/**
 * `seconds` of 1280x720 (or `width` x `height`, at `bitrate` when given: a larger file) and its
 * preview at most 640 px wide, as the recorder would send them.
 */
export function markedClipFiles({ seconds = 4, width = 1280, height = 720, bitrate = '' } = {}): MarkedClipFiles {
  const name = `marked-${width}x${height}-${seconds}s${bitrate ? `-${bitrate}` : ''}`;
  const clip = cached(`${name}.mp4`, (path) =>
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${width}x${height}:rate=30:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      ...(bitrate ? ['-b:v', bitrate, '-maxrate', bitrate, '-bufsize', bitrate] : []),
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      path,
    ]),
  );
  const preview = cached(`${name}-preview.mp4`, (path) =>
    ffmpeg([
      '-i',
      join(DIR, `${name}.mp4`),
      '-vf',
      'scale=640:-2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '32',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      path,
    ]),
  );
  return { clip, preview, durationMs: seconds * 1000 };
}
