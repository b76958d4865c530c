// Runs the clip upload jobs of the outbox (lib/db.ts `uploads`) until each purchase's link is
// saved. A job survives a reload, a browser crash and a reboot: each clip's upload URL and the
// offset the storage confirmed are stored as they change, and a clip that was under way resumes
// where the storage says it stopped (the resumable status query: an empty PUT with
// `Content-Range: bytes */total` answered by 308 + Range) instead of starting over. A clip whose
// file is gone or that the storage refuses is given up; with none uploaded there is no link.
import { ApiError } from '../lib/api-client.ts';
import { db, type UploadJob, type UploadJobClip } from '../lib/db.ts';
import {
  askUploadStatus,
  createUploadFolder,
  requestUploadUrl,
  saveDownloadLink,
  sendClip,
  StorageBusy,
  UploadError,
  type UploadProgress,
} from '../lib/uploader.ts';
import { isOnline } from '../offline/network.ts';
import { FolderPermissionNeeded, forgetJobFiles, jobClipFile, rememberJobFiles } from './job-files.ts';
import { queueProgressReport, scheduleReportFlush } from './reports.ts';
import { RETRY_BASE_MS, retryDelayMs } from './retry-policy.ts';
import { serverAnswers } from './server-calls.ts';
import { isPendingJobKey, markLinkSaved, patchClip } from './upload-jobs.ts';

export interface JobOutcome {
  transactionId: string;
  folderUrl: string | null;
  uploaded: number;
  failed: number;
  /** The link (or, with nothing uploaded, the failure) is recorded on the server. */
  linkSaved: boolean;
}

type ProgressListener = (p: UploadProgress) => void;
/** The storage refused for now (full, rate-limited, unreachable): its reason, while the job keeps retrying. */
type ProblemListener = (reason: string) => void;

const running = new Map<string, Promise<JobOutcome | null>>();
const progressListeners = new Map<string, ProgressListener>();
const problemListeners = new Map<string, ProblemListener>();
const waiters = new Map<string, ((o: JobOutcome) => void)[]>();
/**
 * A job is a purchase that may be paid (or already is): with the kiosk online it is retried at least
 * every minute, so a late payment is delivered within two (issue 23 point 1).
 */
export const JOB_RETRY_MAX_MS = 60_000;
/** In-memory backoff per job (a reload retries at once, which is what a restarted kiosk wants). */
const backoff = new Map<string, { failures: number; nextAt: number }>();

/** Statuses with which our server passes on a storage that refuses for now (shared/src/contract/storage.ts). */
const STORAGE_REFUSALS = [502, 503, 507];
/** Our server's "try again later" (the bucket's SlowDown, a rate limit): the clip waits, never given up. */
const TEMPORARY_REFUSALS = [429, 503];

const clipMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Runs one job now, using the files the checkout still holds; resolves when its link is saved
 * (a job interrupted by the network resolves later, when a later run finishes it).
 */
export function startUploadJob(
  transactionId: string,
  files: File[],
  onProgress?: ProgressListener,
  onProblem?: ProblemListener,
): Promise<JobOutcome> {
  rememberJobFiles(transactionId, files);
  if (onProgress) progressListeners.set(transactionId, onProgress);
  if (onProblem) problemListeners.set(transactionId, onProblem);
  const done = new Promise<JobOutcome>((resolve) => waiters.set(transactionId, [...(waiters.get(transactionId) ?? []), resolve]));
  void runJob(transactionId);
  return done;
}

/** Runs every job that is due; `force` ignores the backoff (the network just came back). */
export async function runUploadJobs(force = false): Promise<void> {
  if (!isOnline()) return;
  const jobs = await db.uploads.where('state').anyOf('pending', 'uploading').primaryKeys();
  const now = Date.now();
  for (const key of jobs) {
    if (isPendingJobKey(key)) continue;
    const b = backoff.get(key);
    if (!force && b && b.nextAt > now) continue;
    await runJob(key);
    if (!isOnline()) return;
  }
}

