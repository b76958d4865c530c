import { describe, expect, test } from 'vitest';
import { FILE_MATCH_CONFIDENCE_THRESHOLD } from '@courtreplay/shared';
import { videoId, videoTitle } from '../../lib/clip-files.ts';
import { matchClips, matchScore, TIME_FALLBACK_WINDOW_MS } from './match-clips.ts';

const purchasedAt = Date.parse('2026-11-22T10:00:00Z');
const file = (name: string, minutesBefore = 30) => ({ name, size: 1000, lastModified: purchasedAt - minutesBefore * 60_000 });
const wantedFor = (files: ReturnType<typeof file>[]) => ({
  videoIds: files.map(videoId),
  videoTitles: files.map((f) => videoTitle(f.name)),
  createdAt: new Date(purchasedAt).toISOString(),
});

describe('matchScore', () => {
  test('the same file (id) is certain; the same title is above the threshold; an unrelated name is not', () => {
    const f = file('court_1-rally.mp4');
    expect(matchScore(f, videoId(f), 'court 1 rally')).toBe(100);
    expect(matchScore(file('court_1-rally.mp4', 90), videoId(f), undefined)).toBeGreaterThanOrEqual(FILE_MATCH_CONFIDENCE_THRESHOLD);
    expect(matchScore(file('Court 1 Rally.webm'), undefined, 'court 1 rally')).toBeGreaterThanOrEqual(FILE_MATCH_CONFIDENCE_THRESHOLD);
    expect(matchScore(file('birthday.mp4'), undefined, 'court 1 rally')).toBeLessThan(FILE_MATCH_CONFIDENCE_THRESHOLD);
  });
});

describe('matchClips', () => {
  test('finds each purchased clip once, in the purchase order, ignoring the others', () => {
    const a = file('match_one.mp4');
    const b = file('match-two.webm');
    const other = file('warm up.mp4', 600);
    expect(matchClips(wantedFor([b, a]), [a, other, b])).toEqual([b, a]);
  });

  test('a renamed copy still matches by title when the timestamp changed', () => {
    const original = file('final_point.mp4', 20);
    const copy = { ...original, lastModified: original.lastModified + 5_000 };
    expect(matchClips(wantedFor([original]), [file('other.mp4', 500), copy])).toEqual([copy]);
  });

  test('fills a missing clip with the clip recorded closest before the purchase, never one from after it', () => {
    const named = file('serve.mp4', 10);
    const unnamedRecent = file('VID_0001.mp4', 5);
    const afterPurchase = file('VID_0002.mp4', -5);
    const wanted = { ...wantedFor([named]), videoIds: [videoId(named), '123-gone.mp4'], videoTitles: ['serve', 'gone'] };
    expect(matchClips(wanted, [afterPurchase, unnamedRecent, named])).toEqual([named, unnamedRecent]);
  });

  test('no name match and nothing recorded in the window before the purchase gives no match', () => {
    const old = file('VID_0003.mp4', TIME_FALLBACK_WINDOW_MS / 60_000 + 10);
    const later = file('VID_0004.mp4', -1);
    expect(matchClips(wantedFor([file('serve.mp4')]), [old, later])).toEqual([]);
  });
});
