// The grid's view of the clips for finding a rally: the court chips, the time jumps, the
// clips of the player's choice and the clips around a phone's mark. The rules are plain functions in
// grid-filter.ts; the folder reread that brings new clips in is clip-loading.ts's.
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Clip, ClipState } from './clip-store.ts';
import { chosenClips, clipCourt, courtChips, inCourt, markedClips, timeJumps, type CourtContext, type VenueCourt } from './grid-filter.ts';
import { deviceStatusQuery } from './queries.ts';

/** How long a clip that landed while the grid was open wears its "New" badge. */
export const NEW_BADGE_MS = 60_000;
/** How often the grid's idea of "now" moves on ("Last 15 min", the badges, the marks of the last two hours). */
const NOW_TICK_MS = 5_000;

const NO_COURTS: VenueCourt[] = [];
const NO_MARKS: { fieldId: number; at: number }[] = [];

function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), NOW_TICK_MS);
    return () => clearInterval(id);
  }, [running]);
  return now;
}

export function useRallyFinder(clips: ClipState) {
  const device = useQuery(deviceStatusQuery()).data;
  const loaded = clips.status === 'loaded';
  const now = useNow(loaded);

  // A persisted answer from before courts were known has none.
  const courts = device?.courts ?? NO_COURTS;
  const marks = device?.marks ?? NO_MARKS;
  const ownFieldId = device?.fieldId ?? null;
  const context = useMemo((): CourtContext => ({ courts, ownFieldId }), [courts, ownFieldId]);
  const { choice } = clips;
  const chips = useMemo(() => courtChips(clips.clips, context), [clips.clips, context]);
  const inChosenCourt = useMemo(() => clips.clips.filter((c) => inCourt(c, choice.court, context)), [clips.clips, choice.court, context]);
  const jumps = useMemo(() => timeJumps(inChosenCourt), [inChosenCourt]);
  const shown = useMemo(() => chosenClips(inChosenCourt, choice, context, now), [inChosenCourt, choice, context, now]);
  // Every court's marks, whatever chip is chosen: the phone sends the player to "Marked moments", not to a chip.
  const marked = useMemo(() => markedClips(clips.clips, marks, context, now), [clips.clips, marks, context, now]);
  /** The name of the court a clip was filmed on; null for the kiosk's own court when it has none. */
  const courtOf = (clip: Clip) => clipCourt(clip.folder, context).label;
  const isNew = (clip: Clip) => clip.arrivedAt !== null && now - clip.arrivedAt < NEW_BADGE_MS;
  return { context, chips, jumps, shown, marked, isNew, courtOf };
}
