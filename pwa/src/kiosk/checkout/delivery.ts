// After a purchase is accepted, its clips go to storage in the background (spec section 4):
// Preparing videos 10, Uploading videos 40, Finalizing transaction 90, Completed 100, with the
// variants for no upload, a failed link update and a processing error. Runs outside React so it
// carries on when the screen counts down back to /box.
import { CHECKOUT_PROGRESS, MESSAGES } from '@courtreplay/shared';
import { extensionOf, mimeTypeOf, uploadFileName, uploadFolderName } from '../../lib/clip-files.ts';
import { saveDownloadLink } from '../../lib/uploader.ts';
import { createUploadJob, startUploadJob, type JobClipInput } from '../../outbox/index.ts';
import type { Clip } from '../clip-store.ts';
import type { DeliveryStep } from './checkout-machine.ts';

export type { DeliveryStep } from './checkout-machine.ts';

const P = MESSAGES.checkout.progress;

const jobClips = (clips: Clip[]): JobClipInput[] =>
  clips.map((c, i) => ({
    file: c.file,
    uploadName: uploadFileName(c.title, i + 1, extensionOf(c.fileName)),
    mimeType: mimeTypeOf(c.fileName, c.file.type),
  }));

/** The upload job of a purchase accepted offline (see outbox/runtime.ts enqueuePurchase). */
export const offlineUploadPlan = (clips: Clip[]) => ({ folderName: uploadFolderName(Date.now(), clips.length), clips: jobClips(clips) });

export async function deliverClips(transactionId: string, clips: Clip[], onStep: (s: DeliveryStep) => void): Promise<DeliveryStep> {
  const step = (s: DeliveryStep) => {
    onStep(s);
    return s;
  };
  step({ label: P.preparing, percent: CHECKOUT_PROGRESS.preparing, state: 'running' });
  try {
    await createUploadJob(transactionId, uploadFolderName(Date.now(), clips.length), jobClips(clips));
    step({ label: P.uploading, percent: CHECKOUT_PROGRESS.uploading, state: 'running' });
    const span = CHECKOUT_PROGRESS.finalizing - CHECKOUT_PROGRESS.uploading;
    // A job cut off (network, reload, crash) is finished by the offline runner, which saves the link.
    let percent: number = CHECKOUT_PROGRESS.uploading;
    const result = await startUploadJob(
      transactionId,
      clips.map((c) => c.file),
      (p) => {
        percent = CHECKOUT_PROGRESS.uploading + Math.floor((span * p.bytesSent) / Math.max(1, p.bytesTotal));
        step({ label: P.uploading, percent, state: 'running' });
      },
      (reason) => step({ label: P.uploading, percent, state: 'running', waitingFor: reason }),
    );
    step({ label: P.finalizing, percent: CHECKOUT_PROGRESS.finalizing, state: 'running' });
    if (result.folderUrl === null) return step({ label: P.completedWithoutUpload, percent: CHECKOUT_PROGRESS.completed, state: 'error' });
    return step({ label: P.completed, percent: CHECKOUT_PROGRESS.completed, state: 'done' });
  } catch {
    await saveDownloadLink(transactionId, null, true).catch(() => undefined);
    return step({ label: P.error, percent: CHECKOUT_PROGRESS.completed, state: 'error' });
  }
}
