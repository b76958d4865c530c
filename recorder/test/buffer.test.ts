// The buffer index on its own, with files laid out as ffmpeg's segment muxer leaves them after a
// kill -9: only segments named in a whole line of their run's list count, and wall times come from
// the list's seconds anchored by the files' modified times.
import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SegmentIndex } from '../src/buffer.ts';
import { faultyFs } from '../src/testing/fake-platform.ts';

const T0 = Date.parse('2026-11-20T07:00:00Z');

function segment(dir: string, name: string, endMs: number): void {
  writeFileSync(join(dir, name), 'ts');
  utimesSync(join(dir, name), new Date(endMs), new Date(endMs));
}

describe('the buffer index', () => {
  it('uses only listed segments, ignores a list line cut short, and places segments in wall time', () => {
    const dir = mkdtempSync(join(tmpdir(), 'buffer-index-'));
    // Run 100: three closed segments; the fourth was being written when ffmpeg was killed, and the
    // list's last line was cut short.
    segment(dir, 'r100-000000.ts', T0 + 2_000 + 300); // arrived 0.3 s late (the first segment's probe)
    segment(dir, 'r100-000001.ts', T0 + 3_000);
    segment(dir, 'r100-000002.ts', T0 + 4_000);
    segment(dir, 'r100-000003.ts', T0 + 4_500);
    writeFileSync(
      join(dir, 'r100.csv'),
      'r100-000000.ts,0.000000,2.000000\nr100-000001.ts,2.000000,3.000000\nr100-000002.ts,3.000000,4.000000\nr100-000003.ts,4.000000,4.5',
    );
    const index = new SegmentIndex(dir, faultyFs());
    index.refresh(undefined);
    expect(index.segments.map((s) => s.path.split('/').at(-1))).toEqual(['r100-000000.ts', 'r100-000001.ts', 'r100-000002.ts']);
    expect(index.segments.map((s) => [s.start - T0, s.end - T0])).toEqual([
      [0, 2_000],
      [2_000, 3_000],
      [3_000, 4_000],
    ]);
  });

  it('reads only what the running list gained, and deletes a finished run with its unlisted segment once none of its segments is left', () => {
    const dir = mkdtempSync(join(tmpdir(), 'buffer-index-'));
    segment(dir, 'r100-000000.ts', T0 + 1_000);
    segment(dir, 'r100-000001.ts', T0 + 1_500); // unlisted: half-written when killed
    writeFileSync(join(dir, 'r100.csv'), 'r100-000000.ts,0.000000,1.000000\n');
    segment(dir, 'r200-000000.ts', T0 + 11_000);
    writeFileSync(join(dir, 'r200.csv'), 'r200-000000.ts,5.000000,6.000000\n');
    const index = new SegmentIndex(dir, faultyFs());
    index.refresh('200');
    segment(dir, 'r200-000001.ts', T0 + 12_000);
    writeFileSync(join(dir, 'r200.csv'), 'r200-000000.ts,5.000000,6.000000\nr200-000001.ts,6.000000,7.000000\n');
    const added = index.refresh('200');
    expect(added.map((s) => [s.start - T0, s.end - T0])).toEqual([[11_000, 12_000]]);

    index.remove([index.segments[0]!], '200');
    expect(readdirSync(dir).sort()).toEqual(['r200-000000.ts', 'r200-000001.ts', 'r200.csv']);
    expect(index.segments).toHaveLength(2);
  });
});

describe('the buffer index over a week', () => {
  it("reads only the bytes its run's list gained since the last look, never the whole list again", () => {
    const dir = mkdtempSync(join(tmpdir(), 'buffer-index-'));
    const fs = faultyFs();
    const reads: number[] = [];
    const readFrom = fs.readFrom;
    fs.readFrom = (path, offset) => {
      const bytes = readFrom(path, offset);
      reads.push(bytes.length);
      return bytes;
    };
    const index = new SegmentIndex(dir, fs);
    index.refresh('300');
    let list = '';
    for (let i = 0; i < 50; i++) {
      segment(dir, `r300-${String(i).padStart(6, '0')}.ts`, T0 + (i + 1) * 1_000);
      list += `r300-${String(i).padStart(6, '0')}.ts,${i}.000000,${i + 1}.000000\n`;
      writeFileSync(join(dir, 'r300.csv'), list);
      expect(index.refresh('300')).toHaveLength(1);
    }
    // One line a look (about 35 bytes), however long the list has grown.
    expect(Math.max(...reads)).toBeLessThan(40);
    expect(index.segments).toHaveLength(50);
  });

  it('times a segment closed long after the camera died by when it began, not by when its file was closed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'buffer-index-'));
    // A camera that came back for 2.5 s: ffmpeg was started at T0 - 1 s, the segment's first
    // picture came at T0, the camera died at T0 + 2.5 s and ffmpeg gave up and closed it 12 s later.
    const run = String(T0 - 1_000);
    segment(dir, `r${run}-000000.ts`, T0 + 14_500);
    writeFileSync(join(dir, `r${run}.csv`), `r${run}-000000.ts,0,2.5\n`);
    const withBirths = faultyFs();
    withBirths.births.set(join(dir, `r${run}-000000.ts`), T0);
    const index = new SegmentIndex(dir, withBirths);
    index.refresh(undefined);
    expect(index.segments.map((s) => [s.start - T0, s.end - T0])).toEqual([[0, 2_500]]);
    // Where the file system keeps no creation time: when ffmpeg was started, a second early, not 12 s late.
    const without = new SegmentIndex(dir, faultyFs());
    without.refresh(undefined);
    expect(without.segments.map((s) => [s.start - T0, s.end - T0])).toEqual([[-1_000, 1_500]]);
  });

  it('keeps a segment another program holds (EBUSY) listed, removes the rest, and says which failed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'buffer-index-'));
    for (let i = 0; i < 3; i++) segment(dir, `r100-00000${i}.ts`, T0 + (i + 1) * 1_000);
    writeFileSync(join(dir, 'r100.csv'), 'r100-000000.ts,0,1\nr100-000001.ts,1,2\nr100-000002.ts,2,3\n');
    const fs = faultyFs();
    const index = new SegmentIndex(dir, fs);
    index.refresh(undefined);
    fs.fault = (call, path) =>
      call === 'remove' && path.endsWith('000001.ts')
        ? Object.assign(new Error('EBUSY: resource busy or locked'), { code: 'EBUSY' })
        : undefined;
    const failed = index.remove(index.segments.slice(0, 2), undefined);
    expect(failed?.message).toContain('EBUSY');
    expect(index.segments.map((s) => s.path.split('/').at(-1))).toEqual(['r100-000001.ts', 'r100-000002.ts']);
  });
});
