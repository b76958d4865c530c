// A marked clip and its preview on their way to the venue's storage, on the test platform (a fake
// clock, ffmpeg processes the test drives) against the imitation of the server's upload calls: the
// preview first, then the clip, with the bytes sent reported, then ready; continuous clips stay on
// the PC; a busy server is waited out on the recorder's own clock as it asks; a restart goes on
// from where the storage stands and sends nothing twice.
import { readFileSync } from 'node:fs';
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
    await life.recorder.stop();
  }
  await h?.sync.close();
});

async function start(): Promise<Life> {
  const life = await h.life();
  lives.push(life);
  return life;
}

const state = (): RecorderState => JSON.parse(readFileSync(join(h.root, 'buffer', 'state.json'), 'utf8')) as RecorderState;
const ready = (id: number) => h.sync.markStates.some((m) => m.id === id && m.state === 'ready');
const callsOf = (id: number) => h.sync.uploads.calls.filter((c) => c.endsWith(` ${id}`)).map((c) => c.replace(` ${id}`, ''));

/** A mark at the recorder's now on court 1, recorded through its window. */
async function markAndRecord(life: Life): Promise<number> {
  await life.record(4);
  const id = h.sync.mark(1, new Date(life.platform.clock.now()));
  await waitFor('the mark taken', 30_000, () => state().marks.some((m) => m.ids.includes(id)));
  await life.record(3);
  return id;
}

describe('a marked clip on its way to the storage', () => {
  it('sends the preview, then the clip, reporting the bytes sent, then ready; continuous clips are not sent', async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]), { clipSeconds: 4 });
    const life = await start();
    const id = await markAndRecord(life);
    // The camera goes on recording, as a real one does: a continuous clip queued on the court's lane
    // before the marked one waits for the video past its end.
    await life.recordUntil('the mark reported ready', () => ready(id));

    expect(callsOf(id)).toEqual(['begin preview', 'put preview', 'complete preview', 'begin clip', 'put clip', 'complete clip']);
    const stored = h.sync.uploads.files.get(id)!;
    const clip = state().done.at(-1)?.clip;
    expect(stored.clip?.bytes.equals(readFileSync(clip!.path))).toBe(true);
    expect(stored.preview?.bytes.toString()).toBe(`preview of ${clip!.path}`);
    const progress = h.sync.markStates.filter((m) => m.id === id && m.state === 'uploading' && m.bytesTotal);
    const total = stored.clip!.size + stored.preview!.size;
    expect(progress.at(-1)).toMatchObject({ bytesSent: stored.preview!.size, bytesTotal: total });
    // Only the marked clip went: the continuous clips the recorder cut meanwhile stay on the PC.
    expect(life.platform.ffmpeg.cuts().length).toBeGreaterThan(1);
    expect([...h.sync.uploads.files.keys()]).toEqual([id]);
    expect(state().uploads).toEqual([]);
  });

  it("waits out a busy server as its Retry-After asks, on the recorder's clock, and a broken line with backoff", async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]), { clipSeconds: 0 });
    let busy = 1;
    let cut = 1;
    let now = () => 0;
    const times: { call: string; at: number }[] = [];
    h.sync.uploads.fault = (call) => {
      times.push({ call, at: now() });
      if (call.startsWith('begin preview') && busy-- > 0) return { status: 503, retryAfter: '30' };
      if (call.startsWith('begin clip') && cut-- > 0) return 'cut';
      return undefined;
    };
    const life = await start();
    now = () => life.platform.clock.now();
    const id = await markAndRecord(life);
    await waitFor('the busy answer', 30_000, () => callsOf(id).length === 1);
    expect(h.sync.markStates.some((m) => m.id === id && m.state === 'uploading')).toBe(true);
    // The recorder's clock goes on in half seconds: it asks again only once each wait is over.
    const later = async () => (await life.platform.clock.advance(500), false);
    await waitFor('the preview sent and the line broken at the clip', 30_000, () => callsOf(id).length === 5 || later());
    expect(ready(id)).toBe(false);
    await waitFor('the mark reported ready', 30_000, () => ready(id) || later());
    expect(callsOf(id)).toEqual([
      'begin preview',
      'begin preview',
      'put preview',
      'complete preview',
      'begin clip',
      'begin clip',
      'put clip',
      'complete clip',
    ]);
    const when = (call: string) => times.filter((t) => t.call === `${call} ${id}`).map((t) => t.at);
    const [busyAt, retryAt] = when('begin preview');
    expect(retryAt! - busyAt!).toBeGreaterThanOrEqual(30_000);
    // The first wait after a broken line is 2 s.
    const [brokenAt, againAt] = when('begin clip');
    expect(againAt! - brokenAt!).toBeGreaterThanOrEqual(2_000);
  });

  it('goes on after a restart from where the storage stands, and sends no byte twice', async () => {
    h = await harness(setupOf([{ fieldId: 1, name: 'Court 1' }]), { clipSeconds: 0 });
    // The clip reaches the storage whole, but the recorder dies before the server hears it complete.
    h.sync.uploads.fault = (call) => (call.startsWith('complete clip') ? 'hang' : undefined);
    const first = await start();
    const id = await markAndRecord(first);
    await waitFor('the clip sent', 30_000, () => callsOf(id).includes('complete clip'));
    expect(state().uploads).toMatchObject([{ markId: id, sent: ['preview'] }]);
    first.platform.fs.fault = (call, path) => systemError('EIO', 'the process was killed', path);
    h.sync.uploads.fault = () => undefined;
    const before = callsOf(id).length;

    const second = await start();
    await second.platform.clock.advance(1_000);
    await waitFor('the mark reported ready', 30_000, () => ready(id));
    // The preview is known sent; the clip is whole in storage, so only its completion is asked again.
    expect(callsOf(id).slice(before)).toEqual(['begin clip', 'complete clip']);
    const stored = h.sync.uploads.files.get(id)!;
    expect(h.sync.uploads.sent.get(`clip ${id}`)).toBe(stored.clip!.size);
    expect(h.sync.uploads.sent.get(`preview ${id}`)).toBe(stored.preview!.size);
    expect(state().uploads).toEqual([]);
  });
});
