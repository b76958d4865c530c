// The purchase sender's rules with its outbox in memory (the records IndexedDB keeps, so a new
// sender over it is a restarted kiosk), a server double that dedupes Idempotency-Keys as ours does,
// and a clock the test sets.
import { PURCHASE_MESSAGES, type CreatePurchaseBody, type CreatePurchaseResponse } from '@courtreplay/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import type { OutboxPurchase, UploadJob } from '../lib/db.ts';
import { createPurchaseSender, type PurchaseOutboxStore } from './purchase-sender.ts';
import { RETRY_BASE_MS } from './retry-policy.ts';
import { newUploadJob, pendingJobKey } from './upload-jobs.ts';

const FREE: CreatePurchaseBody = { email: 'player@example.com', videoIds: ['v1'], totalAmount: 0, isStaging: false };

function memoryOutbox() {
  const outbox = new Map<string, OutboxPurchase>();
  const uploads = new Map<string, UploadJob>();
  const store: PurchaseOutboxStore = {
    put: async (entry) => void outbox.set(entry.idempotencyKey, structuredClone(entry)),
    update: async (key, patch) => {
      const entry = outbox.get(key);
      if (entry) outbox.set(key, { ...entry, ...patch });
    },
    putWithJob: async (entry, job) => {
      outbox.set(entry.idempotencyKey, structuredClone(entry));
      uploads.set(job.transactionId, structuredClone(job));
    },
    markSent: async (key, patch, placeholder, transactionId) => {
      await store.update(key, patch);
      const job = uploads.get(placeholder);
      if (!job) return;
      uploads.delete(placeholder);
      if (!uploads.has(transactionId)) uploads.set(transactionId, { ...job, transactionId });
    },
  };
  return { store, outbox, uploads };
}

/** Our server as the kiosk sees it: one purchase per Idempotency-Key, the first answer repeated. */
function server() {
  const purchases = new Map<string, CreatePurchaseResponse>();
  const refusals: unknown[] = [];
  let loseNextAnswer = false;
  return {
    purchases,
    refusals,
    loseNextAnswer: () => void (loseNextAnswer = true),
    post: async (_body: CreatePurchaseBody, key: string): Promise<CreatePurchaseResponse> => {
      const refusal = refusals.shift();
      if (refusal !== undefined) throw refusal;
      if (!purchases.has(key))
        purchases.set(key, {
          transaction: { id: `CR-${purchases.size + 1}` },
          phoneUrl: 'https://replay.example/p/t',
        } as CreatePurchaseResponse);
      if (loseNextAnswer) {
        loseNextAnswer = false;
        throw new ApiError(0, 'Failed to fetch', null);
      }
      return purchases.get(key)!;
    },
  };
}

function kiosk(outbox = memoryOutbox(), srv = server()) {
  let now = 1_000_000;
  const moved: string[] = [];
  const sender = createPurchaseSender({
    store: outbox.store,
    post: srv.post,
    files: { remember: () => undefined, move: (from, to) => void moved.push(`${from} -> ${to}`) },
    now: () => now,
    random: () => 0.5,
  });
  return { ...outbox, srv, sender, moved, now: () => now, advance: (ms: number) => void (now += ms) };
}

const clip = { file: new File([new Uint8Array(10)], 'Rally-1.mp4'), uploadName: 'Rally-1.mp4', mimeType: 'video/mp4' };

