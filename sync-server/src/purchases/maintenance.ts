// Periodic upkeep started by main.ts: old Idempotency-Key answers, court marks and the recorders'
// resolved outages and alerts are dropped. Pending payments are
// not expired here: only the provider's word ends them (payments/reconciler.ts), since an order
// the player paid may simply have lost its notification.
import type { AppDeps } from '../app-env.ts';
import { runExclusive } from '../db/exclusive.ts';
import { deleteOldIdempotencyKeys } from './idempotency.ts';
import { deleteOldMarks } from '../court-marks/service.ts';
import { pruneRecorderHistory } from '../recorders/history.ts';

export const MAINTENANCE_INTERVAL_MS = 60_000;

/** One pass, unless another instance is running one (db/exclusive.ts). */
export async function runPurchaseMaintenance(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>): Promise<void> {
  await runExclusive(deps.db, 'maintenance', async () => {
    await deleteOldIdempotencyKeys(deps.db, deps.clock.now());
    await deleteOldMarks(deps);
    await pruneRecorderHistory(deps);
  });
}

/** Runs the upkeep now and every minute; returns the function that stops it. */
export function startPurchaseMaintenance(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>): () => void {
  const tick = () => void runPurchaseMaintenance(deps).catch((err: unknown) => deps.logger.error({ err }, 'purchase maintenance failed'));
  tick();
  const timer = setInterval(tick, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
