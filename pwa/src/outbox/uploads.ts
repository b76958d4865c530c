// The page's one upload runner (upload-runner.ts), wired to the kiosk's IndexedDB, our server
// through the API client, the kiosk folder's files and the report queue.
import { askUploadStatus, createUploadFolder, requestUploadUrl, saveDownloadLink, sendClip } from '../lib/uploader.ts';
import { isOnline } from '../offline/network.ts';
import { FolderPermissionNeeded, forgetJobFiles, jobClipFile, rememberJobFiles } from './job-files.ts';
import { queueProgressReport, scheduleReportFlush } from './reports.ts';
import { serverAnswers } from './server-calls.ts';
import { dexieUploadJobs } from './upload-job-store.ts';
import { createUploadRunner } from './upload-runner.ts';

export type { JobOutcome } from './upload-runner.ts';

const runner = createUploadRunner({
  jobs: dexieUploadJobs,
  client: { createFolder: createUploadFolder, requestUploadUrl, askUploadStatus, sendClip, saveDownloadLink, serverAnswers },
  files: {
    remember: rememberJobFiles,
    forget: forgetJobFiles,
    clipFile: async (jobKey, index, clip) => {
      try {
        return await jobClipFile(jobKey, index, clip);
      } catch (e) {
        // Waiting for the folder to be opened again is the job's to wait out; any other failure to read is the clip's.
        if (e instanceof FolderPermissionNeeded) throw e;
        return 'unreadable';
      }
    },
  },
  reports: { queueProgress: queueProgressReport, flushSoon: () => scheduleReportFlush() },
  isOnline,
  now: () => Date.now(),
  random: Math.random,
});

export const startUploadJob = runner.startUploadJob;
export const runUploadJobs = runner.runUploadJobs;
