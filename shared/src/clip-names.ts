// Where the venue's recorder puts a court's clips and what it calls them, read back by the kiosk:
// one rule for both sides. A court's folder is its name made safe on every system (no path
// separators, no `.` or `..`, no hidden name, no name Windows reserves, no trailing dot or space,
// short enough for Windows' paths), two courts never share one, and a clip's name carries its
// court, its day and its start, so names never repeat across the days clips are kept.
import { localFileTime, localIsoDate } from './format.ts';

/** At most this many characters (UTF-16 units, as Windows counts) and bytes (UTF-8, as Linux counts) in a folder name. */
export const COURT_FOLDER_MAX_CHARS = 40;
export const COURT_FOLDER_MAX_BYTES = 120;

// Windows refuses these names whatever follows a dot (CON, con.txt, COM1.mp4).
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/i;
/** Bytes of one character in UTF-8. */
const utf8Bytes = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
};

/** `text` cut to the folder limits, whole characters only (an emoji is never split). */
function fitted(text: string, maxChars: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    bytes += utf8Bytes(ch);
    if (out.length + ch.length > maxChars || bytes > COURT_FOLDER_MAX_BYTES) break;
    out += ch;
  }
  return out;
}

/** Dots and spaces Windows drops at the end of a name (so `a.` and `a` would be one folder). */
const trimEnd = (text: string) => text.replace(/[.\s]+$/u, '');

/**
 * A court's name as a folder name on every system, or null when nothing of it is left (a name
 * of dots, slashes or spaces): then the court gets `Court <id>` (courtFolders).
 */
export function courtFolderName(name: string, maxChars = COURT_FOLDER_MAX_CHARS): string | null {
  let safe = name
    .normalize('NFC')
    // Invisible formatting (a right-to-left override) goes, but the joiner inside an emoji.
    .replace(/(?!\u200d)\p{Cf}/gu, '')
    .replace(/\p{Cc}/gu, ' ')
    // Path separators and what Windows refuses in a name.
    .replace(/[/\\:*?"<>|]/g, '-')
    .replace(/\s+/gu, ' ')
    .trim()
    // A leading dot hides a file on Linux and macOS (and the kiosk lists no such name); `.` and `..` are no folders.
    .replace(/^[.\s]+/u, '');
  safe = trimEnd(fitted(safe, maxChars));
  if (WINDOWS_RESERVED.test(safe.split('.')[0]!.trim())) safe = safe.replace(/^[^.]*/, (base) => `${base.trim()}_`);
  return safe || null;
}

/** How two names compare on a system that ignores case (Windows, macOS). */
const folded = (name: string) => name.normalize('NFC').toLowerCase();

/**
 * Each court's folder: its name made safe (courtFolderName), or `Court <id>`; a court whose folder
 * would be another's (`Court 1/2` and `Court 1-2`, or `A` and `a` on Windows) gets its id after
 * it, the court with the lower id keeping the plain name. The kiosk works the same map out from
 * the venue's courts, so a folder is listed under its court.
 */
export function courtFolders(courts: readonly { id: number; name: string }[]): Map<number, string> {
  const taken = new Set<string>();
  const folders = new Map<number, string>();
  for (const court of [...courts].sort((a, b) => a.id - b.id)) {
    const suffix = ` #${court.id}`;
    let folder = courtFolderName(court.name) ?? `Court ${court.id}`;
    if (taken.has(folded(folder))) folder = `${courtFolderName(court.name, COURT_FOLDER_MAX_CHARS - suffix.length) ?? 'Court'}${suffix}`;
    for (let n = 2; taken.has(folded(folder)); n++) folder = `Court ${court.id}-${n}`;
    taken.add(folded(folder));
    folders.set(court.id, folder);
  }
  return folders;
}

export interface RecorderClipName {
  /** The court's folder name it starts with. */
  court: string;
  /** YYYY-MM-DD, the venue's day. */
  day: string;
  /** HH:MM:SS, the clip's start at the venue. */
  time: string;
  marked: boolean;
  /** 1, or n for the n-th clip that would have had the same name. */
  copy: number;
}

/** `Court 2 2026-11-20 14.03.30.mp4`, `Court 2 2026-11-20 14.03.30 marked.mp4`, `… (2).mp4` for a second one. */
export function recorderClipName(clip: Omit<RecorderClipName, 'copy'> & { copy?: number }): string {
  const copy = clip.copy && clip.copy > 1 ? ` (${clip.copy})` : '';
  return `${clip.court} ${clip.day} ${clip.time.replace(/:/g, '.')}${clip.marked ? ' marked' : ''}${copy}.mp4`;
}

const CLIP_NAME = /^(.+) (\d{4}-\d{2}-\d{2}) (\d{2})\.(\d{2})\.(\d{2})( marked)?(?: \((\d+)\))?\.mp4$/;

/** The parts of a name the recorder gave, or null for any other file. */
export function parseRecorderClipName(fileName: string): RecorderClipName | null {
  const m = CLIP_NAME.exec(fileName);
  if (!m) return null;
  return { court: m[1]!, day: m[2]!, time: `${m[3]}:${m[4]}:${m[5]}`, marked: !!m[6], copy: m[7] ? Number(m[7]) : 1 };
}

/** The day and the time of day of `ms` in `timeZone`: `2026-11-20` and `14:03:30`. */
export function venueDayAndTime(ms: number, timeZone: string): { day: string; time: string } {
  return { day: localIsoDate(ms, timeZone) ?? '0000-00-00', time: (localFileTime(ms, timeZone) ?? '00-00-00').replace(/-/g, ':') };
}
