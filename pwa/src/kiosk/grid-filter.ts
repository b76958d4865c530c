// Finding a rally on the grid, as plain functions of the clips: which
// court a clip belongs to (its subfolder matched to the venue's court names), the court chips, the
// time jumps, the filtered list, and the clips a phone's mark points at.
import { courtFolders } from '@courtreplay/shared';

/** A court of the kiosk's venue. */
export interface VenueCourt {
  id: number;
  name: string;
}

/** What the grid needs of a clip. */
export interface GridClip {
  id: string;
  createdAt: number;
  duration: number | null;
  /** The subfolder of the kiosk folder it lies in; null: directly in the folder. */
  folder: string | null;
}

/** Where the clips were filmed: the kiosk's own court, another court of the venue, or an unmatched subfolder. */
export interface ClipCourt {
  key: string;
  /** The venue's court id; null for an unmatched subfolder (or a kiosk on no court). */
  courtId: number | null;
  /** The court's or the subfolder's name; null for the kiosk's own court when it has none. */
  label: string | null;
  own: boolean;
}

export interface CourtContext {
  courts: readonly VenueCourt[];
  ownFieldId: number | null;
}

/** A name as folders and courts are compared: case, spaces and dashes ignored ("Court 2" = "court-2"). */
export const courtNameKey = (name: string): string => name.toLowerCase().replace(/[\s-]+/g, '');

export const OWN_COURT_KEY = 'own';
export const ALL_COURTS = 'all';

function ownCourt({ courts, ownFieldId }: CourtContext): ClipCourt {
  const court = courts.find((c) => c.id === ownFieldId);
  return { key: OWN_COURT_KEY, courtId: ownFieldId, label: court?.name ?? null, own: true };
}

/** Each court by the folder the venue's recorder writes its clips into (shared's courtFolders), worked out once per list of courts. */
const recorderFolders = new WeakMap<readonly VenueCourt[], Map<string, VenueCourt>>();
function courtOfRecorderFolder(folder: string, courts: readonly VenueCourt[]): VenueCourt | undefined {
  let byFolder = recorderFolders.get(courts);
  if (!byFolder) {
    byFolder = new Map([...courtFolders(courts)].map(([id, name]) => [name.toLowerCase(), courts.find((c) => c.id === id)!]));
    recorderFolders.set(courts, byFolder);
  }
  return byFolder.get(folder.normalize('NFC').toLowerCase());
}

export function clipCourt(folder: string | null, context: CourtContext): ClipCourt {
  if (folder === null) return ownCourt(context);
  const key = courtNameKey(folder);
  // The recorder's folder for the court first (a name made safe: `Court 1/2` writes into `Court 1-2`),
  // then a folder named like the court by hand.
  const court = courtOfRecorderFolder(folder, context.courts) ?? context.courts.find((c) => courtNameKey(c.name) === key);
  if (!court) return { key: `folder:${key}`, courtId: null, label: folder, own: false };
  if (court.id === context.ownFieldId) return ownCourt(context);
  return { key: `court:${court.id}`, courtId: court.id, label: court.name, own: false };
}

/**
 * The court chips before "All": the kiosk's own court first (always), then the venue's other courts
 * that have clips today in the venue's order, then the subfolders matching no court by name.
 */
export function courtChips(clips: readonly GridClip[], context: CourtContext): ClipCourt[] {
  const found = new Map<string, ClipCourt>();
  for (const clip of clips) {
    const court = clipCourt(clip.folder, context);
    if (!found.has(court.key)) found.set(court.key, court);
  }
  const courtOrder = (c: ClipCourt) => context.courts.findIndex((v) => v.id === c.courtId);
  const others = [...found.values()].filter((c) => !c.own);
  const venueCourts = others.filter((c) => c.courtId !== null).sort((a, b) => courtOrder(a) - courtOrder(b));
  const folders = others.filter((c) => c.courtId === null).sort((a, b) => (a.label ?? '').localeCompare(b.label ?? ''));
  return [ownCourt(context), ...venueCourts, ...folders];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type TimeJump = { kind: 'any' } | { kind: 'last'; minutes: 15 | 60 } | { kind: 'hour'; start: number };

export const ANY_TIME: TimeJump = { kind: 'any' };

export const timeJumpKey = (jump: TimeJump): string =>
  jump.kind === 'any' ? 'any' : jump.kind === 'last' ? `last:${jump.minutes}` : `hour:${jump.start}`;

/**
 * "Last 15 min", "Last hour", then each hour of today that has clips, newest first. Hours start on
 * the hour in the venue's time zone (Asia/Jakarta is a whole number of hours from UTC).
 */
export function timeJumps(clips: readonly GridClip[]): TimeJump[] {
  const hours = [...new Set(clips.map((c) => Math.floor(c.createdAt / HOUR) * HOUR))].sort((a, b) => b - a);
  return [{ kind: 'last', minutes: 15 }, { kind: 'last', minutes: 60 }, ...hours.map((start): TimeJump => ({ kind: 'hour', start }))];
}

export function inTimeJump(clip: GridClip, jump: TimeJump, now: number): boolean {
  if (jump.kind === 'any') return true;
  if (jump.kind === 'last') return clip.createdAt >= now - jump.minutes * MINUTE;
  return clip.createdAt >= jump.start && clip.createdAt < jump.start + HOUR;
}

export interface GridChoice {
  /** A ClipCourt key, or ALL_COURTS. */
  court: string;
  time: TimeJump;
}

export const FIRST_CHOICE: GridChoice = { court: OWN_COURT_KEY, time: ANY_TIME };

export const inCourt = (clip: GridClip, court: string, context: CourtContext): boolean =>
  court === ALL_COURTS || clipCourt(clip.folder, context).key === court;

/** The grid's clips for the player's choice, newest first. */
export function chosenClips<T extends GridClip>(clips: readonly T[], choice: GridChoice, context: CourtContext, now: number): T[] {
  return clips
    .filter((c) => inCourt(c, choice.court, context) && inTimeJump(c, choice.time, now))
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** A moment marked from a phone: the court and the time, on the kiosk's clock. */
export interface CourtMark {
  fieldId: number;
  at: number;
}

/** How far either side of its recording a clip still counts as covering a mark. */
export const MARK_SLACK_MS = 15_000;
/** Marks older than this are not listed. */
export const MARKS_SHOWN_MS = 2 * HOUR;

/**
 * The clips covering a mark of the last two hours on their own court: a clip spans from its file
 * time minus its duration to its file time, with 15 s either side. Newest first.
 */
export function markedClips<T extends GridClip>(clips: readonly T[], marks: readonly CourtMark[], context: CourtContext, now: number): T[] {
  const recent = marks.filter((m) => m.at >= now - MARKS_SHOWN_MS);
  return clips
    .filter((clip) => {
      const courtId = clipCourt(clip.folder, context).courtId;
      if (courtId === null) return false;
      const start = clip.createdAt - (clip.duration ?? 0) * 1000 - MARK_SLACK_MS;
      const end = clip.createdAt + MARK_SLACK_MS;
      return recent.some((m) => m.fieldId === courtId && m.at >= start && m.at <= end);
    })
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** videoCourts of a purchase: each clip's court id, or null where its court is not one of the venue's. */
export const videoCourtsOf = (clips: readonly GridClip[], context: CourtContext): (number | null)[] =>
  clips.map((c) => clipCourt(c.folder, context).courtId);
