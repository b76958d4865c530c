// A recorder speaks only for its own venue, at a bounded rate, and cannot backdate an outage; the
// Errors tab reads each venue's recorder history apart, so one venue's recorder cannot push
// another's outages out; old history is pruned by the server's upkeep. On a frozen clock.
import { errorEntryText, MESSAGES, RECORDER_MESSAGES } from '@courtreplay/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPurchaseMaintenance } from '../purchases/maintenance.ts';
import { countRows, makeTestApp, type SeededAdmin, type TestApp } from '../testing/index.ts';
import { RESOLVED_PER_VENUE } from './queries.ts';
import { STATUS_BURST, STATUS_REFILL_MS } from './status-rules.ts';

let t: TestApp;
let venueA: { id: number };
let venueB: { id: number };
let courtA: { id: number };
let courtB: { id: number };
let superAdmin: SeededAdmin;
let recorderA: { id: number; token: string };
let recorderB: { id: number; token: string };

beforeEach(async () => {
  t = await makeTestApp();
  t.clock.set('2026-11-20T07:00:00Z'); // 14:00 in Jakarta
  venueA = await t.seed.venue({ name: 'Arena A' });
  venueB = await t.seed.venue({ name: 'Arena B' });
  courtA = await t.seed.field({ venueId: venueA.id, name: 'Court A1' });
  courtB = await t.seed.field({ venueId: venueB.id, name: 'Court B1' });
  superAdmin = await t.seed.admin({ role: 'super_admin' });
  const add = (venueId: number) =>
    t.call('createRecorder', { body: { venueId, name: `Recorder ${venueId}` } }, { headers: superAdmin.headers, status: 201 });
  recorderA = await add(venueA.id);
  recorderB = await add(venueB.id);
});
afterEach(() => t.close());

const camera = (fieldId: number, state: string, extra: Record<string, unknown> = {}) => ({
  fieldId,
  state,
  since: null,
  lastSegmentAt: null,
  bufferSeconds: 600,
  message: null,
  ...extra,
});
const post = async (token: string, cameras: unknown[]) =>
  t.json('POST', '/api/recorder/status', { cameras }, { Authorization: `Bearer ${token}` });
const lastSeen = async (id: number) =>
  (await t.db.selectFrom('recorders').select('lastSeenAt').where('id', '=', id).executeTakeFirstOrThrow()).lastSeenAt;
const cameraErrors = async (status: 'open' | 'all') =>
  (await t.call('listErrors', { query: { status } }, { headers: superAdmin.headers })).entries.filter((e) => e.kind === 'camera_offline');

describe('a status report', () => {
  it(`is taken ${STATUS_BURST} at once, then one every ${STATUS_REFILL_MS / 1000} s; beyond, 429 with Retry-After and nothing stored`, async () => {
    for (let i = 0; i < STATUS_BURST; i++) expect((await post(recorderA.token, [camera(courtA.id, 'recording')])).status).toBe(200);
    t.clock.advance(1_000);
    const refused = await post(recorderA.token, [camera(courtA.id, 'offline')]);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('2');
    expect(await refused.json()).toEqual({ message: RECORDER_MESSAGES.statusTooOften, retryAfterSeconds: 2 });
    expect(await lastSeen(recorderA.id)).toBe('2026-11-20T07:00:00.000Z');
    expect(await countRows(t.db, 'recorder_outages')).toBe(0);
    // Another recorder has its own allowance.
    expect((await post(recorderB.token, [camera(courtB.id, 'recording')])).status).toBe(200);
    t.clock.advance(2_000);
    expect((await post(recorderA.token, [camera(courtA.id, 'recording')])).status).toBe(200);
    expect((await post(recorderA.token, [camera(courtA.id, 'recording')])).status).toBe(429);
  });

  it("naming another venue's court is refused whole (403); a court deleted since is only left out", async () => {
    const refused = await post(recorderA.token, [camera(courtA.id, 'offline'), camera(courtB.id, 'offline')]);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: RECORDER_MESSAGES.statusOtherVenue });
    expect(await countRows(t.db, 'recorder_cameras')).toBe(0);
    expect(await countRows(t.db, 'recorder_outages')).toBe(0);
    expect(await lastSeen(recorderA.id)).toBeNull();
    expect((await post(recorderA.token, [camera(courtA.id, 'recording'), camera(999_999, 'offline')])).status).toBe(200);
    expect(await t.db.selectFrom('recorder_cameras').select('fieldId').execute()).toEqual([{ fieldId: courtA.id }]);
  });

  it("cannot date an outage before the recorder's previous report of the camera", async () => {
    // A first report: no earlier word of this recorder, so the outage begins now.
    await post(recorderA.token, [camera(courtA.id, 'offline', { since: '2026-11-19T07:00:00Z', lastSegmentAt: '2026-11-19T06:59:00Z' })]);
    t.clock.set('2026-11-20T07:01:00Z');
    await post(recorderA.token, [camera(courtA.id, 'recording')]);
    // Recording at 14:01 by its own word; then it claims the camera has been offline since 13:00.
    t.clock.set('2026-11-20T07:01:10Z');
    await post(recorderA.token, [camera(courtA.id, 'offline', { since: '2026-11-20T06:00:00Z', lastSegmentAt: '2026-11-20T06:00:00Z' })]);
    t.clock.set('2026-11-20T07:03:00Z');
    expect((await cameraErrors('all')).map((e) => [e.at, e.resolvedAt])).toEqual([
      ['2026-11-20T07:01:00.000Z', null],
      ['2026-11-20T07:00:00.000Z', '2026-11-20T07:01:00.000Z'],
    ]);
  });

  it('that ends an outage within a minute leaves nothing behind (it was never listed)', async () => {
    await post(recorderA.token, [camera(courtA.id, 'reconnecting')]);
    t.clock.advance(20_000);
    await post(recorderA.token, [camera(courtA.id, 'recording')]);
    expect(await countRows(t.db, 'recorder_outages')).toBe(0);
  });
});

