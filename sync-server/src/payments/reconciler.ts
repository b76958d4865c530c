// Asks the provider about every pending purchase older than a minute, on a schedule that backs off
// from the base interval (PAYMENT_RECONCILE_SECONDS) to an hour, kept in the database so a restart
// does not reset it. Midtrans stops retrying a notification after about 5.5 hours; without this
// a settled order whose notifications all failed would stay pending, or expire, and the player who
// paid would get nothing. Only the provider's own final state ends a purchase; an order the
// provider does not know (the player never chose a way to pay) expires after
// PENDING_PAYMENT_EXPIRY_MINUTES. A purchase the kiosk closed (abandoned, 'expired') is watched
// through the same window, since the player may have paid just before closing the form.
// Safe beside the webhook: both go through one state machine.
import { runExclusive } from '../db/exclusive.ts';
import type { Logger } from 'pino';
import type { Clock, Delivery, PaymentProvider } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import { findDueForReconcile, scheduleReconcile } from '../purchases/queries.ts';
import { applyProviderOutcome } from './provider-outcome.ts';

export interface ReconcilerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  payments: PaymentProvider;
  delivery: Delivery;
  config: { reconcileIntervalMs: number; pendingPaymentExpiryMs: number };
}

export interface ReconcileSummary {
  checked: number;
  ended: number;
}

/** A purchase younger than this is left to the notification that is surely on its way. */
export const RECONCILE_MIN_AGE_MS = 60_000;
export const RECONCILE_MAX_DELAY_MS = 3_600_000;
const BATCH = 100;

/** Delay before the next check after `attempts` checks: base, 2x, 4x, ... capped at an hour. */
export function reconcileDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.min(attempts, 20), RECONCILE_MAX_DELAY_MS);
}

export interface PaymentReconciler {
  /** One pass over the due purchases; the timer calls it, tests call it with a frozen clock. */
  tick(): Promise<ReconcileSummary>;
  /** Starts the timer at the base interval; returns the function that stops it. */
  start(): () => void;
}

export function createPaymentReconciler(deps: ReconcilerDeps): PaymentReconciler {
  let running: Promise<ReconcileSummary> | undefined;
  // One pass at a time, in this instance and across instances (db/exclusive.ts): a slow provider
  // must not make passes pile up and ask twice. A pass another instance is running leaves nothing to do.
  const pass = async () => {
    const result = await runExclusive(deps.db, 'reconciler', () => reconcileDue(deps));
    return result.ran ? result.value : { checked: 0, ended: 0 };
  };
  const tick = () => (running ??= pass().finally(() => (running = undefined)));
  return {
    tick,
    start() {
      const timer = setInterval(
        () => void tick().catch((err: unknown) => deps.logger.error({ err }, 'payment reconciliation failed')),
        deps.config.reconcileIntervalMs,
      );
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

async function reconcileDue(deps: ReconcilerDeps): Promise<ReconcileSummary> {
  const now = deps.clock.now();
  const due = await findDueForReconcile(deps.db, {
    createdBefore: new Date(now.getTime() - RECONCILE_MIN_AGE_MS).toISOString(),
    closedSince: new Date(now.getTime() - deps.config.pendingPaymentExpiryMs).toISOString(),
    now: now.toISOString(),
    limit: BATCH,
  });
  let ended = 0;
  for (const purchase of due) if (await reconcileOne(deps, purchase, now)) ended += 1;
  if (ended > 0) deps.logger.info({ checked: due.length, ended }, 'payment reconciliation ended pending purchases');
  return { checked: due.length, ended };
}

/** After the backoff delay, but never past the expiry moment, so an unknown order expires on time. */
function nextCheck(deps: ReconcilerDeps, purchase: DuePurchase, now: Date): Date {
  const backoff = now.getTime() + reconcileDelayMs(purchase.reconcileAttempts, deps.config.reconcileIntervalMs);
  const expiry = Date.parse(purchase.createdAt) + deps.config.pendingPaymentExpiryMs;
  return new Date(expiry > now.getTime() ? Math.min(backoff, expiry) : backoff);
}

type DuePurchase = Awaited<ReturnType<typeof findDueForReconcile>>[number];

/** True when the purchase's payment status changed. */
async function reconcileOne(deps: ReconcilerDeps, purchase: DuePurchase, now: Date): Promise<boolean> {
  const status = await deps.payments.fetchStatus(purchase.id, purchase.isStaging === 1).catch((err: unknown) => {
    deps.logger.warn({ err, orderId: purchase.id }, 'payment status query failed; will retry');
    return undefined;
  });
  const windowEnd = Date.parse(purchase.createdAt) + deps.config.pendingPaymentExpiryMs;
  if (purchase.paymentStatus === 'expired') {
    // Closed at the kiosk, yet the player may have paid just before: only a payment changes it.
    if (status === 'paid') return (await applyProviderOutcome(deps, purchase.id, 'paid', now)) === 'paid';
    const final = status === 'failed' || status === 'expired';
    await scheduleReconcile(
      deps.db,
      purchase.id,
      purchase.reconcileAttempts + 1,
      (final ? new Date(windowEnd) : nextCheck(deps, purchase, now)).toISOString(),
    );
    return false;
  }
  const outcome = status === 'unknown' && windowEnd <= now.getTime() ? 'expired' : status;
  if (outcome === 'paid' || outcome === 'failed' || outcome === 'expired') {
    return (await applyProviderOutcome(deps, purchase.id, outcome, now)) !== 'pending';
  }
  await scheduleReconcile(deps.db, purchase.id, purchase.reconcileAttempts + 1, nextCheck(deps, purchase, now).toISOString());
  return false;
}
