// The e-mail search through the trigram index (migration 021) finds exactly the purchases that a
// plain case-insensitive substring match finds, for any address and any part typed, and keeps
// finding them after addresses are corrected and purchases deleted.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../adapters/ports.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import { openTestDatabase, type TestDatabase } from '../testing/database.ts';
import { purchaseRow as rawPurchaseRow } from '../testing/purchase-row.ts';
import { createSeeder } from '../testing/seed.ts';
import { BROAD_SEARCH, listPurchases } from './list-purchases.queries.ts';

const dir = mkdtempSync(join(tmpdir(), 'courtreplay-search-'));
let database: TestDatabase;
let db: Db;
let venueId = 0;
let fieldId = 0;
let deviceId = '';
let seq = 0;
/** The one address of the common part's purchases that a search for it finds alone. */
let rarest = '';

beforeAll(async () => {
  database = await openTestDatabase(dir);
  db = database.db;
  const seeder = createSeeder(db, systemClock, 24 * 3_600_000);
  venueId = (await seeder.venue()).id;
  fieldId = (await seeder.field({ venueId })).id;
  deviceId = (await seeder.device({ venueId, fieldId })).deviceId;
});
afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

function purchaseRow(email: string) {
  seq += 1;
  return rawPurchaseRow({ venueId, fieldId, deviceId }, seq, email);
}

async function insertPurchase(email: string): Promise<number> {
  await db.insertInto('purchases').values(purchaseRow(email)).execute();
  return seq;
}

/** What the list answers for a search, as e-mail addresses newest first. */
async function searched(part: string): Promise<string[]> {
  const page = await listPurchases(db, { email: part }, 1, 10_000);
  return page.transactions.map((p) => p.email);
}

/** What a plain substring match finds, the behaviour the index must keep. */
async function substringMatches(part: string): Promise<string[]> {
  const rows = await db.selectFrom('purchases').select(['email', 'seq']).orderBy('seq', 'desc').execute();
  return rows.filter((r) => r.email.toLowerCase().includes(part.toLowerCase())).map((r) => r.email);
}

const localPart = fc.stringMatching(/^[a-zA-Z0-9._%+"'-]{1,12}$/);
const domain = fc.constantFrom('gmail.com', 'Yahoo.co.id', 'example.com', 'mail.sch.id', 'x_y.id');
const address = fc.tuple(localPart, domain).map(([l, d]) => `${l}@${d}`);

describe('e-mail search through the trigram index', () => {
  it('finds what a substring match finds, for parts of every length and characters taken literally', async () => {
    for (const email of ['alice@example.com', 'Bob@Example.com', 'carol_50%@example.com', 'd"q@gmail.com', 'budi.s@yahoo.co.id']) {
      await insertPurchase(email);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.array(address, { maxLength: 8 }),
        fc.oneof(fc.stringMatching(/^[a-zA-Z0-9._%@"'-]{1,8}$/), fc.constantFrom('ex', 'EXAMPLE', '_50%', 'd"q', 'co.id', '@')),
        async (addresses, part) => {
          for (const email of addresses) await insertPurchase(email);
          expect(await searched(part)).toEqual(await substringMatches(part));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('follows corrected addresses and deleted purchases', async () => {
    const corrected = await insertPurchase('wrong.address@gmial.com');
    const removed = await insertPurchase('gone.player@gmail.com');
    expect(await searched('gmial')).toContain('wrong.address@gmial.com');

    await db.updateTable('purchases').set({ email: 'right.address@gmail.com' }).where('seq', '=', corrected).execute();
    await db.deleteFrom('purchases').where('seq', '=', removed).execute();

    expect(await searched('gmial')).toEqual(await substringMatches('gmial'));
    expect(await searched('wrong.address')).toEqual([]);
    expect(await searched('right.address')).toEqual(['right.address@gmail.com']);
    expect(await searched('gone.player')).toEqual([]);
    if (database.kind === 'postgres') {
      // The distinct addresses follow too: a corrected or deleted purchase's old address is not kept.
      const kept = await sql<{ email: string }>`select email from purchase_emails
        where email in ('wrong.address@gmial.com', 'gone.player@gmail.com', 'right.address@gmail.com')`.execute(db);
      expect(kept.rows.map((r) => r.email)).toEqual(['right.address@gmail.com']);
    }
  });

  it('finds the same for a part so common that reading every row is cheaper than the index', async () => {
    // SQLite's bounded probe gives up past BROAD_SEARCH matches and reads every row: the rows cross
    // that edge. PostgreSQL has no such edge (its planner chooses from its statistics), but it needs
    // as many rows for the next test: with a tenth of them reading every purchase is the cheaper plan.
    const count = BROAD_SEARCH + 50;
    rarest = `common.${count - 1}@`;
    const many = Array.from({ length: count }, (_, i) => purchaseRow(`common.${i}@warung.id`));
    // A statement of 250 at a time, each its own transaction: one transaction would make PostgreSQL
    // walk every earlier update of the same rollup row for each purchase.
    for (let i = 0; i < many.length; i += 250)
      await db
        .insertInto('purchases')
        .values(many.slice(i, i + 250))
        .execute();
    const page = await listPurchases(db, { email: 'WARUNG' }, 3, 25);
    expect(page.totalCount).toBe(count);
    expect(page.transactions.map((p) => p.email)).toEqual((await substringMatches('warung')).slice(50, 75));
    const rare = await listPurchases(db, { email: rarest }, 1, 25);
    expect(rare.transactions.map((p) => p.email)).toEqual([`${rarest}warung.id`]);
  });

  it('answers a search of three characters or more from the index, not by reading every purchase', async () => {
    if (database.kind === 'postgres') {
      // With the statistics up to date, the planner finds a rare part's addresses among the distinct
      // ones (through their trigram index once there are enough of them to be worth it: the bench's
      // 40,000 are) and their purchases through (email, seq), never reading every purchase.
      await sql`analyze purchases`.execute(db);
      await sql`analyze purchase_emails`.execute(db);
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from purchases
        where email in (select email from purchase_emails where email ilike ${`%${rarest}%`})`.execute(db);
      const steps = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(steps).toMatch(/Index Only Scan using purchases_email_seq_idx/);
      expect(steps).not.toMatch(/Seq Scan on purchases/);
      return;
    }
    const plan = await sql<{ detail: string }>`explain query plan select count(*) from purchases
      where seq in (select rowid from purchase_email_search where purchase_email_search match '"example"')`.execute(db);
    const steps = plan.rows.map((r) => r.detail).join('\n');
    expect(steps).toMatch(/VIRTUAL TABLE INDEX/);
    expect(steps).not.toMatch(/^SCAN purchases$/m);
  });
});
