// The upload runner's rules with its storage, server and clock as plain objects: a job store in
// memory (the same records IndexedDB keeps, so a new runner over it is a restarted kiosk), a
// recording server, and a clock the test moves.
import type { KioskUploadProgressReport } from '@courtreplay/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import type { UploadJob, UploadJobClip } from '../lib/db.ts';
import { StorageBusy, UploadError } from '../lib/put-with-retry.ts';
import { RETRY_BASE_MS, retryDelayMs } from './retry-policy.ts';
import { newUploadJob, type UploadJobStore } from './upload-jobs.ts';
import { createUploadRunner, JOB_RETRY_MAX_MS, type UploadClient } from './upload-runner.ts';

const FOLDER_URL = 'https://replay.example/p/phone-token';

function memoryJobs(): UploadJobStore & { all: Map<string, UploadJob> } {
  const all = new Map<string, UploadJob>();
  const copy = (job: UploadJob): UploadJob => structuredClone(job);
  return {
    all,
    get: async (id) => (all.has(id) ? copy(all.get(id)!) : undefined),
    activeKeys: async () => [...all.values()].filter((j) => j.state === 'pending' || j.state === 'uploading').map((j) => j.transactionId),
    update: async (id, patch) => {
      const job = all.get(id);
      if (job) all.set(id, { ...job, ...patch });
    },
    patchClip: async (id, index, patch) => {
      const clip = all.get(id)?.clips[index];
      if (clip) Object.assign(clip, patch);
    },
    delete: async (id) => void all.delete(id),
  };
}

const fileOf = (name: string, size: number) => new File([new Uint8Array(size)], name, { lastModified: 1_700_000_000_000 });

/** A kiosk: its job store (kept across restarts), our server as a recording double, and a clock. */
function kiosk(jobs = memoryJobs()) {
  let now = 1_000_000;
  let online = true;
  const calls: string[] = [];
  const reports: KioskUploadProgressReport[] = [];
  const links: { id: string; url: string | null; error: boolean }[] = [];
  const present = new Map<string, File>();
  /** What sendClip does for a clip, by its name: throw this, or store it (undefined). */
  const faults = new Map<string, unknown[]>();
  const refusals: { folder: unknown } = { folder: undefined };
  const client: UploadClient = {
    createFolder: async () => {
      calls.push('createFolder');
      if (refusals.folder !== undefined) throw refusals.folder;
      return { folderId: 'folder-1', folderUrl: FOLDER_URL };
    },
    requestUploadUrl: async (input) => {
      calls.push(`url ${input.filename}`);
      return { uploadUrl: `https://storage.example/${input.filename}`, uploadKind: 'resumable' };
    },
    askUploadStatus: async (url) => {
      calls.push(`status ${url}`);
      return { received: 500, complete: false };
    },
    sendClip: async (target, file, _mime, options) => {
      calls.push(`send ${(file as File).name} from ${options.offset ?? 0} to ${target.uploadUrl}`);
      const fault = faults.get((file as File).name)?.shift();
      if (typeof fault === 'function') (fault as () => void)();
      if (fault !== undefined) throw fault;
      options.onConfirmed?.(file.size);
      return target.uploadUrl;
    },
    saveDownloadLink: async (id, url, error) => void links.push({ id, url, error }),
    serverAnswers: async () => true,
  };
  const world = {
    jobs,
    calls,
    reports,
    links,
    faults,
    refusals,
    present,
    setOnline: (value: boolean) => void (online = value),
    advance: (ms: number) => void (now += ms),
    now: () => now,
    runner: createUploadRunner({
      jobs,
      client,
      files: {
        remember: (key, files) => files.forEach((f) => present.set(f.name, f)),
        forget: () => undefined,
        clipFile: async (_key, _index, clip: UploadJobClip) => present.get(clip.name) ?? null,
      },
      reports: { queueProgress: async (r) => void reports.push(r), flushSoon: () => undefined },
      isOnline: () => online,
      now: () => now,
      random: () => 0.5,
    }),
  };
  return world;
}

