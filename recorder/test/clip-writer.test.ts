// The clip writer on the test platform: two cuts at a time, a marked clip before the continuous
// ones waiting, and a name outside CLIPS_DIR refused.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClipWriter } from '../src/clip-writer.ts';
import { createLogger } from '../src/log.ts';
import { testPlatform } from '../src/testing/fake-platform.ts';

function writer() {
  const platform = testPlatform();
  const root = mkdtempSync(join(tmpdir(), 'clip-writer-'));
  const clips = new ClipWriter({
    platform,
    ffmpegPath: 'ffmpeg',
    clipsDir: join(root, 'clips'),
    manifest: join(root, 'manifest.jsonl'),
    log: createLogger(() => undefined),
  });
  return { platform, clips };
}

const request = (time: string, marked: boolean) => ({
  key: `${marked}:${time}`,
  folder: 'Court 1',
  name: { court: 'Court 1', day: '2026-11-20', time, marked },
  segments: ['/buffer/court-1/r1-000000.ts'],
  endMs: Date.parse('2026-11-20T07:00:00Z'),
});

describe('the clip writer', () => {
  it('cuts two at a time, and a marked clip goes before the continuous clips waiting', async () => {
    const { platform, clips } = writer();
    platform.ffmpeg.cutsHang = true;
    // Each ends failed here (the test stops them): only the order they start in matters.
    const written = [
      clips.write(request('14:00:00', false)),
      clips.write(request('14:01:00', false)),
      clips.write(request('14:02:00', false)),
      clips.write(request('14:02:30', true)),
    ].map((cut) => cut.catch(() => undefined));
    await platform.clock.settle();
    expect(platform.ffmpeg.cuts()).toHaveLength(2);
    platform.ffmpeg.cuts()[0]!.exit(1, 'stopped');
    await platform.clock.settle();
    expect(platform.ffmpeg.cuts()).toHaveLength(3);
    expect(platform.ffmpeg.cuts()[2]!.args.at(-1)).toContain('14.02.30 marked');
    for (const cut of platform.ffmpeg.cuts()) cut.exit(1, 'stopped');
    await platform.clock.settle();
    for (const cut of platform.ffmpeg.cuts()) cut.exit(1, 'stopped');
    await Promise.all(written);
  });

  it('refuses a folder that is not one folder inside CLIPS_DIR', () => {
    const { clips } = writer();
    for (const folder of ['..', '../x', 'a/b', '']) expect(() => clips.folderPath(folder)).toThrow('is not a folder inside CLIPS_DIR');
  });
});
