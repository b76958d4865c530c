// The one way a purchase reaches the server. Every purchase is written to the outbox with its
// Idempotency-Key before it is sent; the checkout's first attempt and the drainer's retries both
// go through sendPurchase, so both record the outcome the same way (sent, parked for an operator,
// or queued again after the retry policy's backoff). A purchase that needs no payment may also be
// accepted without the network (enqueuePurchase): it and its clips' upload job are written in one
// transaction, then the drainer sends it (now, or when the network returns).
import type { CreatePurchaseBody, CreatePurchaseResponse } from '@courtreplay/shared';
import { ApiError } from '../lib/api-client.ts';
import { db, type OutboxPurchase } from '../lib/db.ts';
import { moveJobFiles, rememberJobFiles } from './job-files.ts';
import { outcomeOfStatus, retryDelayMs } from './retry-policy.ts';
import { postPurchase } from './server-calls.ts';
import { newUploadJob, pendingJobKey, type JobClipInput } from './upload-jobs.ts';

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** Only a purchase that needs no payment is sent without the player at the kiosk. */
export const isFreePurchase = (entry: OutboxPurchase) => entry.body.totalAmount === 0;

export type SendResult =
  | { outcome: 'done'; answer: CreatePurchaseResponse }
  /** status 0: the request never reached the server. */
  | { outcome: 'retry' | 'park'; status: number; message: string; error: unknown };

const newEntry = (idempotencyKey: string, body: CreatePurchaseBody, staging: boolean): OutboxPurchase => {
  const now = Date.now();
  return { idempotencyKey, body, staging, state: 'queued', attempts: 0, createdAt: now, nextAttemptAt: now };
};

/** Sends an outbox entry once and records the outcome on it; never throws for a refusal. */
export async function sendPurchase(entry: OutboxPurchase): Promise<SendResult> {
  const attempts = entry.attempts + 1;
  try {
    const answer = await postPurchase(entry.body, entry.idempotencyKey);
    await markSent(entry, answer.transaction.id, attempts);
    return { outcome: 'done', answer };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    const message = error instanceof Error ? error.message : String(error);
    const outcome = outcomeOfStatus(status) === 'park' ? 'park' : 'retry';
    await db.outbox.update(
      entry.idempotencyKey,
      outcome === 'park'
        ? { state: 'parked', attempts, lastError: message }
        : {
            state: 'queued',
            attempts,
            lastError: message || `status ${status}`,
            nextAttemptAt: Date.now() + retryDelayMs(attempts, Math.random()),
          },
    );
    return { outcome, status, message, error };
  }
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

/**
 * The checkout's attempt, with the player at the kiosk: stores the purchase, sends it, and throws
 * the server's refusal (or the network error) for the checkout to show. The same key is reused
 * for a resend (the server dedupes).
 */
export async function submitPurchase(
  body: CreatePurchaseBody,
  staging: boolean,
  idempotencyKey = newIdempotencyKey(),
): Promise<CreatePurchaseResponse> {
  const entry = newEntry(idempotencyKey, body, staging);
  await db.outbox.put(entry);
  const result = await sendPurchase(entry);
  if (result.outcome === 'done') return result.answer;
  throw result.error;
}

export interface QueuedPurchase {
  idempotencyKey: string;
  /** The upload job's key until the server names the purchase. */
  jobKey: string;
}

/** Stores a free purchase and its upload job for the drainer (runtime.ts's enqueuePurchase). */
export async function queuePurchase(
  body: CreatePurchaseBody,
  staging: boolean,
  upload: { folderName: string; clips: JobClipInput[] },
  idempotencyKey: string,
): Promise<QueuedPurchase> {
  if (body.totalAmount !== 0) throw new Error('Only a purchase that needs no payment can wait for the network');
  const jobKey = pendingJobKey(idempotencyKey);
  const entry = newEntry(idempotencyKey, body, staging);
  const job = newUploadJob(jobKey, upload.folderName, upload.clips);
  await db.transaction('rw', db.outbox, db.uploads, async () => {
    await db.outbox.put(entry);
    await db.uploads.put(job);
  });
  rememberJobFiles(
    jobKey,
    upload.clips.map((c) => c.file),
  );
  return { idempotencyKey, jobKey };
}
