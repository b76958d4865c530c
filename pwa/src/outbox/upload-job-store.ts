// The upload jobs as the kiosk keeps them: in its IndexedDB (lib/db.ts `uploads`), written with
// strict durability so a job survives a power cut.
import { db, type UploadJob } from '../lib/db.ts';
import { newUploadJob, type JobClipInput, type UploadJobStore } from './upload-jobs.ts';

export const dexieUploadJobs: UploadJobStore = {
  get: (transactionId) => db.uploads.get(transactionId),
  activeKeys: () => db.uploads.where('state').anyOf('pending', 'uploading').primaryKeys(),
  update: async (transactionId, patch) => {
    await db.uploads.update(transactionId, patch);
  },
  patchClip: async (transactionId, index, patch) => {
    await db.uploads
      .where('transactionId')
      .equals(transactionId)
      .modify((job) => {
        const clip = job.clips[index];
        if (clip) Object.assign(clip, patch);
        job.updatedAt = Date.now();
      });
  },
  delete: (transactionId) => db.uploads.delete(transactionId),
};

export async function createUploadJob(transactionId: string, folderName: string, clips: JobClipInput[]): Promise<UploadJob> {
  const job = newUploadJob(transactionId, folderName, clips);
  await db.uploads.put(job);
  return job;
}
