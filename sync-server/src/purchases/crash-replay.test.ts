// The real server is killed (SIGKILL) after the purchase insert committed and before the
// answer went out (it waits on a Snap server that never answers), restarted, and the kiosk's retry
// with the same Idempotency-Key and body gets that purchase: one row, one Midtrans order id.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { openTestDatabase } from '../testing/database.ts';
import { frozenClock } from '../testing/clock.ts';
import { createSeeder } from '../testing/seed.ts';
import { startServerProcess } from '../testing/server-process.ts';

const PRICE = 10_000;

/** A Snap double: holds every create request until `answering` is set, then answers with a token. */
function fakeSnap() {
  const orderIds: string[] = [];
  const held: ServerResponse[] = [];
  const state = { answering: false, onRequest: () => {} };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      orderIds.push((JSON.parse(raw) as { transaction_details: { order_id: string } }).transaction_details.order_id);
      state.onRequest();
      if (!state.answering) return void held.push(res);
      res
        .writeHead(201, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ token: 'snap-token-1', redirect_url: 'https://snap.example/pay' }));
    });
  });
  return { server, orderIds, state, held };
}

describe('a crash or a stop between the purchase insert and the answer', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const clean of cleanups.reverse()) await clean();
    cleanups.length = 0;
  });

  /** A database with a kiosk and a price, a Snap double, and the server's environment pointing at both. */
  async function world() {
    const dataDir = mkdtempSync(join(tmpdir(), 'courtreplay-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = await openTestDatabase(dataDir);
    const db: Db = database.db;
    cleanups.push(() => database.drop());
    const seed = createSeeder(db, frozenClock(), 3_600_000);
    const venue = await seed.venue({ name: 'Arena' });
    const kiosk = await seed.device({ venueId: venue.id });
    await seed.config('DEFAULT_PRICE', String(PRICE));

    const snap = fakeSnap();
    snap.server.listen(0, '127.0.0.1');
    await once(snap.server, 'listening');
    cleanups.push(() => {
      snap.held.forEach((res) => res.destroy());
      return new Promise<void>((done) => snap.server.close(() => done()));
    });
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      PAYMENT_PROVIDER: 'midtrans',
      MIDTRANS_SERVER_KEY: 'Mid-server-test',
      MIDTRANS_CLIENT_KEY: 'Mid-client-test',
      MIDTRANS_SNAP_URL: `http://127.0.0.1:${(snap.server.address() as AddressInfo).port}`,
    };
    const body = {
      email: 'player@example.com',
      videoIds: ['1732080000000_a.mp4'],
      videoTitles: ['a'],
      totalAmount: PRICE,
      venueId: venue.id,
      fieldId: null,
      promoId: null,
      promoCode: null,
      isStaging: false,
    };
    const buy = (url: string) =>
      fetch(`${url}/api/transaction`, {
        method: 'POST',
        headers: { ...kiosk.headers, 'Content-Type': 'application/json', 'Idempotency-Key': '"outbox-crash-1"' },
        body: JSON.stringify(body),
      });

    return { db, snap, env, buy };
  }

  it('is answered on the retry with that purchase: one row, one order id, no 409', async () => {
    const { db, snap, env, buy } = await world();

    const first = await startServerProcess(env);
    cleanups.push(() => void first.child.kill('SIGKILL'));
    const snapAsked = new Promise<void>((done) => (snap.state.onRequest = done));
    const lost = buy(first.url).catch(() => 'no answer' as const);
    await snapAsked;
    // The purchase committed before Snap was asked; the answer has not been sent.
    const rows = await db.selectFrom('purchases').select(['id', 'paymentToken']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.paymentToken).toBeNull();
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    expect(await lost).toBe('no answer');

    snap.state.answering = true;
    const second = await startServerProcess(env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    const retry = await buy(second.url);
    expect(retry.status).toBe(201);
    const answer = (await retry.json()) as { transaction: { id: string }; payment: { token: string } | null };
    expect(answer.transaction.id).toBe(rows[0]!.id);
    expect(answer.payment?.token).toBe('snap-token-1');
    expect(await db.selectFrom('purchases').select('id').execute()).toHaveLength(1);
    // Snap saw one order id, asked again for the same purchase after the restart.
    expect(snap.orderIds).toEqual([rows[0]!.id, rows[0]!.id]);

    // And a later retry replays the now-stored answer.
    const again = await buy(second.url);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(answer);
  });

  it('is not made by a stop (SIGTERM): the purchase in progress gets its answer before the process exits', async () => {
    const { db, snap, env, buy } = await world();
    const server = await startServerProcess(env);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    const snapAsked = new Promise<void>((done) => (snap.state.onRequest = done));
    const inProgress = buy(server.url);
    await snapAsked;
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    // The stop waits for the request: Snap answers after the signal, and the answer still goes out.
    snap.state.answering = true;
    snap.held
      .splice(0)
      .forEach((res) =>
        res
          .writeHead(201, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ token: 'snap-token-1', redirect_url: 'https://snap.example/pay' })),
      );
    const answer = await inProgress;
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as { payment: { token: string } }).payment.token).toBe('snap-token-1');
    expect(await exited).toEqual([0, null]);
    // Each stage of the stop is logged, so a slow one says what it waited for.
    expect(server.output()).toContain('stopping: every connection is closed, waiting for the sends in progress');
    expect(server.output()).toContain('stopping: no send in progress, closing the database');
    expect(server.output()).toContain('stopped: every request in progress was answered');
    expect(await db.selectFrom('purchases').select('paymentToken').execute()).toEqual([{ paymentToken: 'snap-token-1' }]);
  });
});
