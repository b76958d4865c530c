// What a recorder's status report may do (docs/cameras.md, "What the server trusts from a
// recorder"): speak only for its own venue's courts, and only so often. A recorder reports every
// 10 s and soon after a camera changes state; each report rewrites its cameras' states and
// outages, which the Errors tab lists, so a runaway or hostile recorder is held to a bounded rate
// (per instance), answered 429 with Retry-After, and a report naming another venue's court is
// refused whole (403).
import { RECORDER_MESSAGES, type recorderStatusRequest } from '@courtreplay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../app-env.ts';
import { forbidden, tooManyRequests, unauthenticated } from '../errors.ts';
import { RateLimit } from '../http/rate-limit.ts';
import { courtsOfOtherVenues, lockRecorder, type RecorderRow } from './queries.ts';
import { recordStatus } from './states.ts';

/** Reports at once before the limit, then one more every STATUS_REFILL_MS (20 a minute). */
export const STATUS_BURST = 10;
export const STATUS_REFILL_MS = 3_000;

/** Each recorder's reports, on this instance. */
export const statusLimit = () => new RateLimit<number>({ burst: STATUS_BURST, refillMs: STATUS_REFILL_MS });

/**
 * Stores the report if the recorder may make it now and it names only the recorder's own venue's
 * courts: whole or not at all, one report of a recorder at a time.
 */
export async function reportStatus(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  limit: RateLimit<number>,
  recorder: RecorderRow,
  report: z.output<typeof recorderStatusRequest>,
): Promise<void> {
  const wait = limit.take(recorder.id, deps.clock.now().getTime());
  if (wait > 0) throw tooManyRequests(RECORDER_MESSAGES.statusTooOften, wait);
  const named = [...new Set(report.cameras.map((c) => c.fieldId))];
  if ((await courtsOfOtherVenues(deps.db, recorder.venueId, named)).length) throw forbidden(RECORDER_MESSAGES.statusOtherVenue);
  await deps.db.transaction().execute(async (tx) => {
    const current = await lockRecorder(tx, recorder.id);
    if (!current) throw unauthenticated(RECORDER_MESSAGES.tokenRefused);
    await recordStatus({ ...deps, db: tx }, current, report);
  });
}
