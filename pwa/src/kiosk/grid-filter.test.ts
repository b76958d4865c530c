import { describe, expect, it } from 'vitest';
import {
  ALL_COURTS,
  ANY_TIME,
  chosenClips,
  clipCourt,
  courtChips,
  courtNameKey,
  markedClips,
  OWN_COURT_KEY,
  timeJumps,
  videoCourtsOf,
  type CourtContext,
  type GridClip,
} from './grid-filter.ts';

const context: CourtContext = {
  courts: [
    { id: 1, name: 'Court 1' },
    { id: 2, name: 'Court 2' },
    { id: 3, name: 'Centre Court' },
  ],
  ownFieldId: 1,
};

// 19:42:00 in Jakarta (UTC+7) on 2026-11-20.
const NOW = Date.parse('2026-11-20T12:42:00Z');
const MIN = 60_000;
let n = 0;
const clip = (minutesAgo: number, folder: string | null = null, duration: number | null = 30): GridClip => ({
  id: `clip-${++n}`,
  createdAt: NOW - minutesAgo * MIN,
  duration,
  folder,
});

describe('which court a clip belongs to', () => {
  it('matches a subfolder to a court with case, spaces and dashes ignored', () => {
    for (const folder of ['Court 2', 'court-2', 'COURT2', ' court - 2 ']) expect(clipCourt(folder, context).courtId).toBe(2);
    expect(courtNameKey('Centre  Court')).toBe(courtNameKey('centre-court'));
    expect(clipCourt('Court 22', context).courtId).toBeNull();
  });

  it('puts clips directly in the folder, and the own court’s subfolder, on the kiosk’s own court', () => {
    expect(clipCourt(null, context)).toEqual({ key: OWN_COURT_KEY, courtId: 1, label: 'Court 1', own: true });
    expect(clipCourt('court 1', context)).toEqual({ key: OWN_COURT_KEY, courtId: 1, label: 'Court 1', own: true });
  });

  it('finds the folder the recorder writes for a court whose name is no safe folder name, and never mixes two courts', () => {
    const hostile: CourtContext = {
      courts: [
        { id: 1, name: 'Court 1/2' },
        { id: 2, name: 'Court 1-2' },
        { id: 3, name: '..' },
        { id: 4, name: 'CON' },
      ],
      ownFieldId: null,
    };
    expect(['Court 1-2', 'Court 1-2 #2', 'Court 3', 'CON_'].map((folder) => clipCourt(folder, hostile).courtId)).toEqual([1, 2, 3, 4]);
  });

  it('lists a subfolder matching no court under its own name, with no court id', () => {
    expect(clipCourt('Practice', context)).toEqual({ key: 'folder:practice', courtId: null, label: 'Practice', own: false });
  });

  it('sends one court id (or null) per clip, in order, for videoCourts', () => {
    expect(videoCourtsOf([clip(1, 'Court 2'), clip(2), clip(3, 'Practice')], context)).toEqual([2, 1, null]);
    expect(videoCourtsOf([clip(1)], { courts: [], ownFieldId: null })).toEqual([null]);
  });
});

describe('court chips', () => {
  it('puts the own court first, then the venue’s other courts with clips in its order, then unmatched subfolders', () => {
    const clips = [clip(1, 'Practice'), clip(2, 'Centre Court'), clip(3, 'court-2'), clip(4, 'Court 2')];
    expect(courtChips(clips, context).map((c) => c.label)).toEqual(['Court 1', 'Court 2', 'Centre Court', 'Practice']);
  });

  it('always has the own court, even with none of its clips yet', () => {
    expect(courtChips([], context).map((c) => c.key)).toEqual([OWN_COURT_KEY]);
  });
});

describe('the clips of a choice', () => {
  const own = clip(50);
  const court2 = clip(5, 'Court 2');
  const older2 = clip(70, 'court-2');
  const clips = [own, older2, court2];

  it('shows one court’s clips, or all courts’, newest first', () => {
    expect(chosenClips(clips, { court: 'court:2', time: ANY_TIME }, context, NOW)).toEqual([court2, older2]);
    expect(chosenClips(clips, { court: OWN_COURT_KEY, time: ANY_TIME }, context, NOW)).toEqual([own]);
    expect(chosenClips(clips, { court: ALL_COURTS, time: ANY_TIME }, context, NOW)).toEqual([court2, own, older2]);
  });

  it('jumps to the last 15 minutes, the last hour, or one hour of the day at the venue', () => {
    const all = (time: Parameters<typeof chosenClips>[1]['time']) => chosenClips(clips, { court: ALL_COURTS, time }, context, NOW);
    expect(all({ kind: 'last', minutes: 15 })).toEqual([court2]);
    expect(all({ kind: 'last', minutes: 60 })).toEqual([court2, own]);
    // At 19:42 in Jakarta: the clip of 19:37 is in the 19:00 hour, those of 18:52 and 18:32 in the 18:00 hour.
    const hours = timeJumps(clips).filter((j) => j.kind === 'hour');
    expect(hours).toEqual([
      { kind: 'hour', start: Date.parse('2026-11-20T12:00:00Z') },
      { kind: 'hour', start: Date.parse('2026-11-20T11:00:00Z') },
    ]);
    expect(all(hours[0]!)).toEqual([court2]);
    expect(all(hours[1]!)).toEqual([own, older2]);
    expect(timeJumps(clips).slice(0, 2)).toEqual([
      { kind: 'last', minutes: 15 },
      { kind: 'last', minutes: 60 },
    ]);
  });
});

describe('marked moments', () => {
  it('lists the clips of the marked court whose span covers the mark, with 15 s either side, newest first', () => {
    // A 30 s clip ending 10 minutes ago spans 10:30 to 10:00 ago; 15 s slack each side.
    const covering = clip(10, 'Court 2', 30);
    const otherCourt = clip(10, null, 30);
    const later = clip(5, 'Court 2', 30);
    const mark = { fieldId: 2, at: NOW - 10 * MIN - 40_000 };
    expect(markedClips([covering, otherCourt, later], [mark], context, NOW)).toEqual([covering]);
    // Just outside the slack: 30 s + 15 s + 1 ms before the file time.
    expect(markedClips([covering], [{ fieldId: 2, at: NOW - 10 * MIN - 45_001 }], context, NOW)).toEqual([]);
    expect(markedClips([covering], [{ fieldId: 2, at: NOW - 10 * MIN + 15_000 }], context, NOW)).toEqual([covering]);
    expect(markedClips([covering], [{ fieldId: 2, at: NOW - 10 * MIN + 15_001 }], context, NOW)).toEqual([]);
  });

  it('forgets marks older than two hours and clips of unmatched subfolders', () => {
    const old = clip(121, 'Court 2', 30);
    expect(markedClips([old], [{ fieldId: 2, at: old.createdAt }], context, NOW)).toEqual([]);
    const practice = clip(3, 'Practice', 30);
    expect(markedClips([practice], [{ fieldId: 2, at: practice.createdAt }], context, NOW)).toEqual([]);
  });

  it('lists a clip not yet measured by its file time alone (with the slack)', () => {
    const unmeasured = clip(3, 'Court 2', null);
    expect(markedClips([unmeasured], [{ fieldId: 2, at: unmeasured.createdAt - 15_000 }], context, NOW)).toEqual([unmeasured]);
  });
});
