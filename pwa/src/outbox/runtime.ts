// The outbox's background work, started once per page: top up the phone-token stock, drain the
// purchases, run the upload jobs, send the back-office reports. It runs on start-up, whenever the network comes back (`online`
// event, ignoring backoff), when a purchase is queued, and periodically.
import type { CreatePurchaseBody } from '@courtreplay/shared';
import { phoneTokenStock } from '../kiosk/phone-tokens.ts';
import { subscribeOnline, isOnline } from '../offline/network.ts';
import { claimForDrainer, drainOutbox } from './drainer.ts';
import { flushReports } from './reports.ts';
import { queuePurchase, type QueuedPurchase } from './send-purchase.ts';
import type { JobClipInput } from './upload-jobs.ts';
import { runUploadJobs } from './uploads.ts';

export const TICK_INTERVAL_MS = 15_000;

let started = false;
let ticking: Promise<void> | null = null;
let pendingForce: boolean | null = null;

async function tick(force: boolean): Promise<void> {
  if (!isOnline()) return;
  await phoneTokenStock.refill();
  await drainOutbox({ force });
  await runUploadJobs(force);
  await flushReports();
}

/** Runs a pass now (or right after the one under way). */
export function kickOutbox(force = false): Promise<void> {
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
        void kickOutbox(f);
      }
    });
  return ticking;
}

/** Starts the loop once; later calls do nothing (React StrictMode mounts twice). */
export function startOutboxRuntime(): void {
  if (started) return;
  started = true;
  subscribeOnline(() => {
    if (isOnline()) void kickOutbox(true);
  });
  setInterval(() => void kickOutbox(false), TICK_INTERVAL_MS);
  void kickOutbox(true);
}

/** A free purchase accepted without the network: stored, then sent by the drainer at once or later. */
export async function enqueuePurchase(
  body: CreatePurchaseBody,
  staging: boolean,
  upload: { folderName: string; clips: JobClipInput[] },
  idempotencyKey: string,
): Promise<QueuedPurchase> {
  const queued = await queuePurchase(body, staging, upload, idempotencyKey);
  claimForDrainer(idempotencyKey);
  void kickOutbox();
  return queued;
}
