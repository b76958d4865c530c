// `npm run bench -- preview`: what a marked clip's preview costs the venue's PC, both ways
// (recorder/src/previews.ts), for an 11 s clip of a 1080p camera (25 fps, a keyframe a second,
// about 4 Mbit/s):
//  1. without a sub-stream: the clip's keyframes decoded, re-encoded at most 640 px wide (aim: at
//     most 1 s of one core per clip);
//  2. from the sub-stream (640x360, 15 fps, recorded beside the main one in 1 s segments): cut by
//     stream copy.
// Per way: CPU seconds per clip (ffmpeg's, read from /proc as the children's time), wall time, the
// preview's size and width. Prints figures; exits 1 when a way made no preview.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Segment } from '../src/buffer.ts';
import { createLogger } from '../src/log.ts';
import { realPlatform } from '../src/platform.ts';
import { Previews } from '../src/previews.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TICKS = 100; // /proc's clock ticks per second on Linux

/** CPU seconds of the children this process has waited for (/proc/self/stat: cutime + cstime). */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / TICKS;
}

const dir = mkdtempSync(join(tmpdir(), 'preview-bench-'));
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
console.log('Encoding an 11 s 1080p clip and its 640x360 sub-stream in 1 s segments (once)...');
const clip = join(dir, 'Court 1 2026-11-20 20.00.00 marked.mp4');
const x264 = (size: string, fps: number, rate: string) => [
  ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${fps}`, '-t', '11', '-c:v', 'libx264', '-preset', 'veryfast'],
  ...['-g', String(fps), '-b:v', rate, '-maxrate', rate, '-bufsize', rate, '-pix_fmt', 'yuv420p'],
];
ffmpeg([...x264('1920x1080', 25, '4M'), '-movflags', '+faststart', clip]);
const subDir = join(dir, 'sub');
execFileSync('mkdir', ['-p', subDir]);
ffmpeg([...x264('640x360', 15, '400k'), '-f', 'segment', '-segment_time', '1', join(subDir, 's%03d.ts')]);
const start = Date.parse('2026-11-20T13:00:00Z');
const subSegments: Segment[] = Array.from({ length: 11 }, (_, i) => ({
  path: join(subDir, `s${String(i).padStart(3, '0')}.ts`),
  run: 'r1',
  start: start + i * 1000,
  end: start + (i + 1) * 1000,
}));

const width = (path: string) =>
  execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width', '-of', 'csv=p=0', path])
    .toString()
    .trim();

let failed = false;
for (const way of ['keyframes', 'sub-stream'] as const) {
  const lines: string[] = [];
  const previews = new Previews({
    platform: realPlatform(),
    ffmpegPath: 'ffmpeg',
    dir: join(dir, `previews-${way}`),
    log: createLogger((line) => lines.push(line)),
    courtName: () => 'Court 1',
    subSegments: () => (way === 'sub-stream' ? subSegments : undefined),
  });
  const cpu: number[] = [];
  const wall: number[] = [];
  let bytes = 0;
  let shown = '';
  for (let i = 0; i < RUNS; i++) {
    const [cpuBefore, wallBefore] = [childrenCpu(), performance.now()];
    const made = await previews.make({
      markId: i + 1,
      fieldId: 1,
      clip,
      start,
      end: start + 11_000,
      sent: [],
      failures: 0,
      refusals: 0,
      dueAt: 0,
    });
    cpu.push(childrenCpu() - cpuBefore);
    wall.push(performance.now() - wallBefore);
    if (!made.path) {
      failed = true;
      break;
    }
    bytes = made.bytes ?? 0;
    shown = `${width(made.path)} px wide, ${(bytes / 1024).toFixed(0)} KB (clip ${(made.clipBytes / 1024 / 1024).toFixed(1)} MB)`;
    rmSync(made.path);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const how =
    lines
      .find((l) => l.includes('was made'))
      ?.replace(/.*was made /, '')
      .replace(/ in \d+ ms.*/, '') ?? 'not made';
  console.log(
    `Preview ${way.padEnd(10)}: ${mean(cpu).toFixed(2)} CPU s per clip (max ${Math.max(...cpu).toFixed(2)}), ` +
      `${mean(wall).toFixed(0)} ms wall, ${shown} [${how}]`,
  );
  if (failed) console.log(`The ${way} way made no preview: ${lines.at(-1)}`);
}
rmSync(dir, { recursive: true, force: true });
if (failed) process.exit(1);
