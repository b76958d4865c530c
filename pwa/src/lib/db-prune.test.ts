import { describe, expect, it } from 'vitest';
import type { CachedClip, OutboxPurchase, UploadJob } from './db.ts';
import { isOldFinishedJob, isOldSentPurchase, isPastDaysClip, KEEP_FINISHED_MS } from './db-prune.ts';

// A frozen clock: 22 Nov 2026, 14:00 in Jakarta (the venue's day and, in this test, the kiosk's).
const NOW = Date.parse('2026-11-22T07:00:00Z');
const HOUR = 60 * 60_000;
const WEEK = KEEP_FINISHED_MS;

const clip = (lastModified: number): CachedClip => ({
  key: `c|1|${lastModified}`,
  name: 'c.mp4',
  size: 1,
  lastModified,
  format: 'mp4',
  cachedAt: NOW,
});
const entry = (state: OutboxPurchase['state'], createdAt: number): OutboxPurchase => ({
  idempotencyKey: 'k',
  body: { email: 'a@example.com', videoIds: ['v'], totalAmount: 0 },
  staging: false,
  state,
  attempts: 1,
  createdAt,
  nextAttemptAt: createdAt,
});
const job = (state: UploadJob['state'], updatedAt: number): UploadJob => ({
  transactionId: 't',
  folderName: 'f',
  clips: [],
  state,
  linkSaved: state === 'done',
  createdAt: updatedAt,
  updatedAt,
});

describe('what pruning deletes from the kiosk database', () => {
  it("drops the clip cache of past days and keeps today's", () => {
    expect(isPastDaysClip(clip(NOW - 30 * HOUR), NOW)).toBe(true);
    expect(isPastDaysClip(clip(Date.parse('2026-11-21T16:59:00Z')), NOW)).toBe(true);
    expect(isPastDaysClip(clip(Date.parse('2026-11-21T17:01:00Z')), NOW)).toBe(false);
    expect(isPastDaysClip(clip(NOW - HOUR), NOW)).toBe(false);
  });

  it('drops sent purchases older than a week, never a queued or parked one however old', () => {
    expect(isOldSentPurchase(entry('sent', NOW - WEEK - HOUR), NOW)).toBe(true);
    expect(isOldSentPurchase(entry('sent', NOW - WEEK + HOUR), NOW)).toBe(false);
    expect(isOldSentPurchase(entry('queued', NOW - 10 * WEEK), NOW)).toBe(false);
    expect(isOldSentPurchase(entry('parked', NOW - 10 * WEEK), NOW)).toBe(false);
  });

  it('drops upload jobs finished more than a week ago, never one still pending or uploading', () => {
    expect(isOldFinishedJob(job('done', NOW - WEEK - HOUR), NOW)).toBe(true);
    expect(isOldFinishedJob(job('failed', NOW - WEEK - HOUR), NOW)).toBe(true);
    expect(isOldFinishedJob(job('done', NOW - WEEK + HOUR), NOW)).toBe(false);
    expect(isOldFinishedJob(job('pending', NOW - 10 * WEEK), NOW)).toBe(false);
    expect(isOldFinishedJob(job('uploading', NOW - 10 * WEEK), NOW)).toBe(false);
  });
});
