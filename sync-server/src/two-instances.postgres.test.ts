// Two server processes on one PostgreSQL database, as behind a load balancer:
// every exactly-once promise holds whichever instance a request reaches. Each instance has its own
// DATA_DIR, so nothing they share can hide in a file: the install secret, the simulator's
// knowledge, the throttle, the locks and the mail queue all live in the database.
// Runs in the PostgreSQL project only (vitest.config.ts): SQLite is one process's file.
import type { CreatePurchaseBody, CreatePurchaseResponse } from '@courtreplay/shared';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { hashPassword, OWASP_SCRYPT } from './auth/password.ts';
import { FREE_FAILURES } from './auth/service.ts';
import { findDelivery } from './delivery/queries.ts';
import { frozenClock } from './testing/clock.ts';
import { openTestDatabase, type TestDatabase } from './testing/database.ts';
import { createSeeder, type SeededAdmin } from './testing/seed.ts';
import { startServerProcess, type ServerProcess } from './testing/server-process.ts';

const PRICE = 10_000;
const dirs: string[] = [];
let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
let kiosk: { headers: Record<string, string> };
let admin: SeededAdmin;

beforeAll(async () => {
  database = await openTestDatabase(mkdtempSync(join(tmpdir(), 'courtreplay-two-')));
  const seed = createSeeder(database.db, frozenClock(), 3_600_000);
  const venue = await seed.venue({ name: 'Arena' });
  const court = await seed.field({ venueId: venue.id, name: 'Court 1' });
  kiosk = await seed.device({ venueId: venue.id, fieldId: court.id });
  admin = await seed.admin({ role: 'super_admin', email: 'owner@example.com', password: 'a-long-password-1' });
  await seed.config('DEFAULT_PRICE', String(PRICE));
  dirs.push(mkdtempSync(join(tmpdir(), 'courtreplay-instance-')), mkdtempSync(join(tmpdir(), 'courtreplay-instance-')));
  [a, b] = await Promise.all([startInstance(dirs[0]!), startInstance(dirs[1]!)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const startInstance = (dataDir: string) =>
  startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: database.url, PAYMENT_PROVIDER: 'simulator' });

/** Alternates between the instances: even requests to a, odd to b. */
const instance = (i: number) => (i % 2 === 0 ? a : b);

function body(overrides: Partial<CreatePurchaseBody> = {}): CreatePurchaseBody {
  return {
    email: 'player@example.com',
    videoIds: ['1732080000000_clip_one.mp4'],
    videoTitles: ['clip one'],
    totalAmount: PRICE,
    ...overrides,
  } as CreatePurchaseBody;
}

function buy(server: ServerProcess, purchase: CreatePurchaseBody, idempotencyKey: string) {
  return fetch(`${server.url}/api/transaction`, {
    method: 'POST',
    headers: { ...kiosk.headers, 'Content-Type': 'application/json', 'Idempotency-Key': JSON.stringify(idempotencyKey) },
    body: JSON.stringify(purchase),
  });
}

describe('two instances on one PostgreSQL', () => {
  it('use a promo with a quota of 3 at most 3 times over 40 concurrent purchases spread over both', async () => {
    const seed = createSeeder(database.db, frozenClock(), 3_600_000);
    const promo = await seed.promo({ code: 'TIGA', amount: 2_000, quota: 3 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        buy(instance(i), body({ email: `p${i}@example.com`, promoCode: 'TIGA', totalAmount: PRICE - 2_000 }), `promo-${i}`),
      ),
    );
    const statuses = answers.map((res) => res.status);
    // Every request is answered: a sale with the promo, or the promo's refusal; never a 500.
    expect(statuses.every((s) => s === 201 || s === 409 || s === 400)).toBe(true);
    const withPromo = await database.db.selectFrom('purchases').select('id').where('promoId', '=', promo.id).execute();
    const stored = await database.db.selectFrom('promo_codes').select('used').where('id', '=', promo.id).executeTakeFirstOrThrow();
    expect(withPromo).toHaveLength(3);
    expect(stored.used).toBe(3);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
  });

  it('create one purchase for one Idempotency-Key sent to both at once', async () => {
    const purchase = body({ email: 'twice@example.com' });
    const answers = await Promise.all([buy(a, purchase, 'same-key'), buy(b, purchase, 'same-key')]);
    const stored = await database.db.selectFrom('purchases').select('id').where('email', '=', 'twice@example.com').execute();
    expect(stored).toHaveLength(1);
    // One made it; the other got it too, or was told the first is still running (the kiosk retries).
    const statuses = answers.map((res) => res.status).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    const retried = (await (await buy(b, purchase, 'same-key')).json()) as CreatePurchaseResponse;
    expect(retried.transaction.id).toBe(stored[0]!.id);
  });

  it('send exactly one e-mail for a paid purchase whose payment and link reach different instances', async () => {
    const made = (await (await buy(a, body({ email: 'once@example.com' }), 'mail-once')).json()) as CreatePurchaseResponse;
    const id = made.transaction.id;
    // The token a made is good on b: the simulator's seal comes from the shared install secret.
    const folder = await fetch(`${b.url}/api/google-drive/create-folder`, {
      method: 'POST',
      headers: { ...kiosk.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ folderName: 'once', purchaseId: id }),
    });
    expect(folder.status).toBe(200);
    const { folderUrl } = (await folder.json()) as { folderUrl: string };
    const pay = (server: ServerProcess) => fetch(`${server.url}/api/payment/simulator/${made.payment!.token}/success`, { method: 'POST' });
    const link = (server: ServerProcess) =>
      fetch(`${server.url}/api/transaction/${id}/zipUrl`, {
        method: 'PUT',
        headers: { ...kiosk.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ zipUrl: folderUrl, error: false }),
      });
    // The notification arrives twice (Midtrans retries), once at each instance, with the link between.
    const answers = await Promise.all([pay(b), link(a), pay(a), link(b)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);

    await expect.poll(async () => (await emailStatus(id)).emailStatus, { timeout: 60_000, interval: 100 }).toBe('sent');
    await Promise.all([a.stop(), b.stop()]); // nothing still sending can add a second e-mail unseen
    const sent = dirs.flatMap((dir) => outboxMessages(dir)).filter((message) => message.includes(id));
    expect(sent).toHaveLength(1);
    expect(await findDelivery(database.db, 'email_deliveries', id)).toMatchObject({ attempts: 1 });
    [a, b] = await Promise.all([startInstance(dirs[0]!), startInstance(dirs[1]!)]);
  });

  it('count failed logins made on either instance toward one throttle', async () => {
    const login = (server: ServerProcess, password: string) =>
      fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: admin.email, password }),
      });
    for (let i = 0; i < FREE_FAILURES - 1; i++) expect((await login(instance(i), 'wrong-password')).status).toBe(401);
    // The last free failure is checked against an OWASP hash, as a real admin's is (a second or
    // more), and the next two tries are sent while it runs: they wait for it and are decided as of
    // their arrival, so however slow this machine is, the first wait (1 s) cannot run out first.
    const setHash = (passwordHash: string) => database.db.updateTable('admins').set({ passwordHash }).where('id', '=', admin.id).execute();
    const { passwordHash: cheap } = await database.db
      .selectFrom('admins')
      .select('passwordHash')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    await setHash(await hashPassword(admin.password, OWASP_SCRYPT));
    onTestFinished(() => setHash(cheap).then(() => undefined));
    const fifth = login(instance(FREE_FAILURES - 1), 'wrong-password');
    const checking = () =>
      database.db.selectFrom('login_attempts').select('id').where('email', '=', admin.email).where('pending', '=', 1).execute();
    await expect.poll(async () => (await checking()).length, { timeout: 60_000, interval: 5 }).toBe(1);
    // The next tries wait, on both: neither instance kept its own count.
    const [sixth, right] = await Promise.all([login(a, 'wrong-password'), login(b, admin.password)]);
    expect((await fifth).status).toBe(401);
    expect(sixth.status).toBe(429);
    expect(right.status).toBe(429);
  });

  it('check at most the limit of 30 simultaneous wrong passwords spread over both instances; correct ones all pass', async () => {
    const other = await createSeeder(database.db, frozenClock(), 3_600_000).admin({
      email: 'night@example.com',
      password: 'night-shift-pass-2',
    });
    const login = (server: ServerProcess, password: string) =>
      fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: other.email, password }),
      });
    const right = await Promise.all(Array.from({ length: 10 }, (_, i) => login(instance(i), other.password)));
    expect(right.map((r) => r.status)).toEqual(Array(10).fill(200));
    const wrong = await Promise.all(Array.from({ length: 30 }, (_, i) => login(instance(i), `guess-${i}`)));
    const statuses = wrong.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - FREE_FAILURES);
  });
});

async function emailStatus(id: string) {
  return database.db.selectFrom('purchases').select(['emailStatus']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** The .eml files an instance's outbox mailer wrote (none yet: no folder). */
function outboxMessages(dataDir: string): string[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'));
}
