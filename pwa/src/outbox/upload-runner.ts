// Runs the clip upload jobs of the outbox until each purchase's link is saved. A job survives a
// reload, a browser crash and a reboot: each clip's upload URL and the offset the storage confirmed
// are stored as they change, and a clip that was under way resumes where the storage says it
// stopped instead of starting over. A clip whose file is gone or that the storage refuses is given
// up; with none uploaded there is no link. A clip the storage refuses only for now (its "slow down",
// directly or through our server) keeps the job waiting: the link is saved only once every clip is
// in or given up.
// Everything outside it comes in as deps (the job store, our server's calls, the clip files, the
// reports, the clock), like createCheckout, so its rules run in Vitest; uploads.ts wires the
// browser's (IndexedDB, the API client).
import type { KioskUploadProgressReport } from '@courtreplay/shared';
import { ApiError } from '../lib/api-client.ts';
import type { UploadJob, UploadJobClip } from '../lib/db.ts';
import { StorageBusy, UploadError } from '../lib/put-with-retry.ts';
import type { ResumeOptions } from '../lib/resumable-upload.ts';
import type { UploadProgress, UploadTarget } from '../lib/uploader.ts';
import { RETRY_BASE_MS, retryDelayMs } from './retry-policy.ts';
import { isPendingJobKey, type UploadJobStore } from './upload-jobs.ts';

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

/** Our server's calls an upload job makes (lib/uploader.ts in the browser). */
export interface UploadClient {
  createFolder(folderName: string, purchaseId: string): Promise<{ folderId: string; folderUrl: string }>;
  requestUploadUrl(input: { filename: string; mimeType: string; size: number; folderId: string }): Promise<UploadTarget>;
  askUploadStatus(uploadUrl: string): Promise<{ received: number; complete: boolean }>;
  sendClip(target: UploadTarget, file: Blob, mimeType: string, options: ResumeOptions): Promise<string>;
  saveDownloadLink(transactionId: string, zipUrl: string | null, error: boolean): Promise<void>;
  /** Whether our server answers at all (an upload stalled on the storage, not on the network). */
  serverAnswers(): Promise<boolean>;
}

/** Where a job's clips are read (job-files.ts in the browser). */
export interface JobFiles {
  remember(jobKey: string, files: File[]): void;
  forget(jobKey: string): void;
  /**
   * The clip's bytes; null when the file is gone or changed, 'unreadable' when it cannot be read.
   * Rejects when the job must wait (the folder's permission asked again).
   */
  clipFile(jobKey: string, index: number, clip: UploadJobClip): Promise<File | null | 'unreadable'>;
}

export interface UploadRunnerDeps {
  jobs: UploadJobStore;
  client: UploadClient;
  files: JobFiles;
  reports: { queueProgress(report: KioskUploadProgressReport): Promise<void>; flushSoon(): void };
  isOnline(): boolean;
  now(): number;
  random(): number;
}

/**
 * A job is a purchase that may be paid (or already is): with the kiosk online it is retried at least
 * every minute, so a late payment is delivered within two.
 */
export const JOB_RETRY_MAX_MS = 60_000;

/** Statuses with which our server passes on a storage that refuses for now (shared/src/contract/storage.ts). */
const STORAGE_REFUSALS = [502, 503, 507];
/** Our server's "try again later" (the bucket's SlowDown, a rate limit): the clip waits, never given up. */
const TEMPORARY_REFUSALS = [429, 503];

const clipMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The clip cannot be uploaded at all (file gone or changed, storage refuses it). */
class ClipGivenUp extends Error {}

const counts = (job: UploadJob) => ({
  uploaded: job.clips.filter((c) => c.state === 'done').length,
  failed: job.clips.filter((c) => c.state === 'failed').length,
  total: job.clips.length,
});

