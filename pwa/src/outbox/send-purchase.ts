// The page's one purchase sender (purchase-sender.ts), wired to the kiosk's IndexedDB outbox (written
// with strict durability: a purchase accepted must survive a power cut) and the API client.
import type { CreatePurchaseBody, CreatePurchaseResponse } from '@courtreplay/shared';
import { db, type OutboxPurchase } from '../lib/db.ts';
import { moveJobFiles, rememberJobFiles } from './job-files.ts';
import { createPurchaseSender, type PurchaseOutboxStore } from './purchase-sender.ts';
import { postPurchase } from './server-calls.ts';

export type { QueuedPurchase, SendResult } from './purchase-sender.ts';

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** Only a purchase that needs no payment is sent without the player at the kiosk. */
export const isFreePurchase = (entry: OutboxPurchase) => entry.body.totalAmount === 0;

const dexieOutbox: PurchaseOutboxStore = {
  put: async (entry) => {
    await db.outbox.put(entry);
  },
  update: async (key, patch) => {
    await db.outbox.update(key, patch);
  },
  putWithJob: async (entry, job) => {
    await db.transaction('rw', db.outbox, db.uploads, async () => {
      await db.outbox.put(entry);
      await db.uploads.put(job);
    });
  },
  markSent: async (key, patch, placeholder, transactionId) => {
    await db.transaction('rw', db.outbox, db.uploads, async () => {
      await db.outbox.update(key, patch);
      const job = await db.uploads.get(placeholder);
      if (!job) return;
      await db.uploads.delete(placeholder);
      // A job already under the real id (the checkout sent it itself) wins.
      if (!(await db.uploads.get(transactionId))) await db.uploads.put({ ...job, transactionId, updatedAt: Date.now() });
    });
  },
};

const sender = createPurchaseSender({
  store: dexieOutbox,
  post: postPurchase,
  files: { remember: rememberJobFiles, move: moveJobFiles },
  now: () => Date.now(),
  random: Math.random,
});

export const sendPurchase = sender.sendPurchase;
export const queuePurchase = sender.queuePurchase;

/** The checkout's attempt (see PurchaseSender.submitPurchase); the same key is reused for a resend (the server dedupes). */
export const submitPurchase = (
  body: CreatePurchaseBody,
  staging: boolean,
  idempotencyKey = newIdempotencyKey(),
): Promise<CreatePurchaseResponse> => sender.submitPurchase(body, staging, idempotencyKey);
