// The background work of the offline layer, started once per page: drain the outbox, run the
// upload jobs, send the back-office reports. It runs on start-up, whenever the network comes back
// (`online` event, ignoring backoff), when a purchase is queued, and periodically.
import { drainOutbox } from './outbox-drainer.ts';
import { subscribeOnline, isOnline } from './network.ts';
import { flushReports } from './reports.ts';
import { runUploadJobs } from './upload-runner.ts';

export const TICK_INTERVAL_MS = 15_000;

let started = false;
let ticking: Promise<void> | null = null;
let pendingForce: boolean | null = null;

async function tick(force: boolean): Promise<void> {
  if (!isOnline()) return;
  await drainOutbox({ force });
  await runUploadJobs(force);
  await flushReports();
}

/** Runs a pass now (or right after the one under way). */
export function kickOffline(force = false): Promise<void> {
  if (ticking) {
    pendingForce = (pendingForce ?? false) || force;
    return ticking;
  }
  ticking = tick(force)
    .catch(() => undefined)
    .finally(() => {
      ticking = null;
      if (pendingForce !== null) {
        const f = pendingForce;
        pendingForce = null;
        void kickOffline(f);
      }
    });
  return ticking;
}

/** Starts the loop once; later calls do nothing (React StrictMode mounts twice). */
export function startOfflineRuntime(): void {
  if (started) return;
  started = true;
  subscribeOnline(() => {
    if (isOnline()) void kickOffline(true);
  });
  setInterval(() => void kickOffline(false), TICK_INTERVAL_MS);
  void kickOffline(true);
}