function runJob(transactionId: string): Promise<JobOutcome | null> {
  const current = running.get(transactionId);
  if (current) return current;
  const run = runJobNow(transactionId)
    .then((outcome) => {
      backoff.delete(transactionId);
      if (outcome) finish(outcome);
      return outcome;
    })
    .catch(async (e: unknown) => {
      if (e instanceof ApiError && e.status === 409) {
        await dropJob(transactionId);
        return null;
      }
      const failures = (backoff.get(transactionId)?.failures ?? 0) + 1;
      backoff.set(transactionId, { failures, nextAt: Date.now() + retryDelayMs(failures, Math.random(), RETRY_BASE_MS, JOB_RETRY_MAX_MS) });
      await db.uploads.update(transactionId, { lastError: clipMessage(e), updatedAt: Date.now() });
      // The server's answer names the storage's reason (Drive full: 507; rate-limited or unreachable:
      // 503, 502); the player is told the clips will follow, the operator already has the alert.
      if (e instanceof ApiError && STORAGE_REFUSALS.includes(e.status)) problemListeners.get(transactionId)?.(e.message);
      else if (e instanceof StorageBusy) problemListeners.get(transactionId)?.(e.message);
      return null;
    })
    .finally(() => running.delete(transactionId));
  running.set(transactionId, run);
  return run;
}

/**
 * The server refuses the purchase's uploads for good (409: erased, or ended unpaid after its payment
 * window): nothing to deliver. The job and the files it held go quietly; retrying would never end.
 */
async function dropJob(transactionId: string) {
  backoff.delete(transactionId);
  await db.uploads.delete(transactionId);
  finish({ transactionId, folderUrl: null, uploaded: 0, failed: 0, linkSaved: false });
}

function finish(outcome: JobOutcome) {
  for (const resolve of waiters.get(outcome.transactionId) ?? []) resolve(outcome);
  waiters.delete(outcome.transactionId);
  progressListeners.delete(outcome.transactionId);
  problemListeners.delete(outcome.transactionId);
  forgetJobFiles(outcome.transactionId);
}

const counts = (job: UploadJob) => ({
  uploaded: job.clips.filter((c) => c.state === 'done').length,
  failed: job.clips.filter((c) => c.state === 'failed').length,
  total: job.clips.length,
});

async function runJobNow(transactionId: string): Promise<JobOutcome | null> {
  let job = await db.uploads.get(transactionId);
  if (!job || job.state === 'done' || job.state === 'failed') return null;
  await db.uploads.update(transactionId, { state: 'uploading', updatedAt: Date.now() });
  if (!job.folderId || !job.folderUrl) {
    const folder = await createUploadFolder(job.folderName, transactionId);
    await db.uploads.update(transactionId, { folderId: folder.folderId, folderUrl: folder.folderUrl, updatedAt: Date.now() });
    job = { ...job, ...folder };
  }
  const folderId = job.folderId!;
  const bytesTotal = job.clips.reduce((s, c) => s + c.size, 0);
  let bytesDone = job.clips.reduce((s, c) => s + (c.state === 'pending' ? 0 : c.size), 0);
  let lastReason: string | null = null;

  for (const [i, clip] of job.clips.entries()) {
    if (clip.state !== 'pending') continue;
    const progress = (offset: number) =>
      progressListeners.get(transactionId)?.({ clipIndex: i, clipCount: job.clips.length, bytesSent: bytesDone + offset, bytesTotal });
    try {
      await uploadClip(transactionId, i, clip, folderId, progress);
      await patchClip(transactionId, i, { state: 'done', confirmedOffset: clip.size });
    } catch (e) {
      if (!(e instanceof ClipGivenUp)) throw e;
      lastReason = e.message;
      await patchClip(transactionId, i, { state: 'failed' });
    }
    bytesDone += clip.size;
    progress(0);
    await reportProgress(transactionId, 'uploading', lastReason);
  }

  const settled = (await db.uploads.get(transactionId))!;
  const { uploaded, failed } = counts(settled);
  const folderUrl = uploaded > 0 ? settled.folderUrl! : null;
  // The server sends the e-mail when the link is saved, exactly once (docs/contributing.md, Contracts).
  await saveDownloadLink(transactionId, folderUrl, folderUrl === null);
  await db.uploads.update(transactionId, {
    state: uploaded > 0 ? 'done' : 'failed',
    lastError: lastReason ?? undefined,
    updatedAt: Date.now(),
  });
  if (folderUrl) await markLinkSaved(transactionId);
  await reportProgress(transactionId, uploaded > 0 ? 'done' : 'failed', lastReason);
  return { transactionId, folderUrl, uploaded, failed, linkSaved: true };
}

