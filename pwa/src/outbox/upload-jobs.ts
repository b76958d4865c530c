// The upload job records of the outbox: one per purchase, each clip's upload URL and the offset the
// storage confirmed stored as they change, so a job survives a reload, a crash and a reboot
// (upload-runner.ts runs them). What a job store must do is said here; upload-job-store.ts keeps
// them in the kiosk's IndexedDB, and the runner's tests in memory.
import type { UploadJob, UploadJobClip } from '../lib/db.ts';

/** The upload job of a purchase accepted offline, until the server names the purchase. */
export const pendingJobKey = (idempotencyKey: string) => `pending:${idempotencyKey}`;
export const isPendingJobKey = (key: string) => key.startsWith('pending:');

export interface JobClipInput {
  file: File;
  uploadName: string;
  mimeType: string;
}

/** Where upload jobs are kept. */
export interface UploadJobStore {
  get(transactionId: string): Promise<UploadJob | undefined>;
  /** The keys of the jobs still to run (pending or uploading). */
  activeKeys(): Promise<string[]>;
  update(transactionId: string, patch: Partial<UploadJob>): Promise<void>;
  patchClip(transactionId: string, index: number, patch: Partial<UploadJobClip>): Promise<void>;
  delete(transactionId: string): Promise<void>;
}

/** A new upload job record, every clip pending from byte 0 (not stored yet). */
export function newUploadJob(transactionId: string, folderName: string, clips: JobClipInput[], now = Date.now()): UploadJob {
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