export interface UploadRunner {
  /**
   * Runs one job now, using the files the checkout still holds; resolves when its link is saved
   * (a job interrupted by the network resolves later, when a later run finishes it).
   */
  startUploadJob(transactionId: string, files: File[], onProgress?: ProgressListener, onProblem?: ProblemListener): Promise<JobOutcome>;
  /** Runs every job that is due; `force` ignores the backoff (the network just came back). */
  runUploadJobs(force?: boolean): Promise<void>;
}

export function createUploadRunner(deps: UploadRunnerDeps): UploadRunner {
  const { jobs, client, files } = deps;
  const running = new Map<string, Promise<JobOutcome | null>>();
  const progressListeners = new Map<string, ProgressListener>();
  const problemListeners = new Map<string, ProblemListener>();
  const waiters = new Map<string, ((o: JobOutcome) => void)[]>();
  /** Backoff per job, in memory: a reload retries at once, which is what a restarted kiosk wants. */
  const backoff = new Map<string, { failures: number; nextAt: number }>();

  function finish(outcome: JobOutcome) {
    for (const resolve of waiters.get(outcome.transactionId) ?? []) resolve(outcome);
    waiters.delete(outcome.transactionId);
    progressListeners.delete(outcome.transactionId);
    problemListeners.delete(outcome.transactionId);
    files.forget(outcome.transactionId);
  }

  /**
   * The server refuses the purchase's uploads for good (409: erased, or ended unpaid after its payment
   * window): nothing to deliver. The job and the files it held go quietly; retrying would never end.
   */
  async function dropJob(transactionId: string) {
    backoff.delete(transactionId);
    await jobs.delete(transactionId);
    finish({ transactionId, folderUrl: null, uploaded: 0, failed: 0, linkSaved: false });
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
        backoff.set(transactionId, {
          failures,
          nextAt: deps.now() + retryDelayMs(failures, deps.random(), RETRY_BASE_MS, JOB_RETRY_MAX_MS),
        });
        await jobs.update(transactionId, { lastError: clipMessage(e), updatedAt: deps.now() });
        // The server's answer names the storage's reason (Drive full: 507; rate-limited or unreachable:
        // 503, 502); the player is told the clips will follow, the operator already has the alert.
        if ((e instanceof ApiError && STORAGE_REFUSALS.includes(e.status)) || e instanceof StorageBusy)
          problemListeners.get(transactionId)?.(e.message);
        return null;
      })
      .finally(() => running.delete(transactionId));
    running.set(transactionId, run);
    return run;
  }

  async function runJobNow(transactionId: string): Promise<JobOutcome | null> {
    let job = await jobs.get(transactionId);
    if (!job || job.state === 'done' || job.state === 'failed') return null;
    await jobs.update(transactionId, { state: 'uploading', updatedAt: deps.now() });
    if (!job.folderId || !job.folderUrl) {
      const folder = await client.createFolder(job.folderName, transactionId);
      await jobs.update(transactionId, { folderId: folder.folderId, folderUrl: folder.folderUrl, updatedAt: deps.now() });
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
        await jobs.patchClip(transactionId, i, { state: 'done', confirmedOffset: clip.size });
      } catch (e) {
        if (!(e instanceof ClipGivenUp)) throw e;
        lastReason = e.message;
        await jobs.patchClip(transactionId, i, { state: 'failed' });
      }
      bytesDone += clip.size;
      progress(0);
      await reportProgress(transactionId, 'uploading', lastReason);
    }

    const settled = (await jobs.get(transactionId))!;
    const { uploaded, failed } = counts(settled);
    const folderUrl = uploaded > 0 ? settled.folderUrl! : null;
    // The server sends the e-mail when the link is saved, exactly once (docs/contributing.md, Contracts).
    await client.saveDownloadLink(transactionId, folderUrl, folderUrl === null);
    await jobs.update(transactionId, {
      state: uploaded > 0 ? 'done' : 'failed',
      lastError: lastReason ?? undefined,
      updatedAt: deps.now(),
      ...(folderUrl ? { linkSaved: true } : {}),
    });
    await reportProgress(transactionId, uploaded > 0 ? 'done' : 'failed', lastReason);
    return { transactionId, folderUrl, uploaded, failed, linkSaved: true };
  }

  async function uploadClip(
    transactionId: string,
    index: number,
    clip: UploadJobClip,
    folderId: string,
    progress: (offset: number) => void,
  ) {
    const file = await files.clipFile(transactionId, index, clip);
    if (file === 'unreadable') throw new ClipGivenUp(`Could not read ${clip.name}`);
    if (!file) throw new ClipGivenUp(`${clip.name} is no longer in the kiosk folder`);

    let uploadKind = clip.uploadKind;
    const newUrl = async () => {
      const target = await client.requestUploadUrl({ filename: clip.uploadName, mimeType: clip.mimeType, size: clip.size, folderId });
      uploadKind = target.uploadKind;
      await jobs.patchClip(transactionId, index, { uploadUrl: target.uploadUrl, uploadKind: target.uploadKind, confirmedOffset: 0 });
      return target.uploadUrl;
    };
    let uploadUrl = clip.uploadUrl;
    let offset = 0;
    if (uploadUrl) {
      // Asked of the server: Drive's CORS hides Range from the browser, so a status PUT from here
      // would read 'nothing received' and start over.
      try {
        const known = await client.askUploadStatus(uploadUrl);
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
      await client.sendClip({ uploadUrl, uploadKind }, file, clip.mimeType, {
        offset,
        askServer: client.askUploadStatus,
        renewUrl: newUrl,
        onConfirmed: (confirmed) => {
          progress(confirmed);
          void jobs.patchClip(transactionId, index, { confirmedOffset: confirmed });
        },
      });
    } catch (e) {
      // A storage that kept saying "slow down", directly or through our server, refuses only for
      // now: the job's next run (its backoff) sends the clip on, and the link waits for it.
      if (e instanceof StorageBusy) throw e;
      if (e instanceof ApiError && TEMPORARY_REFUSALS.includes(e.status)) throw e;
      if (e instanceof UploadError) throw new ClipGivenUp(`${clip.name}: ${e.message}`);
      // No network: the job waits and resumes later. Our server answering while the storage still
      // made no progress in MAX_STALLS tries (lib/resumable-upload.ts) is no outage: the clip is
      // skipped, as the spec says of a failed file.
      if (!deps.isOnline() || !(await client.serverAnswers())) throw e;
      throw new ClipGivenUp(`${clip.name}: the storage could not be reached`);
    }
  }

  async function reportProgress(transactionId: string, state: 'uploading' | 'done' | 'failed', reason: string | null) {
    const job = await jobs.get(transactionId);
    if (!job) return;
    await deps.reports.queueProgress({ transactionId, ...counts(job), state, reason });
    // Sent as it happens, so the back-office sees 'uploading 2 of 3' during a long upload; reports
    // of a quick one are merged (latest per purchase wins).
    deps.reports.flushSoon();
  }

  return {
    startUploadJob(transactionId, jobFiles, onProgress, onProblem) {
      files.remember(transactionId, jobFiles);
      if (onProgress) progressListeners.set(transactionId, onProgress);
      if (onProblem) problemListeners.set(transactionId, onProblem);
      const done = new Promise<JobOutcome>((resolve) => waiters.set(transactionId, [...(waiters.get(transactionId) ?? []), resolve]));
      void runJob(transactionId);
      return done;
    },
    async runUploadJobs(force = false) {
      if (!deps.isOnline()) return;
      const keys = await jobs.activeKeys();
      const now = deps.now();
      for (const key of keys) {
        if (isPendingJobKey(key)) continue;
        const b = backoff.get(key);
        if (!force && b && b.nextAt > now) continue;
        await runJob(key);
        if (!deps.isOnline()) return;
      }
    },
  };
}
