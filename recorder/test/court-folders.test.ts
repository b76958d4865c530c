// Every court's clips land in its own folder inside CLIPS_DIR, whatever the venue named it (`..`,
// `CON`, `Court 1/2`, a path), under names the kiosk lists under that court; a renamed court's
// folder moves with it and KEEP_DAYS still knows its clips. On the test platform.
import { parseRecorderClipName } from '@courtreplay/shared';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clipCourt } from '../../pwa/src/kiosk/grid-filter.ts';
import { waitFor } from './support.ts';
import { harness, setupOf, type Harness, type Life } from './unit-harness.ts';

let h: Harness;
let life: Life | undefined;
afterEach(async () => {
  await life?.recorder.stop();
  life = undefined;
  await h?.sync.close();
});

/** Every file under `dir`, as paths relative to it. */
const filesUnder = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : []);

describe("courts' folders", () => {
  it('gives each court, hostile names included, one folder inside CLIPS_DIR that the kiosk lists under that court', async () => {
    const courts = [
      { fieldId: 1, name: '..' },
      { fieldId: 2, name: '../../x' },
      { fieldId: 3, name: 'Court 1/2' },
      { fieldId: 4, name: 'Court 1-2' },
      { fieldId: 5, name: 'CON' },
      { fieldId: 6, name: '.hidden' },
      { fieldId: 7, name: `${'球'.repeat(100)}` },
    ];
    h = await harness(setupOf(courts), { clipSeconds: 2 });
    life = await h.life();
    await life.record(3);
    const clipsDir = join(h.root, 'clips');
    await waitFor('a clip of every court', 30_000, () => filesUnder(clipsDir).filter((f) => f.endsWith('.mp4')).length === courts.length);
    // Nothing outside CLIPS_DIR: only the buffer and the clips under the test's folder.
    expect(readdirSync(h.root).sort()).toEqual(['buffer', 'clips']);
    const clips = filesUnder(clipsDir).filter((f) => f.endsWith('.mp4'));
    const kiosk = { courts: courts.map((c) => ({ id: c.fieldId, name: c.name })), ownFieldId: null };
    const listedUnder = clips.map((path) => {
      const [folder, file, ...deeper] = path.split(sep);
      expect(deeper).toEqual([]);
      expect(relative(clipsDir, join(clipsDir, folder!)).startsWith('..')).toBe(false);
      expect(file!.startsWith(folder!)).toBe(true);
      expect(parseRecorderClipName(file!)).not.toBeNull();
      return clipCourt(folder!, kiosk).courtId;
    });
    expect(listedUnder.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("a renamed court's folder moves with it, its clips findable under the new name and still known to KEEP_DAYS", async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]), { clipSeconds: 2 });
    life = await h.life();
    await life.record(3);
    const clipsDir = join(h.root, 'clips');
    await waitFor('a first clip', 30_000, () => filesUnder(join(clipsDir, 'Court 1')).length === 1);
    h.sync.setup.courts[0]!.name = 'Centre Court';
    // The folder moves when the recorder next reads its setup; the first clip under the new name
    // comes with the next cut after that.
    await life.recordUntil('the folder moved', () => !existsSync(join(clipsDir, 'Court 1')) && existsSync(join(clipsDir, 'Centre Court')));
    await life.recordUntil('a clip under the new name', () =>
      filesUnder(join(clipsDir, 'Centre Court')).some((f) => f.startsWith('Centre Court ')),
    );
    const moved = filesUnder(join(clipsDir, 'Centre Court'));
    expect(moved.some((f) => f.startsWith('Court 1 '))).toBe(true);
    expect(moved.some((f) => f.startsWith('Centre Court '))).toBe(true);
    const manifest = readFileSync(join(h.root, 'buffer', 'clips-written.jsonl'), 'utf8');
    expect(manifest).not.toContain(`${sep}Court 1${sep}`);
    expect(manifest).toContain(`${sep}Centre Court${sep}Court 1 `);
  });
});
