// The one way a purchase reaches the server. Every purchase is written to the outbox with its
// Idempotency-Key before it is sent; the checkout's first attempt and the drainer's retries both
// go through sendPurchase, so both record the outcome the same way (sent, parked for an operator,
// or queued again after the retry policy's backoff). A purchase that needs no payment may also be
// accepted without the network (queuePurchase): it and its clips' upload job are written in one
// transaction, then the drainer sends it (now, or when the network returns).
// The outbox store, the server call, the clip files and the clock come in as deps, like
// createCheckout, so its rules run in Vitest; send-purchase.ts wires the browser's.
import { PURCHASE_MESSAGES, type CreatePurchaseBody, type CreatePurchaseResponse } from '@courtreplay/shared';
import { ApiError } from '../lib/api-client.ts';
import type { OutboxPurchase, UploadJob } from '../lib/db.ts';
import { outcomeOfStatus, retryDelayMs } from './retry-policy.ts';
import { newUploadJob, pendingJobKey, type JobClipInput } from './upload-jobs.ts';

export type SendResult =
  | { outcome: 'done'; answer: CreatePurchaseResponse }
  /** status 0: the request never reached the server. */
  | { outcome: 'retry' | 'park'; status: number; message: string; error: unknown };

export interface QueuedPurchase {
  idempotencyKey: string;
  /** The upload job's key until the server names the purchase. */
  jobKey: string;
}

/** Where outbox entries are kept (the kiosk's IndexedDB), with the two writes that must be atomic. */
export interface PurchaseOutboxStore {
  put(entry: OutboxPurchase): Promise<void>;
  update(idempotencyKey: string, patch: Partial<OutboxPurchase>): Promise<void>;
  /** Stores a purchase and its upload job together: neither without the other. */
  putWithJob(entry: OutboxPurchase, job: UploadJob): Promise<void>;
  /**
   * Marks the entry sent and moves its waiting upload job (under `placeholder`) to the purchase's
   * id, in one transaction; a job already under that id wins.
   */
  markSent(idempotencyKey: string, patch: Partial<OutboxPurchase>, placeholder: string, transactionId: string): Promise<void>;
}

export interface PurchaseSenderDeps {
  store: PurchaseOutboxStore;
  /** POST /api/transaction with the key; the server answers a repeated key with its first answer. */
  post(body: CreatePurchaseBody, idempotencyKey: string): Promise<CreatePurchaseResponse>;
  files: { remember(jobKey: string, files: File[]): void; move(from: string, to: string): void };
  now(): number;
  random(): number;
}

export interface PurchaseSender {
  /** Sends an outbox entry once and records the outcome on it; never throws for a refusal. */
  sendPurchase(entry: OutboxPurchase): Promise<SendResult>;
  /**
   * The checkout's attempt, with the player at the kiosk: stores the purchase, sends it, and throws
   * the server's refusal (or the network error) for the checkout to show.
   */
  submitPurchase(body: CreatePurchaseBody, staging: boolean, idempotencyKey: string): Promise<CreatePurchaseResponse>;
  /** Stores a free purchase and its upload job for the drainer. */
  queuePurchase(
    body: CreatePurchaseBody,
    staging: boolean,
    upload: { folderName: string; clips: JobClipInput[] },
    idempotencyKey: string,
  ): Promise<QueuedPurchase>;
}

export function createPurchaseSender(deps: PurchaseSenderDeps): PurchaseSender {
  const { store } = deps;
  const newEntry = (idempotencyKey: string, body: CreatePurchaseBody, staging: boolean): OutboxPurchase => {
    const now = deps.now();
    return { idempotencyKey, body, staging, state: 'queued', attempts: 0, createdAt: now, nextAttemptAt: now };
  };

  const sendPurchase = async (entry: OutboxPurchase): Promise<SendResult> => {
    const attempts = entry.attempts + 1;
    try {
      const answer = await deps.post(entry.body, entry.idempotencyKey);
      const placeholder = pendingJobKey(entry.idempotencyKey);
      const transactionId = answer.transaction.id;
      await store.markSent(
        entry.idempotencyKey,
        { state: 'sent', transactionId, attempts, lastError: undefined },
        placeholder,
        transactionId,
      );
      deps.files.move(placeholder, transactionId);
      return { outcome: 'done', answer };
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      const message = error instanceof Error ? error.message : String(error);
      // A phone-page token the server did not issue to this kiosk (drawn by an older build before
      // it was updated, or retired since): the purchase goes without it and the server draws one,
      // which the answer and the e-mail carry, rather than waiting parked for an operator.
      if (status === 400 && message === PURCHASE_MESSAGES.phoneTokenNotIssued && entry.body.phoneToken !== undefined) {
        const { phoneToken: _refused, ...body } = entry.body;
        await store.update(entry.idempotencyKey, { body });
        return sendPurchase({ ...entry, body });
      }
      const outcome = outcomeOfStatus(status) === 'park' ? 'park' : 'retry';
      await store.update(
        entry.idempotencyKey,
        outcome === 'park'
          ? { state: 'parked', attempts, lastError: message }
          : {
              state: 'queued',
              attempts,
              lastError: message || `status ${status}`,
              nextAttemptAt: deps.now() + retryDelayMs(attempts, deps.random()),
            },
      );
      return { outcome, status, message, error };
    }
  };

  return {
    sendPurchase,
    async submitPurchase(body, staging, idempotencyKey) {
      const entry = newEntry(idempotencyKey, body, staging);
      await store.put(entry);
      const result = await sendPurchase(entry);
      if (result.outcome === 'done') return result.answer;
      throw result.error;
    },
    async queuePurchase(body, staging, upload, idempotencyKey) {
      if (body.totalAmount !== 0) throw new Error('Only a purchase that needs no payment can wait for the network');
      const jobKey = pendingJobKey(idempotencyKey);
      await store.putWithJob(newEntry(idempotencyKey, body, staging), newUploadJob(jobKey, upload.folderName, upload.clips, deps.now()));
      deps.files.remember(
        jobKey,
        upload.clips.map((c) => c.file),
      );
      return { idempotencyKey, jobKey };
    },
  };
}