describe("one venue's recorder", () => {
  it("flooding status posts leaves another venue's outage in the super admin's Errors tab", async () => {
    // Venue B's camera goes down at 14:00 and stays down.
    await post(recorderB.token, [camera(courtB.id, 'recording')]);
    t.clock.set('2026-11-20T07:00:10Z');
    await post(recorderB.token, [camera(courtB.id, 'offline')]);
    // Venue A's recorder posts as fast as it can, backdating what it says.
    t.clock.set('2026-11-20T07:10:00Z');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(recorderA.token, [
          camera(courtA.id, i % 2 ? 'recording' : 'offline', { since: '2026-11-20T06:00:00Z', lastSegmentAt: '2026-11-20T06:00:00Z' }),
        ]).then((res) => res.status),
      ),
    );
    expect(answers.filter((s) => s === 429)).toHaveLength(60 - STATUS_BURST);
    // And venue A's history is long (written straight in: hundreds of real outages of a minute).
    const recorded = Array.from({ length: RESOLVED_PER_VENUE + 50 }, (_, i) => ({
      recorderId: recorderA.id,
      fieldId: courtA.id,
      state: 'offline',
      startedAt: new Date(Date.parse('2026-11-20T07:01:00Z') + i * 1000).toISOString(),
      endedAt: new Date(Date.parse('2026-11-20T07:02:00Z') + i * 1000).toISOString(),
    }));
    await t.db.insertInto('recorder_outages').values(recorded).execute();

    const open = await cameraErrors('open');
    expect(open.filter((e) => e.venueId === venueB.id).map((e) => errorEntryText(e, 'en').what)).toEqual([
      MESSAGES.errorsTab.cameraOfflineWhat('Court B1', '14:00'),
    ]);
    const all = await cameraErrors('all');
    expect(all.filter((e) => e.venueId === venueB.id)).toHaveLength(1);
    expect(all.filter((e) => e.venueId === venueA.id && e.resolvedAt !== null)).toHaveLength(RESOLVED_PER_VENUE);
  });
});

describe("the recorders' history", () => {
  it('is pruned by the upkeep: resolved outages and alerts after 30 days or past the newest per venue; open ones stay', async () => {
    const day = 24 * 3_600_000;
    const at = (msAgo: number) => new Date(t.clock.now().getTime() - msAgo).toISOString();
    await t.db
      .insertInto('recorder_outages')
      .values([
        { recorderId: recorderB.id, fieldId: courtB.id, state: 'offline', startedAt: at(40 * day), endedAt: null },
        { recorderId: recorderB.id, fieldId: courtB.id, state: 'offline', startedAt: at(40 * day), endedAt: at(31 * day) },
        { recorderId: recorderB.id, fieldId: courtB.id, state: 'offline', startedAt: at(29 * day), endedAt: at(28 * day) },
        ...Array.from({ length: RESOLVED_PER_VENUE + 5 }, (_, i) => ({
          recorderId: recorderA.id,
          fieldId: courtA.id,
          state: 'offline',
          startedAt: at(3_600_000 + i * 120_000),
          endedAt: at(3_600_000 + i * 120_000 - 60_000),
        })),
      ])
      .execute();
    await t.db
      .insertInto('recorder_alerts')
      .values([
        { recorderId: recorderB.id, code: 'disk-low', message: 'old', firstAt: at(40 * day), resolvedAt: at(31 * day) },
        { recorderId: recorderB.id, code: 'disk-low', message: 'recent', firstAt: at(2 * day), resolvedAt: at(day) },
        { recorderId: recorderB.id, code: 'disk-low', message: 'open', firstAt: at(40 * day), resolvedAt: null },
      ])
      .execute();

    await runPurchaseMaintenance(t.deps);

    const outages = await t.db.selectFrom('recorder_outages').select(['recorderId', 'startedAt', 'endedAt']).execute();
    expect(outages.filter((o) => o.recorderId === recorderB.id).map((o) => [o.startedAt, o.endedAt])).toEqual([
      [at(40 * day), null],
      [at(29 * day), at(28 * day)],
    ]);
    const kept = outages.filter((o) => o.recorderId === recorderA.id).map((o) => o.startedAt);
    expect(kept).toHaveLength(RESOLVED_PER_VENUE);
    expect(kept.sort().at(0)).toBe(at(3_600_000 + (RESOLVED_PER_VENUE - 1) * 120_000));
    const alerts = await t.db.selectFrom('recorder_alerts').select('message').orderBy('message').execute();
    expect(alerts.map((a) => a.message)).toEqual(['open', 'recent']);
  });
});
