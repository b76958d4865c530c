// Retries the purchases waiting in the outbox (send-purchase.ts writes them) until the server has
// them: exactly once, because every attempt carries the entry's Idempotency-Key and the server
// answers a repeated key with the first answer. What is retried and when is retry-policy.ts's; an
// entry the server refuses for good is parked for an operator and reported to the back-office.
// Drains run on start-up, on the `online` event, and periodically (runtime.ts); one at a time.
import { db, type OutboxPurchase } from '../lib/db.ts';
import { isOnline } from '../offline/network.ts';
import { queueParkedReport } from './reports.ts';
import { isFreePurchase, sendPurchase } from './send-purchase.ts';
import { pendingJobKey } from './upload-jobs.ts';

/** A paid purchase whose request never arrived: nobody will pay for it after this long. */
export const ABANDONED_PAID_AFTER_MS = 10 * 60_000;
/** A fresh entry of this page that the checkout itself is sending: leave it to the checkout. */
const CHECKOUT_SENDS_FOR_MS = 30_000;
const pageStartedAt = Date.now();
/** Entries queued offline (enqueuePurchase), which the drainer sends at once. */
const ownEntries = new Set<string>();

export function claimForDrainer(idempotencyKey: string): void {
  ownEntries.add(idempotencyKey);
}

export interface DrainReport {
  sent: string[];
  parked: string[];
  retrying: number;
}

/** Whether the drainer may send this entry now (pure: exported for tests). */
export function isDue(entry: OutboxPurchase, now: number, force: boolean, claimed = ownEntries.has(entry.idempotencyKey)): boolean {
  if (entry.state !== 'queued') return false;
  const checkoutIsSending =
    !claimed && entry.attempts === 0 && entry.createdAt >= pageStartedAt && now - entry.createdAt < CHECKOUT_SENDS_FOR_MS;
  if (checkoutIsSending) return false;
  return force || entry.nextAttemptAt <= now;
}

let running: Promise<DrainReport> | null = null;
let again = false;
let againForced = false;

/**
 * Sends every due entry. `force` ignores the backoff (the network just came back: the reason to
 * wait is gone). A call during a drain runs one more drain right after it.
 */
export function drainOutbox(options: { force?: boolean; onSent?: (transactionIds: string[]) => void } = {}): Promise<DrainReport> {
  if (running) {
    again = true;
    againForced ||= !!options.force;
    return running;
  }
  running = (async () => {
    const total: DrainReport = { sent: [], parked: [], retrying: 0 };
    let force = !!options.force;
    do {
      again = false;
      const r = await drainOnce(force);
      total.sent.push(...r.sent);
      total.parked.push(...r.parked);
      total.retrying = r.retrying;
      force = againForced;
      againForced = false;
    } while (again);
    return total;
  })().finally(() => {
    running = null;
  });
  void running.then((r) => r.sent.length && options.onSent?.(r.sent));
  return running;
}

async function drainOnce(force: boolean): Promise<DrainReport> {
  const report: DrainReport = { sent: [], parked: [], retrying: 0 };
  if (!isOnline()) return report;
  const now = Date.now();
  const queued = (await db.outbox.where('state').equals('queued').toArray()).sort((a, b) => a.createdAt - b.createdAt);
  for (const entry of queued) {
    if (!isFreePurchase(entry)) {
      // A paid purchase needs the player at the kiosk to pay: sent later, it would only be an
      // unpaid order. The checkout keeps its own key for a retry while the player is there.
      if (now - entry.createdAt > ABANDONED_PAID_AFTER_MS) await db.outbox.delete(entry.idempotencyKey);
      continue;
    }
    if (!isDue(entry, now, force)) {
      report.retrying++;
      continue;
    }
    const outcome = await sendEntry(entry);
    if (outcome === 'done') report.sent.push(entry.idempotencyKey);
    else if (outcome === 'park') report.parked.push(entry.idempotencyKey);
    else {
      report.retrying++;
      if (!isOnline() || outcome === 'offline') break;
    }
  }
  return report;
}

async function sendEntry(entry: OutboxPurchase): Promise<'done' | 'park' | 'retry' | 'offline'> {
  const result = await sendPurchase(entry);
  if (result.outcome === 'done') return 'done';
  if (result.outcome === 'retry') return result.status === 0 ? 'offline' : 'retry';
  // Nobody is at the kiosk to read the refusal: the back-office is told, and the clips wait no more.
  const parkedAt = Date.now();
  const { body } = entry;
  await queueParkedReport({
    idempotencyKey: entry.idempotencyKey,
    reason: result.message || `Refused with status ${result.status}`,
    status: result.status,
    attempts: entry.attempts + 1,
    email: (body.email ?? body.phone ?? '').slice(0, 254),
    videoCount: body.videoIds.length,
    totalAmount: body.totalAmount,
    isStaging: entry.staging,
    queuedAt: new Date(entry.createdAt).toISOString(),
    parkedAt: new Date(parkedAt).toISOString(),
  });
  await db.uploads.update(pendingJobKey(entry.idempotencyKey), { state: 'failed', lastError: result.message, updatedAt: parkedAt });
  return 'park';
}
