// Pure rules about the files in the kiosk folder: which ones are listed (spec sections 5 and 9:
// .mp4/.mov/.webm created today, newest first), how a file becomes a Video (spec section 3), and
// what a clip is called when it is uploaded (spec section 5).
import { LOCAL_USER_ID, UPLOAD_NAME_MAX_LENGTH, VENUE_TIME_ZONE, VIDEO_FILE_EXTENSIONS } from '@courtreplay/shared';

export interface FileInfo {
  name: string;
  size: number;
  lastModified: number;
  type?: string;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

export const isVideoFileName = (name: string) =>
  (VIDEO_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/** YYYY-MM-DD of an instant in a time zone (undefined: the browser's own zone). */
export function dayKey(ms: number, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(ms);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Created "today": the same day at the venue (Asia/Jakarta) or on the kiosk's own clock. */
export function isFromToday(lastModified: number, now: number): boolean {
  return dayKey(lastModified, VENUE_TIME_ZONE) === dayKey(now, VENUE_TIME_ZONE) || dayKey(lastModified) === dayKey(now);
}

/** The files the selection screen lists: videos from today, newest first. */
export function todaysVideos<T extends FileInfo>(files: T[], now: number): T[] {
  return files.filter((f) => isVideoFileName(f.name) && isFromToday(f.lastModified, now)).sort((a, b) => b.lastModified - a.lastModified);
}

/** Title: file name without extension, underscores and hyphens turned into spaces. */
export function videoTitle(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return base.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Id: the file's timestamp plus its sanitised name; stable for the same file. */
export function videoId(file: FileInfo): string {
  return `${file.lastModified}-${file.name.replace(/[^\w.-]+/g, '_')}`;
}

export function mimeTypeOf(name: string, declared?: string): string {
  if (declared) return declared;
  switch (extensionOf(name)) {
    case '.webm':
      return 'video/webm';
    case '.mov':
      return 'video/quicktime';
    default:
      return 'video/mp4';
  }
}

export interface VideoInfo {
  id: string;
  title: string;
  fileName: string;
  size: number;
  format: string;
  createdAt: number;
  userId: string;
  isEnhanced: boolean;
}

export function toVideoInfo(file: FileInfo): VideoInfo {
  return {
    id: videoId(file),
    title: videoTitle(file.name),
    fileName: file.name,
    size: file.size,
    format: extensionOf(file.name).slice(1),
    createdAt: file.lastModified,
    userId: LOCAL_USER_ID,
    isEnhanced: false,
  };
}

/**
 * Upload file name (spec section 5): word characters, spaces, dots and hyphens only; spaces become
 * hyphens; at most 50 characters; 'video-{n}' when nothing is left. The extension is kept.
 */
export function uploadFileName(title: string, n: number, extension = ''): string {
  const ext = extension && !extension.startsWith('.') ? `.${extension}` : extension;
  const cleaned = title
    .replace(/[^\w .-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/^[.-]+/, '');
  const stem = cleaned.slice(0, Math.max(1, UPLOAD_NAME_MAX_LENGTH - ext.length)).replace(/[.-]+$/, '');
  return `${stem || `video-${n}`}${ext.toLowerCase()}`;
}

/** Folder name of a purchase: videos_{date}_{time}_{n}videos, date and time at the venue. */
export function uploadFolderName(at: number, count: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: VENUE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `videos_${get('year')}-${get('month')}-${get('day')}_${get('hour')}-${get('minute')}-${get('second')}_${count}videos`;
}
