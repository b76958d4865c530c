// Reports to the back-office (parked purchases with their reason, upload progress per purchase),
// stored first and sent when the network allows, so an operator learns of a parked purchase even
// if it was parked during an outage. One pending report per key: a newer progress replaces an
// older one that was never sent.
import type { KioskParkedReport, KioskUploadProgressReport } from '@courtreplay/shared';
import { ApiError } from '../lib/api-client.ts';
import { offlineDb } from './reports-db.ts';
import { outcomeOfStatus, retryDelayMs } from './retry-policy.ts';
import { PARKED_REPORT_PATH, postReport, PROGRESS_REPORT_PATH } from './server-calls.ts';

export async function queueParkedReport(report: KioskParkedReport): Promise<void> {
  await offlineDb.reports.put({
    key: `parked:${report.idempotencyKey}`,
    path: PARKED_REPORT_PATH,
    body: report,
    attempts: 0,
    nextAttemptAt: 0,
  });
}

export async function queueProgressReport(report: KioskUploadProgressReport): Promise<void> {
  await offlineDb.reports.put({
    key: `progress:${report.transactionId}`,
    path: PROGRESS_REPORT_PATH,
    body: report,
    attempts: 0,
    nextAttemptAt: 0,
  });
}

let flushing: Promise<void> | null = null;
let scheduled: ReturnType<typeof setTimeout> | null = null;

/** Sends soon: reports queued within the next second are sent together, the latest per key. */
export function scheduleReportFlush(delayMs = 1_000): void {
  if (scheduled) return;
  scheduled = setTimeout(() => {
    scheduled = null;
    void flushReports();
  }, delayMs);
}

/** Sends the reports that are due; one flush at a time. */
export function flushReports(now = Date.now()): Promise<void> {
  flushing ??= sendDue(now).finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendDue(now: number): Promise<void> {
  const due = await offlineDb.reports.where('nextAttemptAt').belowOrEqual(now).toArray();
  for (const report of due) {
    let status: number;
    try {
      await postReport(report.path, report.body);
      status = 200;
    } catch (e) {
      status = e instanceof ApiError ? e.status : 0;
    }
    const outcome = outcomeOfStatus(status);
    // Delete only the version that was sent: a newer report under the same key stays queued.
    await offlineDb.transaction('rw', offlineDb.reports, async () => {
      const current = await offlineDb.reports.get(report.key);
      if (!current || JSON.stringify(current.body) !== JSON.stringify(report.body)) return;
      // A report the server refuses (e.g. the purchase is unknown) would be refused again: drop it.
      if (outcome !== 'retry') await offlineDb.reports.delete(report.key);
      else
        await offlineDb.reports.update(report.key, {
          attempts: report.attempts + 1,
          nextAttemptAt: Date.now() + retryDelayMs(report.attempts + 1, Math.random()),
        });
    });
    if (status === 0) return;
  }
}
