// "Mark this moment" (issue 25 point 4): a phone at the court taps the poster's button and the
// server records the court and its own time. No login and nothing about the person: a phone is
// known only by the hash of an anonymous random cookie, which keeps it to one mark per 20 s.
import { createHash } from 'node:crypto';
import { formatTime24 } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import { isCourtCodeShaped } from '../fields/court-code.ts';
import { deleteMarksBefore, findCourtByCode, insertMark, latestMarkOfPhone, venueMarksSince, type CourtByCode } from './queries.ts';

/** One phone marks at most once in this time; a second tap answers with the first mark. */
export const MARK_PHONE_INTERVAL_MS = 20_000;
/** The kiosks list marks of this long ago. */
export const MARKS_SHOWN_MS = 2 * 60 * 60_000;
/** Marks older than this are deleted. */
export const MARKS_KEPT_MS = 24 * 60 * 60_000;

const phoneKeyOf = (phoneToken: string) => createHash('sha256').update(phoneToken).digest('hex');

/** The court a code names; undefined for an unknown or malformed code alike. */
export async function courtOfCode(deps: Pick<AppDeps, 'db'>, courtCode: string): Promise<CourtByCode | undefined> {
  return isCourtCodeShaped(courtCode) ? findCourtByCode(deps.db, courtCode) : undefined;
}

export interface Mark {
  /** The mark's time of day at the venue, 'HH:MM'. */
  time: string;
  courtName: string;
  /** False when the phone's earlier mark (within 20 s) stands for this tap. */
  recorded: boolean;
}

/** Records the phone's mark on the court, unless it marked within the last 20 s. */
export async function markMoment(deps: Pick<AppDeps, 'db' | 'clock'>, court: CourtByCode, phoneToken: string): Promise<Mark> {
  const now = deps.clock.now();
  const phoneKey = phoneKeyOf(phoneToken);
  const earlier = await latestMarkOfPhone(deps.db, phoneKey, new Date(now.getTime() - MARK_PHONE_INTERVAL_MS).toISOString());
  if (earlier) return { time: formatTime24(earlier.markedAt), courtName: earlier.courtName, recorded: false };
  await insertMark(deps.db, { fieldId: court.fieldId, markedAt: now.toISOString(), phoneKey });
  await deleteOldMarks(deps);
  return { time: formatTime24(now), courtName: court.courtName, recorded: true };
}

/** The venue's marks of the last two hours, for its kiosks. */
export async function recentVenueMarks(deps: Pick<AppDeps, 'db' | 'clock'>, venueId: number) {
  return venueMarksSince(deps.db, venueId, new Date(deps.clock.now().getTime() - MARKS_SHOWN_MS).toISOString());
}

export async function deleteOldMarks(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  return deleteMarksBefore(deps.db, new Date(deps.clock.now().getTime() - MARKS_KEPT_MS).toISOString());
}

/**
 * Marks per address per minute: a venue's phones may share one public address, so this stops a
 * flood, not a busy evening. Kept in memory (per instance); nothing is stored about the address.
 */
export const MARKS_PER_ADDRESS_PER_MINUTE = 20;

export function addressLimiter(limit = MARKS_PER_ADDRESS_PER_MINUTE, windowMs = 60_000) {
  const seen = new Map<string, number[]>();
  return {
    /** Counts one mark from `address` at `now`; false when it is over the limit. */
    take(address: string, now: number): boolean {
      if (seen.size > 10_000) for (const [key, times] of seen) if (times.every((t) => t <= now - windowMs)) seen.delete(key);
      const times = (seen.get(address) ?? []).filter((t) => t > now - windowMs);
      if (times.length >= limit) {
        seen.set(address, times);
        return false;
      }
      times.push(now);
      seen.set(address, times);
      return true;
    },
  };
}
