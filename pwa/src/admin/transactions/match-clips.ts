// Finds a purchase's clips in the admin's folder (spec section 4, resend): each wanted video is
// scored against every file; a pair scoring FILE_MATCH_CONFIDENCE_THRESHOLD (60) or more is a
// match. Then the set is filled by fallbacks: a weaker name match, then a clip recorded shortly
// before the purchase on the same day. A file is used once.
import { FILE_MATCH_CONFIDENCE_THRESHOLD } from '@courtreplay/shared';
import { videoId, videoTitle } from '../../lib/clip-files.ts';

export interface CandidateFile {
  name: string;
  lastModified: number;
  size: number;
}

export interface WantedVideos {
  videoIds: readonly string[];
  videoTitles: readonly string[];
  /** When the purchase was made (ISO). */
  createdAt: string;
}

/** A weak name match still fills the set before the time fallback does. */
export const WEAK_MATCH_SCORE = 30;
/** How long before a purchase a clip may have been recorded to count as its time fallback. */
export const TIME_FALLBACK_WINDOW_MS = 6 * 60 * 60 * 1000;

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );

/** The title carried by an id '{timestamp}-{sanitised name}' (with its extension dropped). */
function titleFromId(id: string): string {
  return videoTitle(id.replace(/^\d+-/, ''));
}

/** 0..100: how sure we are that `file` is the wanted video with this id and title. */
export function matchScore(file: CandidateFile, id: string | undefined, title: string | undefined): number {
  if (id && videoId(file) === id) return 100;
  const fileTitle = videoTitle(file.name);
  const wantedTitles = [title, id ? titleFromId(id) : undefined].filter((t): t is string => !!t);
  let best = 0;
  for (const wanted of wantedTitles) {
    const a = normalise(fileTitle);
    const b = normalise(wanted);
    if (!a || !b) continue;
    if (a === b) best = Math.max(best, 90);
    else if (a.includes(b) || b.includes(a)) best = Math.max(best, 70 * (Math.min(a.length, b.length) / Math.max(a.length, b.length)) + 20);
    else {
      const fw = words(fileTitle);
      const ww = words(wanted);
      const shared = [...ww].filter((w) => fw.has(w)).length;
      const union = new Set([...fw, ...ww]).size;
      best = Math.max(best, union ? Math.round((shared / union) * 70) : 0);
    }
  }
  return Math.round(best);
}

export function matchClips<F extends CandidateFile>(wanted: WantedVideos, files: readonly F[]): F[] {
  const count = Math.max(wanted.videoIds.length, wanted.videoTitles.length);
  const slots: (F | undefined)[] = new Array(count).fill(undefined);
  const used = new Set<F>();
  const pairs: { slot: number; file: F; score: number }[] = [];
  for (let slot = 0; slot < count; slot++) {
    for (const file of files) pairs.push({ slot, file, score: matchScore(file, wanted.videoIds[slot], wanted.videoTitles[slot]) });
  }
  pairs.sort((x, y) => y.score - x.score);

  const assign = (minScore: number) => {
    for (const { slot, file, score } of pairs) {
      if (score < minScore) break;
      if (slots[slot] || used.has(file)) continue;
      slots[slot] = file;
      used.add(file);
    }
  };
  assign(FILE_MATCH_CONFIDENCE_THRESHOLD);
  assign(WEAK_MATCH_SCORE);

  // Last fallback: clips recorded in the hours before the purchase, the most recent first.
  const purchasedAt = Date.parse(wanted.createdAt);
  if (Number.isFinite(purchasedAt)) {
    const recent = files
      .filter((f) => !used.has(f) && f.lastModified <= purchasedAt && purchasedAt - f.lastModified <= TIME_FALLBACK_WINDOW_MS)
      .sort((a, b) => b.lastModified - a.lastModified);
    for (let slot = 0; slot < count && recent.length; slot++) {
      if (!slots[slot]) {
        const file = recent.shift()!;
        slots[slot] = file;
        used.add(file);
      }
    }
  }
  return slots.filter((f): f is F => !!f);
}
