// Sends the purchases waiting in the Dexie outbox (lib/outbox.ts writes them) to the server:
// exactly once, because every attempt carries the entry's Idempotency-Key and the server answers a
// repeated key with the first answer. A network failure, a 5xx or a 409 ("the first request is
// still running") is retried with backoff and jitter; any other 4xx parks the entry for an
// operator and reports it to the back-office. Drains run on start-up, on the `online` event, and
// periodically (offline-runtime.ts); one drain at a time.
import { api, ApiError } from '../lib/api-client.ts';
import { db, type OutboxPurchase } from '../lib/db.ts';
import type { PurchaseAnswer } from '../lib/outbox.ts';
import { moveJobFiles } from './clip-files.ts';
import { isOnline } from './network.ts';
import { queueParkedReport } from './reports.ts';
import { outcomeOfStatus, retryDelayMs } from './retry-policy.ts';

/** The upload job of a purchase accepted offline, until the server names the purchase. */
export const pendingJobKey = (idempotencyKey: string) => `pending:${idempotencyKey}`;
export const isPendingJobKey = (key: string) => key.startsWith('pending:');

/** A paid purchase whose request never arrived: nobody will pay for it after this long. */
export const ABANDONED_PAID_AFTER_MS = 10 * 60_000;
/** A fresh entry of this page that the checkout itself is sending: leave it to the checkout. */
const CHECKOUT_SENDS_FOR_MS = 30_000;
const pageStartedAt = Date.now();
/** Entries this module queued (enqueuePurchase), which the drainer sends at once. */
const ownEntries = new Set<string>();

export function claimForDrainer(idempotencyKey: string): void {
  ownEntries.add(idempotencyKey);
}

export interface DrainReport {
  sent: string[];
  parked: string[];
  retrying: number;
}

const isFree = (entry: OutboxPurchase) => (entry.body as { totalAmount?: unknown } | null)?.totalAmount === 0;

/** Whether the drainer may send this entry now (pure: exported for tests). */
export function isDue(entry: OutboxPurchase, now: number, force: boolean, claimed = ownEntries.has(entry.idempotencyKey)): boolean {
  if (entry.state !== 'queued') return false;
  const checkoutIsSending = !claimed && entry.attempts === 0 && entry.createdAt >= pageStartedAt && now - entry.createdAt < CHECKOUT_SENDS_FOR_MS;
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
    if (!isFree(entry)) {
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
  let answer: PurchaseAnswer | undefined;
  let status: number;
  let message = '';
  try {
    answer = await api<PurchaseAnswer>('/transaction', { method: 'POST', body: entry.body, headers: { 'Idempotency-Key': entry.idempotencyKey } });
    status = 200;
  } catch (e) {
    status = e instanceof ApiError ? e.status : 0;
    message = e instanceof Error ? e.message : String(e);
  }
  const attempts = entry.attempts + 1;
  const outcome = outcomeOfStatus(status);
  if (outcome === 'done' && answer) {
    await markSent(entry, answer.transaction.id, attempts);
    return 'done';
  }
  if (outcome === 'park') {
    const parkedAt = Date.now();
    await db.outbox.update(entry.idempotencyKey, { state: 'parked', attempts, lastError: message });
    const body = entry.body as { email?: string; videoIds?: unknown[]; totalAmount?: number; isStaging?: boolean };
    await queueParkedReport({
      idempotencyKey: entry.idempotencyKey,
      reason: message || `Refused with status ${status}`,
      status,
      attempts,
      email: String(body.email ?? '').slice(0, 254),
      videoCount: Array.isArray(body.videoIds) ? body.videoIds.length : 0,
      totalAmount: body.totalAmount ?? 0,
      isStaging: entry.staging,
      queuedAt: new Date(entry.createdAt).toISOString(),
      parkedAt: new Date(parkedAt).toISOString(),
    });
    await db.uploads.update(pendingJobKey(entry.idempotencyKey), { state: 'failed', lastError: message, updatedAt: parkedAt });
    return 'park';
  }
  await db.outbox.update(entry.idempotencyKey, {
    attempts,
    lastError: message || `status ${status}`,
    nextAttemptAt: Date.now() + retryDelayMs(attempts, Math.random()),
  });
  return status === 0 ? 'offline' : 'retry';
}

/** Marks the entry sent and gives its waiting upload job the purchase's id, in one transaction. */
async function markSent(entry: OutboxPurchase, transactionId: string, attempts: number): Promise<void> {
  const placeholder = pendingJobKey(entry.idempotencyKey);
  await db.transaction('rw', db.outbox, db.uploads, async () => {
    await db.outbox.update(entry.idempotencyKey, { state: 'sent', transactionId, attempts, lastError: undefined });
    const job = await db.uploads.get(placeholder);
    if (!job) return;
    await db.uploads.delete(placeholder);
    // A job already under the real id (the checkout sent it itself) wins.
    if (!(await db.uploads.get(transactionId))) await db.uploads.put({ ...job, transactionId, updatedAt: Date.now() });
  });
  moveJobFiles(placeholder, transactionId);
}
