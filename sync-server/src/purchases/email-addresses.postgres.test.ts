// On PostgreSQL the e-mail search looks among the distinct addresses (migration 021's
// purchase_emails), which a trigger keeps in step. Two instances may at the same moment remove an
// address's last purchase (erasure, deletion) and record a new purchase of that address: the new
// purchase must stay searchable. The trigger's address lock orders the two.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import { openTestDatabase, type TestDatabase } from '../testing/database.ts';
import { purchaseRow } from '../testing/purchase-row.ts';
import { createSeeder } from '../testing/seed.ts';
import { listPurchases } from './list-purchases.queries.ts';
import { markErased } from './queries.ts';

const dir = mkdtempSync(join(tmpdir(), 'courtreplay-addresses-'));
let database: TestDatabase;
let db: Db;
let place = { venueId: 0, fieldId: 0, deviceId: '' };
let seq = 0;

beforeAll(async () => {
  database = await openTestDatabase(dir);
  db = database.db;
  const seeder = createSeeder(db, systemClock, 24 * 3_600_000);
  const venueId = (await seeder.venue()).id;
  const fieldId = (await seeder.field({ venueId })).id;
  place = { venueId, fieldId, deviceId: (await seeder.device({ venueId, fieldId })).deviceId };
});
afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

function insertPurchase(email: string) {
  seq += 1;
  return db.insertInto('purchases').values(purchaseRow(place, seq, email));
}

/** Resolves once the connection with process id `pid` waits for a lock another one holds. */
async function waitsForLock(pid: number): Promise<void> {
  for (;;) {
    const row = await sql<{
      waiting: boolean;
    }>`select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = ${pid}`.execute(db);
    if (row.rows[0]?.waiting) return;
    await new Promise((tick) => setImmediate(tick));
  }
}

describe('the distinct addresses on PostgreSQL', () => {
  it('keep an address bought again while its last earlier purchase is being removed', async () => {
    const email = 'race.player@example.com';
    const first = seq + 1;
    await insertPurchase(email).execute();

    // Instance A records a new purchase of the address, not yet committed.
    const buying = new pg.Client({ connectionString: database.url });
    const removing = new pg.Client({ connectionString: database.url });
    await buying.connect();
    await removing.connect();
    try {
      await buying.query('begin');
      const insert = insertPurchase(email).compile();
      await buying.query(insert.sql, [...insert.parameters]);
      // Instance B removes the earlier purchase meanwhile: it waits for A's address lock (without
      // the lock it would finish now and take the address with it).
      const { rows } = await removing.query<{ pid: number }>('select pg_backend_pid() as pid');
      let removed = false;
      const removal = removing.query('delete from purchases where seq = $1', [first]).then(() => (removed = true));
      await Promise.race([removal, waitsForLock(rows[0]!.pid)]);
      expect(removed).toBe(false);
      await buying.query('commit');
      await removal;
    } finally {
      await buying.end();
      await removing.end();
    }

    const page = await listPurchases(db, { email: 'race.player' }, 1, 25);
    expect(page.transactions.map((p) => p.email)).toEqual([email]);
  });

  it('forget an address once its last purchase is erased', async () => {
    await insertPurchase('erased.player@example.com').execute();
    expect(await markErased(db, `CR-TEST-${seq}`, 'erased', new Date())).toBe(true);
    const kept = await sql<{ n: number }>`select count(*)::int as n from purchase_emails where email like 'erased.player%'`.execute(db);
    expect(kept.rows[0]!.n).toBe(0);
  });
});