/** The clip cannot be uploaded at all (file gone or changed, storage refuses it). */
class ClipGivenUp extends Error {}

async function uploadClip(transactionId: string, index: number, clip: UploadJobClip, folderId: string, progress: (offset: number) => void) {
  let file: File | null;
  try {
    file = await jobClipFile(transactionId, index, clip);
  } catch (e) {
    if (e instanceof FolderPermissionNeeded) throw e;
    throw new ClipGivenUp(`Could not read ${clip.name}`);
  }
  if (!file) throw new ClipGivenUp(`${clip.name} is no longer in the kiosk folder`);

  let uploadKind = clip.uploadKind;
  const newUrl = async () => {
    const target = await requestUploadUrl({ filename: clip.uploadName, mimeType: clip.mimeType, size: clip.size, folderId });
    uploadKind = target.uploadKind;
    await patchClip(transactionId, index, { uploadUrl: target.uploadUrl, uploadKind: target.uploadKind, confirmedOffset: 0 });
    return target.uploadUrl;
  };
  let uploadUrl = clip.uploadUrl;
  let offset = 0;
  if (uploadUrl) {
    // Asked of the server: Drive's CORS hides Range from the browser, so a status PUT from here
    // would read 'nothing received' and start over.
    try {
      const known = await askUploadStatus(uploadUrl);
      if (known.complete) return;
      offset = known.received;
    } catch (e) {
      // The session expired, or the server never issued it to this kiosk: start this clip over.
      if (!(e instanceof ApiError) || (e.status !== 404 && e.status !== 410)) throw e;
      uploadUrl = undefined;
    }
  }
  uploadUrl ??= await newUrl();
  progress(offset);
  try {
    await sendClip({ uploadUrl, uploadKind }, file, clip.mimeType, {
      offset,
      askServer: askUploadStatus,
      renewUrl: newUrl,
      onConfirmed: (confirmed) => {
        progress(confirmed);
        void patchClip(transactionId, index, { confirmedOffset: confirmed });
      },
    });
  } catch (e) {
    // A storage that kept saying "slow down", directly or through our server, refuses only for now:
    // the job's next run (its backoff) sends the clip on, and the link waits for it.
    if (e instanceof StorageBusy) throw e;
    if (e instanceof ApiError && TEMPORARY_REFUSALS.includes(e.status)) throw e;
    if (e instanceof UploadError) throw new ClipGivenUp(`${clip.name}: ${e.message}`);
    // No network: the job waits and resumes later. Our server answering while the storage still
    // made no progress in MAX_STALLS tries (lib/resumable-upload.ts) is no outage: the clip is
    // skipped, as the spec says of a failed file.
    if (!isOnline() || !(await serverAnswers())) throw e;
    throw new ClipGivenUp(`${clip.name}: the storage could not be reached`);
  }
}

async function reportProgress(transactionId: string, state: 'uploading' | 'done' | 'failed', reason: string | null) {
  const job = await db.uploads.get(transactionId);
  if (!job) return;
  await queueProgressReport({ transactionId, ...counts(job), state, reason });
  // Sent as it happens, so the back-office sees 'uploading 2 of 3' during a long upload; reports
  // of a quick one are merged (latest per purchase wins).
  scheduleReportFlush();
}
