// One pass of a background job at a time across instances (db/exclusive.ts): two instances are two
// connection pools on one PostgreSQL database here, each with its own payment reconciler.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Delivery, PaymentProvider } from '../adapters/ports.ts';
import { createPaymentReconciler, RECONCILE_MIN_AGE_MS } from '../payments/reconciler.ts';
import { purchaseWorld } from '../purchases/test-support.ts';
import { openPostgres, type Db } from './database.ts';
import { runExclusive } from './exclusive.ts';

let w: Awaited<ReturnType<typeof purchaseWorld>>;
let other: Db;

beforeEach(async () => {
  w = await purchaseWorld();
  other = openPostgres(w.t.databaseUrl, 5);
});
afterEach(async () => {
  await other.destroy();
  await w.t.close();
});

/** Resolves once `check` holds, polling the event loop (the gated pass runs meanwhile). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((tick) => setImmediate(tick));
}

describe('runExclusive on PostgreSQL', () => {
  it('skips a pass while another instance runs the same job, and runs it once that one is done', async () => {
    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    let running = false;
    const first = runExclusive(w.t.db, 'retention', async () => {
      running = true;
      await gate;
      return 'first';
    });
    await until(() => running);
    expect(await runExclusive(other, 'retention', async () => 'second')).toEqual({ ran: false });
    // Another job is not held up by it.
    expect(await runExclusive(other, 'maintenance', async () => 'other job')).toEqual({ ran: true, value: 'other job' });
    release();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await runExclusive(other, 'retention', async () => 'second')).toEqual({ ran: true, value: 'second' });
  });

  it('lets only one instance reconcile at a time: the provider is asked once about a pending purchase', async () => {
    const res = await w.buy(w.kioskA, w.body());
    expect(res.status).toBe(201);
    w.t.clock.advance(RECONCILE_MIN_AGE_MS + 1000);

    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    const asked: string[] = [];
    const payments: PaymentProvider = {
      ...w.payments,
      async fetchStatus(orderId) {
        asked.push(orderId);
        await gate;
        return 'pending';
      },
    };
    const delivery: Delivery = { purchaseChanged: async () => {}, resend: async () => {} };
    const deps = { ...w.t.deps, payments, delivery, logger: w.t.logger };
    const instanceA = createPaymentReconciler(deps);
    const instanceB = createPaymentReconciler({ ...deps, db: other });

    const passA = instanceA.tick();
    await until(() => asked.length === 1);
    expect(await instanceB.tick()).toEqual({ checked: 0, ended: 0 });
    release();
    expect(await passA).toEqual({ checked: 1, ended: 0 });
    expect(asked).toHaveLength(1);

    // Once A is done, B's passes run (the purchase is due again after its backoff).
    w.t.clock.advance(60 * 60_000);
    expect(await instanceB.tick()).toEqual({ checked: 1, ended: 0 });
    expect(asked).toHaveLength(2);
  });
});
