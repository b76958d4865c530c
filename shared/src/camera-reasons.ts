// Why a camera is not recording (or records with a catch), as a code the back-office words in the
// admin's language. The recorder reports each camera's state with a message: its own sentence with
// ffmpeg's last words after "(ffmpeg: ", the text of a refused address, or why clips cannot be
// written. The reason is read from ffmpeg's words and the state, not from the recorder's sentence,
// so it holds whatever the recorder's wording; ffmpeg's words (or the recorder's message when no
// reason is known) stay beside it as the detail, for whoever troubleshoots further. A leaf module,
// as mark-failures.ts: the messages word each reason without reaching the API schemas.

export const CAMERA_REASONS = [
  'connection-refused',
  'no-answer',
  'unknown-host',
  'no-stream',
  'stream-dropped',
  'stopped',
  'ffmpeg-missing',
  'password-refused',
  'address-refused',
  'folder-not-writable',
  'disk-full',
  'clips-failing',
  'h265',
  'recorder-silent',
] as const;
export type CameraReason = (typeof CAMERA_REASONS)[number];

export interface CameraReasonReading {
  reason: CameraReason | null;
  /** ffmpeg's words, or the recorder's own message when it names no known reason; null when nothing adds to the reason. */
  detail: string | null;
}

/** ffmpeg's words for a camera that cannot be read, first match wins. */
const FFMPEG_REASONS: readonly [RegExp, CameraReason][] = [
  [/Connection refused/i, 'connection-refused'],
  [/timed out|No route to host|Network is unreachable|Host is unreachable/i, 'no-answer'],
  [/Name or service not known|Temporary failure in name resolution|nodename nor servname|No such host/i, 'unknown-host'],
  [/\b404\b|Not Found|Stream not found/i, 'no-stream'],
  [/Invalid data found when processing input|End of file|Connection reset|Broken pipe/i, 'stream-dropped'],
];

/** Why clips cannot be written, from the system's error in the recorder's message. */
const CLIP_REASONS: readonly [RegExp, CameraReason][] = [
  [/ENOSPC|No space left|disk is full/i, 'disk-full'],
  [/EACCES|EPERM|EROFS|permission denied|not permitted|read-only|cannot be written/i, 'folder-not-writable'],
];

const FFMPEG_WORDS = /\(ffmpeg: ([\s\S]*?)\)?\s*$/;
/** A process that could not be started at all: ffmpeg is missing or not where FFMPEG_PATH says. */
const NOT_STARTED = /ffmpeg could not start|spawn \S*ffmpeg\S* ENOENT/i;

const firstMatch = (text: string, table: readonly [RegExp, CameraReason][]) => table.find(([pattern]) => pattern.test(text))?.[1];
const orNull = (text: string | undefined) => (text?.trim() ? text.trim() : null);

/** A camera's reason and detail from the state and message its recorder reported. */
export function cameraReasonOf(state: string, message: string | null): CameraReasonReading {
  const text = message?.trim() ?? '';
  switch (state) {
    case 'no-camera':
      return { reason: null, detail: null };
    case 'recording':
      if (!text) return { reason: null, detail: null };
      return /H\.?265|HEVC/i.test(text) ? { reason: 'h265', detail: null } : { reason: null, detail: text };
    case 'refused-url':
      // The recorder's message is the address check's own text (shared/src/camera-url.ts).
      return { reason: 'address-refused', detail: orNull(text) };
    case 'clips-failing':
      return { reason: firstMatch(text, CLIP_REASONS) ?? 'clips-failing', detail: orNull(text) };
    case 'unauthorized':
      return { reason: 'password-refused', detail: orNull(FFMPEG_WORDS.exec(text)?.[1]) };
    default: {
      if (!text) return { reason: null, detail: null };
      if (NOT_STARTED.test(text)) return { reason: 'ffmpeg-missing', detail: orNull(/\(([^)]*)\)/.exec(text)?.[1]) ?? text };
      const words = FFMPEG_WORDS.exec(text)?.[1];
      if (words === undefined) return { reason: firstMatch(text, FFMPEG_REASONS) ?? null, detail: text };
      return { reason: firstMatch(words, FFMPEG_REASONS) ?? 'stopped', detail: orNull(words) };
    }
  }
}
