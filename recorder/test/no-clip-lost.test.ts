// No clip is lost, and none is cut twice: a mark the recorder took is cut after it was killed,
// and so is a continuous clip whose cut was under way; a clip written just before the kill is not
// written again; names carry the day, so a second day's clips never meet the first day's; a file
// already there under a clip's name is kept and the clip takes the next name. On the test
// platform: a fake clock, ffmpeg processes the test drives, a recorder "killed" by freezing it.
import { parseRecorderClipName } from '@courtreplay/shared';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecorderState } from '../src/state-store.ts';
import { systemError } from '../src/testing/fake-platform.ts';
import { waitFor } from './support.ts';
import { harness, setupOf, type Harness, type Life } from './unit-harness.ts';

let h: Harness;
const lives: Life[] = [];
afterEach(async () => {
  for (const life of lives.splice(0)) {
    life.platform.fs.fault = () => undefined;
    for (const cut of life.platform.ffmpeg.cuts()) cut.exit(1);
    await life.recorder.stop();
  }
  await h?.sync.close();
});

async function start(options: Parameters<Harness['life']>[0] = {}): Promise<Life> {
  const life = await h.life(options);
  lives.push(life);
  return life;
}

/** A kill -9: nothing the recorder does from now on reaches the disk, and its clock stops. */
function kill(life: Life): void {
  life.platform.fs.fault = (call, path) => systemError('EIO', 'the process was killed', path);
}

const state = (): RecorderState => JSON.parse(readFileSync(join(h.root, 'buffer', 'state.json'), 'utf8')) as RecorderState;
const clipsOf = (folder = 'Court 1') => {
  const dir = join(h.root, 'clips', folder);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => !f.startsWith('.'))
        .sort()
    : [];
};

describe('a recorder killed and started again', () => {
  it('cuts the mark it had taken, saved with the cursor that acknowledged it before any cut', async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]), { clipSeconds: 0, markBeforeSeconds: 3, markAfterSeconds: 2 });
    const first = await start();
    await first.record(5);
    const id = h.sync.mark(1, new Date(first.platform.clock.now()));
    await waitFor(
      'the mark saved with its cursor',
      30_000,
      () => state().cursor === String(id) && state().marks.some((m) => m.ids.includes(id)),
    );
    await first.record(1);
    kill(first);

    const second = await start();
    await second.record(4);
    await waitFor('the marked clip', 30_000, () => clipsOf().length === 1);
    expect(parseRecorderClipName(clipsOf()[0]!)).toMatchObject({ marked: true, copy: 1 });
    // The state goes to the server with the recorder's next report on its clock, after the cut's own I/O.
    await second.recordUntil('the mark reported ready', () => h.sync.markStates.some((m) => m.id === id && m.state === 'ready'));
    expect(second.platform.ffmpeg.cuts()).toHaveLength(1);
  });

  it('cuts a continuous clip whose cut was under way, once; and a clip written before the kill is not written again', async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]), { clipSeconds: 4 });
    const first = await start();
    first.platform.ffmpeg.cutsHang = true;
    await first.record(5);
    expect(first.platform.ffmpeg.cuts()).toHaveLength(1);
    expect(state().jobs).toHaveLength(1);
    kill(first);

    const second = await start();
    await waitFor('the clip cut after the restart', 30_000, () => clipsOf().length === 1);
    expect(second.platform.ffmpeg.cuts()).toHaveLength(1);
    await second.platform.clock.settle();
    expect(state().jobs).toEqual([]);

    // This time the clip is written, but the recorder dies before it notes the cut done.
    const written = clipsOf();
    second.platform.fs.fault = (call, path) =>
      call === 'writeText' && path.endsWith('state.json.tmp') && clipsOf().length > written.length
        ? systemError('EIO', 'killed', path)
        : undefined;
    await second.record(5);
    await waitFor('the second clip', 30_000, () => clipsOf().length === 2);
    kill(second);
    const third = await start();
    await third.platform.clock.advance(1_000);
    await waitFor('the cut noted done', 30_000, () => third.lines.some((l) => l.includes('was written before the restart; not cut again')));
    expect(third.platform.ffmpeg.cuts()).toHaveLength(0);
    expect(clipsOf()).toHaveLength(2);
  });
});

describe('names across days', () => {
  it("a second day's clip at the same time gets the day in its name; a file already under a clip's name is kept and the clip takes the next", async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]), { clipSeconds: 4 });
    const at = Date.parse('2026-11-20T13:00:00Z'); // 20:00 at the venue
    const day1 = await start({ at });
    await day1.record(5);
    await waitFor("the first day's clip", 30_000, () => clipsOf().length === 1);
    await day1.recorder.stop();
    lives.splice(lives.indexOf(day1), 1);

    // The next evening, same time: and someone left a file of the very name the clip will take.
    const foreign = 'Court 1 2026-11-21 20.00.00.mp4';
    writeFileSync(join(h.root, 'clips', 'Court 1', foreign), 'not ours');
    const day2 = await start({ at: at + 24 * 3_600_000 });
    await day2.record(5);
    await waitFor("the second day's clip", 30_000, () => clipsOf().length === 4);
    expect(clipsOf()).toEqual([
      'Court 1 2026-11-20 20.00.00.mp4',
      // The last second of the first evening, gathered when the recorder stopped, is cut at its restart.
      'Court 1 2026-11-20 20.00.04.mp4',
      'Court 1 2026-11-21 20.00.00 (2).mp4',
      foreign,
    ]);
    expect(readFileSync(join(h.root, 'clips', 'Court 1', foreign), 'utf8')).toBe('not ours');
    expect(day2.lines.some((l) => l.includes(`A file the recorder did not write is already named`) && l.includes(foreign))).toBe(true);
  });
});
