// The recorders' history kept for the Errors tab: a resolved camera outage or recorder alert stays
// RECORDER_HISTORY_DAYS (at most the newest RESOLVED_PER_VENUE of each venue), then the server's
// upkeep deletes it (purchases/maintenance.ts: once a minute, on one instance at a time). Open ones
// stay until they resolve.
import type { AppDeps } from '../app-env.ts';
import { pruneHistory } from './queries.ts';

export const RECORDER_HISTORY_DAYS = 30;

/** One pass; answers how many outages and alerts went. */
export async function pruneRecorderHistory(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<{ outages: number; alerts: number }> {
  const before = new Date(deps.clock.now().getTime() - RECORDER_HISTORY_DAYS * 24 * 3_600_000).toISOString();
  return { outages: await pruneHistory(deps.db, 'outages', before), alerts: await pruneHistory(deps.db, 'alerts', before) };
}
