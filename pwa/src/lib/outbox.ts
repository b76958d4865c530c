// The outbox seam (design section 4, issue 6): every purchase is written here with its
// Idempotency-Key before it is sent, and every purchase's clip uploads are a job here whose upload
// URLs and confirmed offsets are recorded as they progress. Today the kiosk sends at once and runs
// the job in the foreground; the offline drain (retry with backoff, resume after a reload) builds
// on these records without changing the callers.
import { api, ApiError } from './api-client.ts';
import { db, type OutboxPurchase, type UploadJob, type UploadJobClip } from './db.ts';
import { uploadClips, type UploadHooks, type UploadResult } from './uploader.ts';

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export interface PurchaseAnswer {
  transaction: { id: string };
  payment?: { token?: string | null } | null;
  skip_payment_gateway?: boolean;
}

/** Stores the purchase, then sends it; the same key is reused for any resend (server dedupes). */
export async function submitPurchase(body: unknown, staging: boolean, idempotencyKey = newIdempotencyKey()): Promise<PurchaseAnswer> {
  const now = Date.now();
  const entry: OutboxPurchase = { idempotencyKey, body, staging, state: 'queued', attempts: 0, createdAt: now, nextAttemptAt: now };
  await db.outbox.put(entry);
  return sendQueuedPurchase(entry);
}

export async function sendQueuedPurchase(entry: OutboxPurchase): Promise<PurchaseAnswer> {
  try {
    const answer = await api<PurchaseAnswer>('/transaction', {
      method: 'POST',
      body: entry.body,
      headers: { 'Idempotency-Key': entry.idempotencyKey },
    });
    await db.outbox.update(entry.idempotencyKey, { state: 'sent', transactionId: answer.transaction.id, attempts: entry.attempts + 1 });
    return answer;
  } catch (e) {
    // A rejection the server will repeat (4xx but 409 "still running") is parked for an operator;
    // anything else stays queued for a later attempt.
    const parked = e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 409;
    await db.outbox.update(entry.idempotencyKey, {
      state: parked ? 'parked' : 'queued',
      attempts: entry.attempts + 1,
      lastError: e instanceof Error ? e.message : String(e),
    });
    throw e;
  }
}

export interface JobClipInput {
  file: File;
  uploadName: string;
  mimeType: string;
}

/** A new upload job record, every clip pending from byte 0 (not stored yet). */
export function newUploadJob(transactionId: string, folderName: string, clips: JobClipInput[]): UploadJob {
  const now = Date.now();
  return {
    transactionId,
    folderName,
    clips: clips.map(
      (c): UploadJobClip => ({
        name: c.file.name,
        size: c.file.size,
        lastModified: c.file.lastModified,
        mimeType: c.mimeType,
        uploadName: c.uploadName,
        confirmedOffset: 0,
        state: 'pending',
      }),
    ),
    state: 'pending',
    linkSaved: false,
    createdAt: now,
    updatedAt: now,
  };
}

export async function createUploadJob(transactionId: string, folderName: string, clips: JobClipInput[]): Promise<UploadJob> {
  const job = newUploadJob(transactionId, folderName, clips);
  await db.uploads.put(job);
  return job;
}

async function patchClip(transactionId: string, index: number, patch: Partial<UploadJobClip>) {
  await db.uploads
    .where('transactionId')
    .equals(transactionId)
    .modify((job) => {
      const clip = job.clips[index];
      if (clip) Object.assign(clip, patch);
      job.updatedAt = Date.now();
    });
}

/** Saves the purchase's link (or none, with the error flag) on the server. */
export async function saveDownloadLink(transactionId: string, zipUrl: string | null, error: boolean): Promise<void> {
  await api(`/transaction/${encodeURIComponent(transactionId)}/zipUrl`, { method: 'PUT', body: { zipUrl, error } });
}

/** Uploads the job's clips, recording each clip's URL and confirmed offset as it goes. */
export async function runUploadJob(
  job: UploadJob,
  files: File[],
  onProgress?: UploadHooks['onProgress'],
): Promise<UploadResult> {
  await db.uploads.update(job.transactionId, { state: 'uploading', updatedAt: Date.now() });
  try {
    const result = await uploadClips(
      { name: job.folderName, purchaseId: job.transactionId },
      files.map((file, i) => ({ file, name: job.clips[i]?.uploadName ?? file.name, mimeType: job.clips[i]?.mimeType ?? file.type })),
      {
        fromKiosk: true,
        onProgress,
        onClipState: (i, s) => void patchClip(job.transactionId, i, { uploadUrl: s.uploadUrl, confirmedOffset: s.confirmedOffset, state: s.done ? 'done' : 'pending' }),
      },
    );
    await db.uploads.update(job.transactionId, {
      state: result.uploaded > 0 ? 'done' : 'failed',
      folderId: result.folderId ?? undefined,
      folderUrl: result.folderUrl ?? undefined,
      updatedAt: Date.now(),
    });
    return result;
  } catch (e) {
    await db.uploads.update(job.transactionId, { state: 'failed', lastError: e instanceof Error ? e.message : String(e), updatedAt: Date.now() });
    throw e;
  }
}

export async function markLinkSaved(transactionId: string): Promise<void> {
  await db.uploads.update(transactionId, { linkSaved: true, updatedAt: Date.now() });
}

/** What waits to be sent: purchases not yet accepted, clips not yet uploaded (the status chip). */
export async function pendingCounts(): Promise<{ purchases: number; clips: number }> {
  const purchases = await db.outbox.where('state').equals('queued').count();
  const jobs = await db.uploads.where('state').anyOf('pending', 'uploading').toArray();
  const clips = jobs.reduce((n, j) => n + j.clips.filter((c) => c.state === 'pending').length, 0);
  return { purchases, clips };
}
