// What a phone shows of one of its rallies, and whether it may be paid for now: the rules in one
// pure function, so they are proved in milliseconds (rally-state.test.ts). Two facts meet here:
// where the recorder stands with the mark (court_marks.clipState: cutting, uploading, ready,
// failed with a reason; the server fails it at the tap when no camera records), and whether its
// clip is whole in the venue's storage (mark_clips). Money is taken only for a clip in storage or
// on its way from a recorder that reports: while the venue is offline (its recorder silent) the
// rally is saved, and nothing is charged until it is stored.
import type { MarkClipState, MarkFailureReason } from '@courtreplay/shared';

/** A phone's words for a rally. */
export type RallyState =
  /** The recorder has it (or has not said yet). */
  | 'cutting'
  /** On its way to the venue's storage. */
  | 'uploading'
  /** Whole in storage: it may be bought, and plays once bought. */
  | 'ready'
  | 'failed'
  /** The venue's recorder is silent: saved, ready when the venue is back. */
  | 'offline'
  /** No word of it for a while although the recorder reports: probably not coming. */
  | 'late'
  /** The venue has no recorder: its clips reach the kiosk only. */
  | 'kiosk'
  /** Its storage folder was removed (a day after the mark, or its buyer's data was erased). */
  | 'removed';

/** No word about a mark for this long from a recorder that reports: the phone says it is late. */
export const RALLY_LATE_AFTER_MS = 3 * 60_000;

export interface RallyFacts {
  /** What the recorder (or the server at the tap) said of the mark; null: nothing yet. */
  cut: { state: MarkClipState | null; reason: MarkFailureReason | null };
  /** What the storage holds of it: nothing yet, or its upload. */
  upload: { stored: boolean; removed: boolean; begun: boolean; updatedAt: string } | undefined;
  markedAt: string;
  venueHasRecorder: boolean;
  /** One of the venue's recorders reported within the last 30 s. */
  venueOnline: boolean;
  now: Date;
}

export interface RallyView {
  state: RallyState;
  failure: MarkFailureReason | null;
  /** May be put in an order now. */
  payable: boolean;
}

export function rallyView({ cut, upload, markedAt, venueHasRecorder, venueOnline, now }: RallyFacts): RallyView {
  const view = (state: RallyState, payable = false): RallyView => ({ state, failure: null, payable });
  if (upload?.removed) return view('removed');
  // In storage, whatever was said before: the clip is there.
  if (upload?.stored) return view('ready', true);
  if (!venueHasRecorder) return view('kiosk');
  // "The recorder was offline" while it still is: it may be recording with its uplink down.
  if (cut.state === 'failed' && !(cut.reason === 'recorder-offline' && !venueOnline))
    return { state: 'failed', failure: cut.reason ?? 'cut-failed', payable: false };
  if (!venueOnline) return view('offline');
  if (now.getTime() - Date.parse(upload?.updatedAt ?? markedAt) > RALLY_LATE_AFTER_MS) return view('late');
  // On its way from a recorder that reports: it may be paid, and its page plays it once it is there.
  if (upload?.begun) return view('uploading', true);
  return view(cut.state === 'uploading' ? 'uploading' : 'cutting');
}
