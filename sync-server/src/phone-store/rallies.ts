// "My rallies today": every rally this phone marked today at the venue (its claims: the marks it
// made, and those it tapped within a court's 10 s), each with its state, its preview once stored,
// and whether this phone bought it. A phone sees only its own rallies; every other clip stays at
// the kiosk.
import { formatSize, formatTime24, KIOSK_MESSAGES, localIsoDate, type KioskLanguage, type PhoneRalliesResponse } from '@courtreplay/shared';
import type { AppDeps } from '../app-env.ts';
import type { CourtByCode } from '../court-marks/service.ts';
import { markClipsOf, markFilesOf, type MarkClipRow, type MarkFileRow } from '../mark-clips/service.ts';
import { venueRecorderState } from '../recorders/marks.ts';
import { boughtMarks, claimedMarks } from './queries.ts';
import { rallyView, type RallyView } from './rally-state.ts';

export interface StoreCourt extends CourtByCode {
  courtCode: string;
}

export type StoreDeps = Pick<AppDeps, 'db' | 'clock'>;

/** The first instant of today at the venue (Asia/Jakarta), ISO. */
export function venueDayStart(now: Date): string {
  return new Date(`${localIsoDate(now)}T00:00:00+07:00`).toISOString();
}

export interface Rally extends RallyView {
  id: number;
  fieldId: number;
  courtName: string;
  markedAt: string;
  clip: MarkClipRow | undefined;
  preview: MarkFileRow | undefined;
  /** The phone page token of this phone's purchase of it, when bought. */
  boughtToken: string | null;
}

/** The phone's rallies today at the venue, newest first, with what the rules make of each. */
export async function phoneRallyList(deps: StoreDeps, venueId: number, phoneKey: string): Promise<Rally[]> {
  const now = deps.clock.now();
  const marks = await claimedMarks(deps.db, phoneKey, venueId, venueDayStart(now));
  const ids = marks.map((m) => m.id);
  const [clips, files, bought, recorder] = await Promise.all([
    markClipsOf(deps.db, ids),
    markFilesOf(deps.db, ids),
    boughtMarks(deps.db, phoneKey, ids),
    venueRecorderState(deps.db, venueId, now),
  ]);
  return marks.map((mark) => {
    const clip = clips.find((c) => c.markId === mark.id);
    const upload = clip && {
      stored: clip.readyAt !== null,
      removed: clip.removedAt !== null,
      begun: files.some((f) => f.markId === mark.id && f.kind === 'clip'),
      updatedAt: clip.updatedAt,
    };
    const view = rallyView({
      cut: { state: mark.clipState, reason: mark.clipReason },
      upload,
      markedAt: mark.markedAt,
      venueHasRecorder: recorder.hasRecorder,
      venueOnline: recorder.online,
      now,
    });
    const preview = files.find((f) => f.markId === mark.id && f.kind === 'preview' && f.completedAt !== null);
    return {
      ...view,
      id: mark.id,
      fieldId: mark.fieldId,
      courtName: mark.courtName,
      markedAt: mark.markedAt,
      clip,
      preview: clip?.removedAt ? undefined : preview,
      boughtToken: bought.find((b) => b.markId === mark.id)?.phoneToken ?? null,
    };
  });
}

/** Whether the venue's recorder reports now (the page says so while it is offline). */
export async function venueOnline(deps: StoreDeps, venueId: number): Promise<boolean> {
  const state = await venueRecorderState(deps.db, venueId, deps.clock.now());
  return !state.hasRecorder || state.online;
}

/** What the phone reads of one rally, worded in its language. */
export function rallyForPhone(rally: Rally, court: StoreCourt, language: KioskLanguage): PhoneRalliesResponse['rallies'][number] {
  const T = KIOSK_MESSAGES[language].store;
  const clip = rally.clip;
  const lines: Record<Rally['state'], string> = {
    cutting: T.cutting,
    uploading: T.uploading(formatSize(clip?.bytesSent ?? 0), formatSize(clip?.bytesTotal ?? 0)),
    ready: T.ready,
    failed: T.failed[rally.failure ?? 'cut-failed'],
    offline: T.offline,
    late: T.late,
    kiosk: T.atKiosk,
    removed: T.removed,
  };
  const seconds = clip?.durationMs ? Math.round(clip.durationMs / 1000) : null;
  return {
    id: rally.id,
    title: T.rallyTitle(rally.courtName, formatTime24(rally.markedAt)),
    length: seconds === null ? null : T.length(seconds),
    state: rally.boughtToken && rally.state !== 'removed' ? 'ready' : rally.state,
    line: rally.boughtToken ? T.bought : lines[rally.state],
    preview: rally.preview ? `/c/${court.courtCode}/rallies/${rally.id}/preview` : null,
    bought: rally.boughtToken ? `/p/${rally.boughtToken}` : null,
    payable: rally.payable && !rally.boughtToken,
  };
}
