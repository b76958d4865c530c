// Periodic upkeep started by main.ts: pending payments past the expiry end (giving their promo uses
// back) and old Idempotency-Key answers are dropped.
import type { AppDeps } from '../app.ts';
import { deleteOldIdempotencyKeys } from './idempotency.ts';
import { expireStalePurchases } from './outcomes.ts';

export const MAINTENANCE_INTERVAL_MS = 60_000;

export async function runPurchaseMaintenance(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>): Promise<void> {
  const now = deps.clock.now();
  const expired = await expireStalePurchases(deps.db, now, deps.config.pendingPaymentExpiryMs);
  if (expired > 0) deps.logger.info({ expired }, 'expired stale pending purchases');
  await deleteOldIdempotencyKeys(deps.db, now);
}

/** Runs the upkeep now and every minute; returns the function that stops it. */
export function startPurchaseMaintenance(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger'>): () => void {
  const tick = () => void runPurchaseMaintenance(deps).catch((err: unknown) => deps.logger.error({ err }, 'purchase maintenance failed'));
  tick();
  const timer = setInterval(tick, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
