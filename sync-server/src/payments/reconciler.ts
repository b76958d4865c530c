// Asks the provider about every pending purchase older than a minute, on a schedule that backs off
// from the base interval (PAYMENT_RECONCILE_SECONDS) to an hour, kept in the database so a restart
// does not reset it. Midtrans stops retrying a notification after about 5.5 hours; without this
// a settled order whose notifications all failed would stay pending, or expire, and the player who
// paid would get nothing. Only the provider's own final state ends a purchase; an order the
// provider does not know (the player never chose a way to pay) expires after
// PENDING_PAYMENT_EXPIRY_MINUTES. A purchase that ended unpaid (the kiosk closed the form, our own
// expiry, a deny or cancel the player may retry past inside Snap's window) is checked again until
// that window plus SETTLEMENT_GRACE_MS has passed, since Midtrans may still settle it; it then ends
// in whichever state Midtrans ends in. A 429 from the provider ends the pass at once and pauses the
// reconciler for its Retry-After (else a doubling pause), rather than asking again per purchase.
// Safe beside the webhook: both go through one state machine.
import { runExclusive } from '../db/exclusive.ts';
import type { Logger } from 'pino';
import { ProviderRateLimitedError, type Clock, type Delivery, type PaymentProvider, type ProviderStatusDetail } from '../adapters/ports.ts';
import type { Db } from '../db/database.ts';
import { findDueForReconcile, scheduleReconcile } from '../purchases/service.ts';
import { applyProviderOutcome, SETTLEMENT_GRACE_MS } from './provider-outcome.ts';
import { checkStatus } from './status-check.ts';

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
  /** Set when the provider answered 429: the pass ended there, and no pass runs before this time. */
  pausedUntil?: string;
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
  // The provider's "slow down": kept here, so every pass of this instance honours it.
  const pause = { until: 0, strikes: 0 };
  // One pass at a time, in this instance and across instances (db/exclusive.ts): a slow provider
  // must not make passes pile up and ask twice. A pass another instance is running leaves nothing to do.
  const pass = async () => {
    if (deps.clock.now().getTime() < pause.until) return { checked: 0, ended: 0, pausedUntil: new Date(pause.until).toISOString() };
    const result = await runExclusive(deps.db, 'reconciler', () => reconcileDue(deps, pause));
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

async function reconcileDue(deps: ReconcilerDeps, pause: { until: number; strikes: number }): Promise<ReconcileSummary> {
  const now = deps.clock.now();
  const due = await findDueForReconcile(deps.db, {
    createdBefore: new Date(now.getTime() - RECONCILE_MIN_AGE_MS).toISOString(),
    unpaidSince: new Date(now.getTime() - deps.config.pendingPaymentExpiryMs - SETTLEMENT_GRACE_MS).toISOString(),
    now: now.toISOString(),
    limit: BATCH,
  });
  let ended = 0;
  let checked = 0;
  for (const purchase of due) {
    let answer: ProviderStatusDetail | undefined;
    try {
      answer = await checkStatus(deps.payments, purchase.id, purchase.isStaging === 1);
    } catch (err) {
      if (err instanceof ProviderRateLimitedError) {
        pause.strikes += 1;
        const wait = err.retryAfterMs ?? reconcileDelayMs(pause.strikes - 1, deps.config.reconcileIntervalMs);
        pause.until = now.getTime() + Math.min(Math.max(wait, 1_000), RECONCILE_MAX_DELAY_MS);
        const pausedUntil = new Date(pause.until).toISOString();
        deps.logger.warn({ checked, pausedUntil }, 'payment provider asked to slow down (429); reconciliation paused');
        return { checked, ended, pausedUntil };
      }
      deps.logger.warn({ err, orderId: purchase.id }, 'payment status query failed; will retry');
    }
    checked += 1;
    if (await reconcileOne(deps, purchase, answer, now)) ended += 1;
  }
  pause.strikes = 0;
  if (ended > 0) deps.logger.info({ checked, ended }, 'payment reconciliation ended pending purchases');
  return { checked, ended };
}

type DuePurchase = Awaited<ReturnType<typeof findDueForReconcile>>[number];

/** After the backoff delay, but never past `limit` (the expiry moment, the end of the grace), so those come on time. */
function nextCheck(deps: ReconcilerDeps, purchase: DuePurchase, now: Date, limit: number): Date {
  const backoff = now.getTime() + reconcileDelayMs(purchase.reconcileAttempts, deps.config.reconcileIntervalMs);
  return new Date(limit > now.getTime() ? Math.min(backoff, limit) : backoff);
}

/** True when the purchase's payment status changed. `answer` undefined: the provider could not be asked. */
async function reconcileOne(
  deps: ReconcilerDeps,
  purchase: DuePurchase,
  answer: ProviderStatusDetail | undefined,
  now: Date,
): Promise<boolean> {
  const windowEnd = Date.parse(purchase.createdAt) + deps.config.pendingPaymentExpiryMs;
  const outcomeDeps = { ...deps, paymentWindowMs: deps.config.pendingPaymentExpiryMs };
  const status = answer?.status;
  if (purchase.paymentStatus !== 'pending') {
    // Ended unpaid, yet the provider may still settle it until the window and its grace are over:
    // whatever final state it answers is taken (paid, or the other unpaid end).
    if (status === 'paid' || status === 'failed' || status === 'expired' || status === 'refunded') {
      const after = await applyProviderOutcome(outcomeDeps, purchase.id, status, now, answer ?? {});
      if (after !== purchase.paymentStatus) return true;
    }
    const graceEnd = windowEnd + SETTLEMENT_GRACE_MS;
    await scheduleReconcile(deps.db, purchase.id, purchase.reconcileAttempts + 1, nextCheck(deps, purchase, now, graceEnd).toISOString());
    return false;
  }
  const outcome = status === 'unknown' && windowEnd <= now.getTime() ? 'expired' : status;
  if (outcome === 'paid' || outcome === 'failed' || outcome === 'expired' || outcome === 'refunded') {
    return (await applyProviderOutcome(outcomeDeps, purchase.id, outcome, now, answer ?? {})) !== 'pending';
  }
  await scheduleReconcile(deps.db, purchase.id, purchase.reconcileAttempts + 1, nextCheck(deps, purchase, now, windowEnd).toISOString());
  return false;
}
