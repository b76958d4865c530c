// The recorder's marks cursor on two instances of one PostgreSQL database: a mark's id is taken
// when it is inserted, but seen only when committed, so a mark committed after a later one could
// fall behind a cursor that already passed it. A venue's taps are decided one at a time across
// instances (court-marks/queries.ts), so its marks commit in the order of their ids: here a tap on
// one instance holds its transaction open while a tap on another court of the venue comes in on
// the other instance, and the recorder, asking in between, misses neither.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertMarkInTransaction, insertMarkUnlessRecent } from '../court-marks/queries.ts';
import { openPostgres, type Db } from '../db/database.ts';
import { makeTestApp, type TestApp } from '../testing/index.ts';
import { MarkSignal } from './mark-signal.ts';

const CAMERA = 'rtsp://admin:pw@192.168.1.64:554/Streaming/Channels/101';

let t: TestApp;
let other: Db;
beforeEach(async () => {
  t = await makeTestApp({ deps: { marks: new MarkSignal({ holdMs: 20, recheckMs: 10 }) } });
  other = openPostgres(t.databaseUrl!, 3);
});
afterEach(async () => {
  await other.destroy();
  await t.close();
});

/** Resolves once `check` holds, giving the event loop (and the other connections) their turn. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((tick) => setTimeout(tick, 5));
}

describe('the marks cursor on two instances', () => {
  it('cannot pass a mark committed late: a tap still being stored holds back the next tap of its venue, and the recorder takes both', async () => {
    const venue = await t.seed.venue({ name: 'Arena' });
    const court1 = await t.seed.field({ venueId: venue.id, name: 'Court 1' });
    const court2 = await t.seed.field({ venueId: venue.id, name: 'Court 2' });
    const admin = await t.seed.admin({ role: 'super_admin' });
    for (const court of [court1, court2]) {
      await t.call('setFieldCamera', { params: { id: court.id }, body: { url: CAMERA } }, { headers: admin.headers });
    }
    const { token } = await t.call('createRecorder', { body: { venueId: venue.id, name: 'Box' } }, { headers: admin.headers, status: 201 });
    const headers = { Authorization: `Bearer ${token}` };
    let cursor = (await t.call('recorderMarks', { query: {} }, { headers })).cursor;
    const taken: number[] = [];
    const poll = async () => {
      const answer = await t.call('recorderMarks', { query: { after: cursor } }, { headers });
      taken.push(...answer.marks.map((m) => m.id));
      cursor = answer.cursor;
    };
    const at = t.clock.now().toISOString();
    const since = { phone: '2000-01-01T00:00:00.000Z', court: '2000-01-01T00:00:00.000Z' };

    // Instance A stores a tap on Court 1 and has not committed yet.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let stored = false;
    const first = t.db.transaction().execute(async (tx) => {
      await insertMarkInTransaction(tx, { fieldId: court1.id, markedAt: at, phoneKey: 'a' }, since);
      stored = true;
      await held;
    });
    await until(() => stored);
    // Instance B takes a tap on Court 2 of the same venue meanwhile.
    let secondDone = false;
    const second = insertMarkUnlessRecent(other, { fieldId: court2.id, markedAt: at, phoneKey: 'b' }, since).then(
      () => (secondDone = true),
    );
    const waitsForLock = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(t.db)
        ).rows[0]!.n,
      ) > 0;
    await until(async () => secondDone || (await waitsForLock()));

    // The recorder asks while A's tap is uncommitted.
    await poll();
    release();
    await Promise.all([first, second]);
    await poll();
    const ids = (await t.db.selectFrom('court_marks').select('id').orderBy('id').execute()).map((m) => m.id);
    expect(ids).toHaveLength(2);
    expect(taken.sort((a, b) => a - b)).toEqual(ids);
  });
});
