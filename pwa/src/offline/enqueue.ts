// A purchase that needs no payment (price 0 or the gateway off) is accepted without the network:
// the purchase and its clips' upload job are written to the outbox in one transaction, then the
// drainer sends the purchase (now, or when the network returns) and the runner uploads the clips.
import { db, type OutboxPurchase } from '../lib/db.ts';
import { newIdempotencyKey, newUploadJob, type JobClipInput } from '../lib/outbox.ts';
import { rememberJobFiles } from './clip-files.ts';
import { claimForDrainer, pendingJobKey } from './outbox-drainer.ts';
import { kickOffline } from './offline-runtime.ts';

export interface QueuedPurchase {
  idempotencyKey: string;
  /** The upload job's key until the server names the purchase. */
  jobKey: string;
}

export async function enqueuePurchase(
  body: { totalAmount: number } & Record<string, unknown>,
  staging: boolean,
  upload: { folderName: string; clips: JobClipInput[] },
  idempotencyKey = newIdempotencyKey(),
): Promise<QueuedPurchase> {
  if (body.totalAmount !== 0) throw new Error('Only a purchase that needs no payment can wait for the network');
  const now = Date.now();
  const jobKey = pendingJobKey(idempotencyKey);
  const entry: OutboxPurchase = { idempotencyKey, body, staging, state: 'queued', attempts: 0, createdAt: now, nextAttemptAt: now };
  const job = newUploadJob(jobKey, upload.folderName, upload.clips);
  await db.transaction('rw', db.outbox, db.uploads, async () => {
    await db.outbox.put(entry);
    await db.uploads.put(job);
  });
  rememberJobFiles(jobKey, upload.clips.map((c) => c.file));
  claimForDrainer(idempotencyKey);
  kickOffline();
  return { idempotencyKey, jobKey };
}
