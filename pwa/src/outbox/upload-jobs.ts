// The upload job records of the outbox (lib/db.ts `uploads`): one per purchase, each clip's upload
// URL and the offset the storage confirmed stored as they change, so a job survives a reload, a
// crash and a reboot (upload-runner.ts runs them).
import { db, type UploadJob, type UploadJobClip } from '../lib/db.ts';

/** The upload job of a purchase accepted offline, until the server names the purchase. */
export const pendingJobKey = (idempotencyKey: string) => `pending:${idempotencyKey}`;
export const isPendingJobKey = (key: string) => key.startsWith('pending:');

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
    clips: clips.map((c): UploadJobClip => ({
      name: c.file.name,
      size: c.file.size,
      lastModified: c.file.lastModified,
      mimeType: c.mimeType,
      uploadName: c.uploadName,
      confirmedOffset: 0,
      state: 'pending',
    })),
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

export async function patchClip(transactionId: string, index: number, patch: Partial<UploadJobClip>): Promise<void> {
  await db.uploads
    .where('transactionId')
    .equals(transactionId)
    .modify((job) => {
      const clip = job.clips[index];
      if (clip) Object.assign(clip, patch);
      job.updatedAt = Date.now();
    });
}

export async function markLinkSaved(transactionId: string): Promise<void> {
  await db.uploads.update(transactionId, { linkSaved: true, updatedAt: Date.now() });
}
