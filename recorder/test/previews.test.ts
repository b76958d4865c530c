// A marked clip's preview made without a sub-stream, with real ffmpeg: only the clip's keyframes
// decoded, at most 640 px wide, within the budget of 1 MB for 11 s, H.264, as long as the clip.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createLogger } from '../src/log.ts';
import { realPlatform } from '../src/platform.ts';
import { MAX_PREVIEW_WIDTH, maxPreviewBytes, Previews } from '../src/previews.ts';
import { probeDuration, probeFormat } from './support.ts';

const width = (path: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width', '-of', 'csv=p=0', path]).toString(),
  );

it("is made from a 720p clip's keyframes: at most 640 px wide, within 1 MB for 11 s, H.264, the clip's length", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'recorder-preview-'));
  const clip = join(dir, 'Court 1 2026-11-20 20.00.00 marked.mp4');
  // A camera's clip, wider than a preview (720p at 10 fps keeps the test cheap), a keyframe every second, 11 s.
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=10', '-t', '11'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p', clip],
  ]);
  const lines: string[] = [];
  const previews = new Previews({
    platform: realPlatform(),
    ffmpegPath: 'ffmpeg',
    dir: join(dir, 'previews'),
    log: createLogger((line) => lines.push(line)),
    courtName: () => 'Court 1',
    subSegments: () => undefined,
  });
  const start = Date.parse('2026-11-20T13:00:00Z');
  const made = await previews.make({
    markId: 1,
    fieldId: 1,
    clip,
    start,
    end: start + 11_000,
    sent: [],
    failures: 0,
    refusals: 0,
    dueAt: 0,
  });

  expect(made.path).not.toBeNull();
  expect(lines.join('\n')).toContain('from the keyframes of the clip');
  expect(width(made.path!)).toBeLessThanOrEqual(MAX_PREVIEW_WIDTH);
  expect(width(made.path!)).toBeGreaterThan(MAX_PREVIEW_WIDTH / 2);
  expect(made.bytes).toBeLessThanOrEqual(maxPreviewBytes(11_000));
  expect(probeFormat(made.path!)).toEqual({ codec: 'h264', faststart: true });
  expect(Math.abs(probeDuration(made.path!) - 11)).toBeLessThanOrEqual(0.5);
  expect(made.durationMs).toBe(11_000);
});