/** A purchase's job in the store, its clips in the kiosk folder. */
function sold(w: ReturnType<typeof kiosk>, id: string, clips: File[]) {
  w.jobs.all.set(
    id,
    newUploadJob(
      id,
      `videos_${id}`,
      clips.map((file) => ({ file, uploadName: file.name, mimeType: 'video/mp4' })),
      w.now(),
    ),
  );
  for (const f of clips) w.present.set(f.name, f);
}

const busy = () => new ApiError(503, 'The bucket asks this server to slow down (SlowDown); try again in a minute.', null);

describe('the upload runner', () => {
  it('uploads every clip into the purchase folder, then saves the link once and reports it done', async () => {
    const w = kiosk();
    const clips = [fileOf('Rally-1.mp4', 1_000), fileOf('Rally-2.mp4', 2_000)];
    sold(w, 'CR-1', clips);
    const outcome = await w.runner.startUploadJob('CR-1', clips);
    expect(outcome).toEqual({ transactionId: 'CR-1', folderUrl: FOLDER_URL, uploaded: 2, failed: 0, linkSaved: true });
    expect(w.links).toEqual([{ id: 'CR-1', url: FOLDER_URL, error: false }]);
    expect(w.jobs.all.get('CR-1')).toMatchObject({ state: 'done', linkSaved: true });
    expect(w.reports.at(-1)).toMatchObject({ transactionId: 'CR-1', uploaded: 2, total: 2, state: 'done' });
  });

  it('keeps a clip the storage refuses for now (our 503, a storage still busy) and saves no link until every clip is in', async () => {
    for (const refusal of [busy(), new StorageBusy('no progress after 6 tries (last: the storage answered 503 to part 2)')]) {
      const w = kiosk();
      const clips = [fileOf('Rally-1.mp4', 1_000), fileOf('Rally-2.mp4', 2_000)];
      sold(w, 'CR-1', clips);
      w.faults.set('Rally-2.mp4', [refusal]);
      const problems: string[] = [];
      const outcome = w.runner.startUploadJob('CR-1', clips, undefined, (reason) => problems.push(reason));
      await w.runner.runUploadJobs(false);
      expect(w.links).toEqual([]);
      expect(w.jobs.all.get('CR-1')).toMatchObject({ state: 'uploading', linkSaved: false, lastError: refusal.message });
      expect(w.jobs.all.get('CR-1')!.clips.map((c) => c.state)).toEqual(['done', 'pending']);
      expect(problems).toEqual([refusal.message]);

      w.advance(JOB_RETRY_MAX_MS);
      await w.runner.runUploadJobs(false);
      expect(await outcome).toMatchObject({ uploaded: 2, failed: 0, linkSaved: true });
      expect(w.links).toEqual([{ id: 'CR-1', url: FOLDER_URL, error: false }]);
    }
  });

  it('waits a growing backoff (2 s doubled, at most a minute) between runs of a job that keeps failing, unless forced', async () => {
    const w = kiosk();
    const clip = fileOf('Rally-1.mp4', 1_000);
    sold(w, 'CR-1', [clip]);
    w.faults.set('Rally-1.mp4', Array.from({ length: 20 }, busy));
    const runsAt: number[] = [];
    const start = w.now();
    for (let second = 0; second < 300; second++) {
      const before = w.calls.length;
      await w.runner.runUploadJobs(false);
      if (w.calls.length > before) runsAt.push(w.now() - start);
      w.advance(1_000);
    }
    const gaps = runsAt.slice(1).map((at, i) => at - runsAt[i]!);
    const expected = gaps.map((_, i) => Math.ceil(retryDelayMs(i + 1, 0.5, RETRY_BASE_MS, JOB_RETRY_MAX_MS) / 1_000) * 1_000);
    expect(gaps.length).toBeGreaterThanOrEqual(7);
    expect(gaps).toEqual(expected);
    expect(gaps.slice(0, 3)).toEqual([2_000, 3_000, 6_000]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(JOB_RETRY_MAX_MS);
    expect(w.links).toEqual([]);

    // The network came back: a forced run ignores the backoff.
    const before = w.calls.length;
    await w.runner.runUploadJobs(true);
    expect(w.calls.length).toBeGreaterThan(before);
  });

  it('gives up a clip whose file is gone or that the storage refuses, saving the link with the others; with none, the failure', async () => {
    const w = kiosk();
    const clips = [fileOf('Rally-1.mp4', 1_000), fileOf('Rally-2.mp4', 2_000), fileOf('Rally-3.mp4', 3_000)];
    sold(w, 'CR-1', clips);
    w.present.delete('Rally-1.mp4');
    w.faults.set('Rally-2.mp4', [new UploadError('the storage answered 400 to part 1')]);
    const outcome = await w.runner.startUploadJob('CR-1', []);
    expect(outcome).toMatchObject({ uploaded: 1, failed: 2 });
    expect(w.links).toEqual([{ id: 'CR-1', url: FOLDER_URL, error: false }]);
    expect(w.reports.at(-1)).toMatchObject({
      state: 'done',
      uploaded: 1,
      failed: 2,
      reason: 'Rally-2.mp4: the storage answered 400 to part 1',
    });

    const none = kiosk();
    sold(none, 'CR-2', [fileOf('Gone.mp4', 10)]);
    none.present.clear();
    expect(await none.runner.startUploadJob('CR-2', [])).toMatchObject({ folderUrl: null, uploaded: 0, failed: 1 });
    expect(none.links).toEqual([{ id: 'CR-2', url: null, error: true }]);
    expect(none.jobs.all.get('CR-2')).toMatchObject({ state: 'failed', linkSaved: false });
  });

  it('resumes after a restart where the storage says the clip stopped, on the URL it had, and sends nothing twice', async () => {
    const jobs = memoryJobs();
    const first = kiosk(jobs);
    const clip = fileOf('Rally-1.mp4', 1_000);
    sold(first, 'CR-1', [clip]);
    // The first page died mid-clip: the network went, then the power.
    first.faults.set('Rally-1.mp4', [
      () => {
        first.setOnline(false);
        throw new TypeError('Failed to fetch');
      },
    ]);
    await first.runner.runUploadJobs(true);
    expect(first.links).toEqual([]);
    expect(jobs.all.get('CR-1')!.clips[0]!.state).toBe('pending');
    jobs.all.get('CR-1')!.clips[0]!.uploadUrl = 'https://storage.example/Rally-1.mp4';

    const restarted = kiosk(jobs);
    restarted.present.set(clip.name, clip);
    await restarted.runner.runUploadJobs(true);
    expect(restarted.calls).toEqual([
      'status https://storage.example/Rally-1.mp4',
      'send Rally-1.mp4 from 500 to https://storage.example/Rally-1.mp4',
    ]);
    expect(restarted.links).toEqual([{ id: 'CR-1', url: FOLDER_URL, error: false }]);

    // A finished job is never run again, whatever restarts follow.
    const again = kiosk(jobs);
    await again.runner.runUploadJobs(true);
    expect(again.calls).toEqual([]);
    expect(again.links).toEqual([]);
  });

  it('drops a job the server refuses for good (409: erased, or ended unpaid), telling whoever waits', async () => {
    const w = kiosk();
    sold(w, 'CR-1', [fileOf('Rally-1.mp4', 1_000)]);
    w.refusals.folder = new ApiError(409, 'This purchase was erased', null);
    expect(await w.runner.startUploadJob('CR-1', [])).toEqual({
      transactionId: 'CR-1',
      folderUrl: null,
      uploaded: 0,
      failed: 0,
      linkSaved: false,
    });
    expect(w.jobs.all.has('CR-1')).toBe(false);
    expect(w.links).toEqual([]);
  });

  it('leaves a purchase accepted offline to wait until the server names it, and runs nothing while offline', async () => {
    const w = kiosk();
    sold(w, 'pending:key-1', [fileOf('Rally-1.mp4', 1_000)]);
    await w.runner.runUploadJobs(true);
    sold(w, 'CR-2', [fileOf('Rally-2.mp4', 1_000)]);
    w.setOnline(false);
    await w.runner.runUploadJobs(true);
    expect(w.calls).toEqual([]);
  });
});
