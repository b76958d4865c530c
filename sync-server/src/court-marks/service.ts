// "Mark this moment": a phone at the court taps the poster's button and the
// server records the court and its own time. No login and nothing about the person: a phone is
// known only by the hash of an anonymous random cookie, which keeps it to one mark per 20 s (a
// phone that sends no cookie is known by its address instead, so dropping the cookie gains
// nothing). A mark is a moment, not a vote: a court stores at most one mark per 10 s, and a tap
// within that answers the court's mark, however many phones or addresses tap.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { formatTime24 } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import { isCourtCodeShaped } from '../fields/court-code.ts';
import { claimMark, deleteMarksBefore, findCourtByCode, insertMarkUnlessRecent, venueMarksSince, type CourtByCode } from './queries.ts';

/** One phone marks at most once in this time; a second tap answers with the first mark. */
export const MARK_PHONE_INTERVAL_MS = 20_000;
/** A court stores at most one mark in this time; a tap within it answers the court's mark. */
export const MARK_COURT_INTERVAL_MS = 10_000;
/** The kiosks list marks of this long ago. */
export const MARKS_SHOWN_MS = 2 * 60 * 60_000;
/** Marks older than this are deleted. */
export const MARKS_KEPT_MS = 24 * 60 * 60_000;

/** How a phone is stored and found: the SHA-256 of its cookie (or of its address's keyed hash). */
export const phoneKeyOf = (phoneToken: string) => createHash('sha256').update(phoneToken).digest('hex');

/** Whether `phone` (phoneOfCookie or phoneOfAddress) is a phone's own cookie, which finds its rallies again. */
const isCookiePhone = (phone: string) => !phone.startsWith('address:');

// An address is not kept in the clear, nor as a plain hash (every IPv4 address can be hashed and
// looked up): keyed with a secret of this process, which nothing stores. Another instance has
// another key, so a phone without its cookie may mark once per 20 s on each: still bounded.
const addressSecret = randomBytes(32);

/** Who marks, for the one-mark-per-20-s rule: the phone's cookie, or its address when it sent none. */
export const phoneOfCookie = (cookie: string): string => cookie;
export const phoneOfAddress = (address: string): string =>
  `address:${createHmac('sha256', addressSecret).update(address).digest('base64url')}`;

/** The court a code names; undefined for an unknown or malformed code alike. */
export async function courtOfCode(deps: Pick<AppDeps, 'db'>, courtCode: string): Promise<CourtByCode | undefined> {
  return isCourtCodeShaped(courtCode) ? findCourtByCode(deps.db, courtCode) : undefined;
}

export interface Mark {
  /** The mark this tap has: its own, or the earlier one that stands for it. */
  id: number;
  /** The mark's time of day at the venue, 'HH:MM'. */
  time: string;
  /** The mark's instant, ISO 8601 UTC. */
  markedAt: string;
  courtName: string;
  /** False when an earlier mark stands for this tap: the phone's (within 20 s) or the court's (within 10 s). */
  recorded: boolean;
}

/**
 * Records the phone's mark on the court, unless the phone marked within the last 20 s or the court
 * was marked within the last 10 s: then that mark is the answer. Either way a phone known by its
 * cookie claims the mark it got, so two phones that tap the same rally both have it (phone-store/).
 * `phone` is phoneOfCookie(…) or phoneOfAddress(…).
 */
export async function markMoment(deps: Pick<AppDeps, 'db' | 'clock'>, court: CourtByCode, phone: string): Promise<Mark> {
  const now = deps.clock.now();
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const phoneKey = phoneKeyOf(phone);
  const mark = await insertMarkUnlessRecent(
    deps.db,
    { fieldId: court.fieldId, markedAt: now.toISOString(), phoneKey },
    { phone: before(MARK_PHONE_INTERVAL_MS), court: before(MARK_COURT_INTERVAL_MS) },
  );
  if (isCookiePhone(phone)) await claimMark(deps.db, { markId: mark.id, phoneKey, claimedAt: now.toISOString() });
  if (!mark.recorded)
    return { id: mark.id, time: formatTime24(mark.markedAt), markedAt: mark.markedAt, courtName: mark.courtName, recorded: false };
  await deleteOldMarks(deps);
  return { id: mark.id, time: formatTime24(now), markedAt: now.toISOString(), courtName: court.courtName, recorded: true };
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

// What the other features use of this one; its queries.ts is its own.
export type { CourtByCode } from './queries.ts';
