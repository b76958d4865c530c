// What a phone shows of one of its rallies, and whether it may be paid for now: the rules in one
// pure function, so they are proved in milliseconds (rally-state.test.ts). Money is taken only for a
// clip on the server or on its way from a recorder that reports: while the venue is offline (its
// recorder silent) the rally is saved, and nothing is charged until it is ready.
import type { MarkFailure, MarkState } from '@courtreplay/shared';

/** A phone's words for a rally: the recorder's states, and what only the server can tell. */
export type RallyState =
  | MarkState
  /** The venue's recorder is silent: saved, ready when the venue is back. */
  | 'offline'
  /** No word from the recorder for a while although it reports: probably not coming. */
  | 'late'
  /** The venue has no recorder: its clips reach the kiosk only. */
  | 'kiosk'
  /** Its storage folder was removed (a day after the mark, or its buyer's data was erased). */
  | 'removed';

/** No word about a mark for this long from a recorder that reports: the phone says it is late. */
export const RALLY_LATE_AFTER_MS = 3 * 60_000;

export interface RallyFacts {
  clip:
    { state: MarkState; failure: MarkFailure | null; updatedAt: string; removedAt: string | null; bytesTotal: number | null } | undefined;
  markedAt: string;
  venueHasRecorder: boolean;
  /** One of the venue's recorders reported within the last 30 s. */
  venueOnline: boolean;
  now: Date;
}

export interface RallyView {
  state: RallyState;
  failure: MarkFailure | null;
  /** May be put in an order now. */
  payable: boolean;
}

export function rallyView({ clip, markedAt, venueHasRecorder, venueOnline, now }: RallyFacts): RallyView {
  const view = (state: RallyState, payable = false): RallyView => ({ state, failure: null, payable });
  if (clip?.removedAt) return view('removed');
  if (clip?.state === 'ready') return view('ready', true);
  if (!venueHasRecorder) return view('kiosk');
  if (clip?.state === 'failed') return { state: 'failed', failure: clip.failure ?? 'cut-failed', payable: false };
  if (!venueOnline) return view('offline');
  const lastWord = Date.parse(clip?.updatedAt ?? markedAt);
  if (now.getTime() - lastWord > RALLY_LATE_AFTER_MS) return view('late');
  // On its way from a recorder that reports: it may be paid, and the page plays it once it is there.
  if (clip?.state === 'uploading' && clip.bytesTotal !== null) return view('uploading', true);
  return view(clip?.state === 'uploading' ? 'uploading' : 'cutting');
}