describe('the purchase sender', () => {
  it('stores the purchase before sending it, then records it sent with the id the server gave', async () => {
    const k = kiosk();
    const answer = await k.sender.submitPurchase({ ...FREE, totalAmount: 10_000 }, false, 'key-1');
    expect(answer.transaction.id).toBe('CR-1');
    expect(k.outbox.get('key-1')).toMatchObject({ state: 'sent', transactionId: 'CR-1', attempts: 1 });
  });

  it('retries what may succeed later (no network, 5xx, 409 still running, 429) after a growing backoff, and parks a plain refusal', async () => {
    const k = kiosk();
    k.srv.refusals.push(new ApiError(0, 'Failed to fetch', null), new ApiError(503, 'busy', null));
    await expect(k.sender.submitPurchase(FREE, false, 'key-1')).rejects.toMatchObject({ status: 0 });
    const first = k.outbox.get('key-1')!;
    expect(first).toMatchObject({ state: 'queued', attempts: 1, lastError: 'Failed to fetch' });
    const firstWait = first.nextAttemptAt - k.now();
    expect(firstWait).toBe(RETRY_BASE_MS * 0.75);
    expect(await k.sender.sendPurchase(first)).toMatchObject({ outcome: 'retry', status: 503 });
    const second = k.outbox.get('key-1')!;
    expect(second.nextAttemptAt - k.now()).toBe(2 * firstWait);

    for (const status of [409, 429, 500]) {
      k.srv.refusals.push(new ApiError(status, 'later', null));
      expect((await k.sender.sendPurchase(k.outbox.get('key-1')!)).outcome, String(status)).toBe('retry');
    }
    k.srv.refusals.push(new ApiError(400, 'This kiosk is running an old version. Please reload the page and try again.', null));
    expect(await k.sender.sendPurchase(k.outbox.get('key-1')!)).toMatchObject({ outcome: 'park', status: 400 });
    expect(k.outbox.get('key-1')).toMatchObject({ state: 'parked', attempts: 6 });
    expect(k.srv.purchases.size).toBe(0);
  });

  it('sends exactly once across a restart: an answer lost after the server stored the purchase is asked again with the same key', async () => {
    const outbox = memoryOutbox();
    const srv = server();
    const before = kiosk(outbox, srv);
    const queued = await before.sender.queuePurchase(FREE, false, { folderName: 'videos_1', clips: [clip] }, 'key-1');
    srv.loseNextAnswer();
    expect(await before.sender.sendPurchase(outbox.outbox.get('key-1')!)).toMatchObject({ outcome: 'retry', status: 0 });
    expect(srv.purchases.size).toBe(1);

    // The kiosk restarts with the outbox as IndexedDB kept it.
    const after = kiosk(outbox, srv);
    const result = await after.sender.sendPurchase(outbox.outbox.get('key-1')!);
    expect(result).toMatchObject({ outcome: 'done', answer: { transaction: { id: 'CR-1' } } });
    expect(srv.purchases.size).toBe(1);
    expect(outbox.outbox.get('key-1')).toMatchObject({ state: 'sent', transactionId: 'CR-1', attempts: 2 });
    // Its upload job now waits under the purchase's id, with its files.
    expect([...outbox.uploads.keys()]).toEqual(['CR-1']);
    expect(after.moved).toEqual([`${queued.jobKey} -> CR-1`]);
  });

  it('queues a free purchase with its upload job in one write, and never one that needs payment', async () => {
    const k = kiosk();
    const queued = await k.sender.queuePurchase(FREE, false, { folderName: 'videos_1', clips: [clip] }, 'key-1');
    expect(queued).toEqual({ idempotencyKey: 'key-1', jobKey: pendingJobKey('key-1') });
    expect(k.outbox.get('key-1')).toMatchObject({ state: 'queued', attempts: 0, createdAt: k.now(), nextAttemptAt: k.now() });
    expect(k.uploads.get(pendingJobKey('key-1'))).toMatchObject({ state: 'pending', clips: [{ name: 'Rally-1.mp4', state: 'pending' }] });
    await expect(k.sender.queuePurchase({ ...FREE, totalAmount: 10_000 }, false, { folderName: 'v', clips: [] }, 'key-2')).rejects.toThrow(
      'Only a purchase that needs no payment can wait for the network',
    );
    expect(k.outbox.has('key-2')).toBe(false);
  });

  it('sends again without its phone-page token a purchase the server refuses for a token it did not issue (an older build drew it)', async () => {
    const k = kiosk();
    const old = { ...FREE, phoneToken: 'k1osK-Drawn_tOken-012w' };
    const bodies: CreatePurchaseBody[] = [];
    const post = k.srv.post;
    const sender = createPurchaseSender({
      store: k.store,
      post: async (body, key) => {
        bodies.push(body);
        if (body.phoneToken !== undefined)
          throw new ApiError(400, PURCHASE_MESSAGES.phoneTokenNotIssued, { message: PURCHASE_MESSAGES.phoneTokenNotIssued });
        return post(body, key);
      },
      files: { remember: () => undefined, move: () => undefined },
      now: k.now,
      random: () => 0.5,
    });
    await k.store.put({
      idempotencyKey: 'key-1',
      body: old,
      staging: false,
      state: 'queued',
      attempts: 0,
      createdAt: k.now(),
      nextAttemptAt: k.now(),
    });
    expect(await sender.sendPurchase(k.outbox.get('key-1')!)).toMatchObject({ outcome: 'done', answer: { transaction: { id: 'CR-1' } } });
    expect(bodies.map((b) => b.phoneToken)).toEqual(['k1osK-Drawn_tOken-012w', undefined]);
    expect(k.outbox.get('key-1')).toMatchObject({ state: 'sent', transactionId: 'CR-1' });
    expect(k.outbox.get('key-1')!.body).not.toHaveProperty('phoneToken');

    // Any other refusal of the same kind still parks.
    const other = kiosk();
    other.srv.refusals.push(new ApiError(400, 'The total has changed. Please review your order.', null));
    expect(await other.sender.sendPurchase({ ...k.outbox.get('key-1')!, idempotencyKey: 'key-2', state: 'queued' })).toMatchObject({
      outcome: 'park',
    });
  });

  it('keeps the job the checkout already started under the purchase id over the queued placeholder', async () => {
    const k = kiosk();
    await k.sender.queuePurchase(FREE, false, { folderName: 'videos_1', clips: [clip] }, 'key-1');
    const started = { ...newUploadJob('CR-1', 'videos_1', [clip]), state: 'uploading' as const };
    k.uploads.set('CR-1', started);
    await k.sender.sendPurchase(k.outbox.get('key-1')!);
    expect([...k.uploads.keys()]).toEqual(['CR-1']);
    expect(k.uploads.get('CR-1')!.state).toBe('uploading');
  });
});
