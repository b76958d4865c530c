// Pure rules about the files in the kiosk folder: which ones are listed (spec sections 5 and 9:
// .mp4/.mov/.webm created today, newest first), how a file becomes a Video (spec section 3), and
// what a clip is called when it is uploaded (spec section 5).
import {
  LOCAL_USER_ID,
  VENUE_TIME_ZONE,
  isSameLocalDay,
  isVideoFileName,
  localIsoDate,
  sanitizeUploadName,
  uploadFolderName as sharedUploadFolderName,
  videoIdFromFile,
  videoTitleFromFileName,
} from '@courtreplay/shared';

export { isVideoFileName };

export interface FileInfo {
  name: string;
  size: number;
  lastModified: number;
  type?: string;
}

/** A name the kiosk lists: a video, and not a temporary file still being written ('.name'). */
export const isListedName = (name: string): boolean => !name.startsWith('.') && isVideoFileName(name);

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** YYYY-MM-DD of an instant in a time zone (undefined: the browser's own zone). */
export function dayKey(ms: number, timeZone?: string): string {
  return localIsoDate(ms, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone) ?? '';
}

/** Created "today": the same day at the venue (Asia/Jakarta) or on the kiosk's own clock. */
export function isFromToday(lastModified: number, now: number): boolean {
  return isSameLocalDay(lastModified, now, VENUE_TIME_ZONE) || dayKey(lastModified) === dayKey(now);
}

/** The files the selection screen lists: videos from today, newest first. */
export function todaysVideos<T extends FileInfo>(files: T[], now: number): T[] {
  return files.filter((f) => isListedName(f.name) && isFromToday(f.lastModified, now)).sort((a, b) => b.lastModified - a.lastModified);
}

/** Title and id rules of spec section 3 (shared with the back-office's local search). */
export const videoTitle = videoTitleFromFileName;
export const videoId = (file: FileInfo) => videoIdFromFile(file.lastModified, file.name);

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

/** Upload file name (spec section 5) from the clip's title, keeping the file's extension. */
export function uploadFileName(title: string, n: number, extension = ''): string {
  const ext = extension && !extension.startsWith('.') ? `.${extension}` : extension;
  return sanitizeUploadName(`${title}${ext.toLowerCase()}`, n);
}

/** Folder name of a purchase: videos_{date}_{time}_{n}videos, date and time at the venue. */
export const uploadFolderName = (at: number, count: number) => sharedUploadFolderName(at, count);
