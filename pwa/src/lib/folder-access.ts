// The kiosk folder through the File System Access API (Chrome and Edge): picking it, keeping its
// handle in IndexedDB for the rest of the day, and listing today's clips (spec sections 4, 5, 8).
import { MESSAGES, VENUE_TIME_ZONE } from '@courtreplay/shared';
import { dayKey, todaysVideos } from './clip-files.ts';
import { db } from './db.ts';
import { FolderAccessError } from './folder-error.ts';
import { isListedName, listFolderClips, type FolderClip, type ListedDirectory, type ListingMemory } from './folder-listing.ts';

export type { FolderClip };

export { FolderAccessError };

type PermissionMode = { mode: 'read' | 'readwrite' };
interface PermissionedHandle {
  queryPermission?(d: PermissionMode): Promise<PermissionState>;
  requestPermission?(d: PermissionMode): Promise<PermissionState>;
}
interface IterableDirectory {
  values(): AsyncIterable<FileSystemHandle>;
}
type PickerWindow = Window & {
  showDirectoryPicker?: (options?: { id?: string; mode?: 'read' | 'readwrite' }) => Promise<FileSystemDirectoryHandle>;
};

const M = MESSAGES.folder;

export const isFolderPickerSupported = () => typeof (window as PickerWindow).showDirectoryPicker === 'function';

const today = () => dayKey(Date.now(), VENUE_TIME_ZONE);

/** Whether the folder can be read; with `request`, asks the browser (which needs a user gesture). */
export async function ensurePermission(handle: FileSystemDirectoryHandle, request: boolean): Promise<boolean> {
  const h = handle as unknown as PermissionedHandle;
  if (!h.queryPermission) return true;
  if ((await h.queryPermission({ mode: 'read' })) === 'granted') return true;
  if (!request || !h.requestPermission) return false;
  return (await h.requestPermission({ mode: 'read' })) === 'granted';
}

/** Opens the picker, checks permission and stores the handle for today. */
export async function pickFolder(): Promise<FileSystemDirectoryHandle> {
  const picker = (window as PickerWindow).showDirectoryPicker;
  if (!picker) throw new FolderAccessError(M.browserUnsupported);
  let handle: FileSystemDirectoryHandle;
  try {
    handle = await picker.call(window, { id: 'courtreplay-clips', mode: 'read' });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw new FolderAccessError(M.cancelled);
    throw new FolderAccessError(M.failedToAccess);
  }
  if (!(await ensurePermission(handle, true))) throw new FolderAccessError(M.permissionNotGranted);
  // Remembering the folder is a convenience: a full or failing IndexedDB must not block the sale.
  await db.folders.put({ id: 'kiosk', handle, day: today(), savedAt: Date.now() }).catch(() => undefined);
  return handle;
}

/** The stored handle of any day (the back-office resend searches it), or null. */
export async function getStoredFolder(): Promise<FileSystemDirectoryHandle | null> {
  return (await db.folders.get('kiosk'))?.handle ?? null;
}

/**
 * The folder chosen earlier today, with permission asked again; null when there is none, it is
 * from another day, or permission is not (or can no longer be) granted.
 */
export async function restoreTodaysFolder(requestPermission = true): Promise<FileSystemDirectoryHandle | null> {
  const stored = await db.folders.get('kiosk');
  if (!stored || stored.day !== today()) return null;
  try {
    return (await ensurePermission(stored.handle, requestPermission)) ? stored.handle : null;
  } catch {
    return null;
  }
}

/** Whether a folder was chosen today (its permission may still need asking again). */
export async function folderChosenToday(): Promise<boolean> {
  return (await db.folders.get('kiosk'))?.day === today();
}

export async function forgetFolder(): Promise<void> {
  await db.folders.delete('kiosk');
}

/** Every video file in the folder (not only today's), for the back-office's local search. */
export async function listVideoFiles(handle: FileSystemDirectoryHandle): Promise<File[]> {
  const files: File[] = [];
  try {
    for await (const entry of (handle as unknown as IterableDirectory).values()) {
      if (entry.kind !== 'file' || !isListedName(entry.name)) continue;
      files.push(await (entry as FileSystemFileHandle).getFile());
    }
  } catch {
    throw new FolderAccessError(M.couldNotRead);
  }
  return files;
}

/** What the last listing of each folder read, so a reread touches only new or changing files. */
const listings = new WeakMap<FileSystemDirectoryHandle, ListingMemory>();

/**
 * Today's clips, newest first (spec section 4): those directly in the folder and those one level
 * down, in a subfolder per court; a temporary '.name' file is never listed.
 */
export async function listTodaysClips(handle: FileSystemDirectoryHandle, now = Date.now()): Promise<FolderClip[]> {
  let memory = listings.get(handle);
  if (!memory) listings.set(handle, (memory = new Map()));
  let found: FolderClip[];
  try {
    found = await listFolderClips(handle as unknown as ListedDirectory, now, memory);
  } catch {
    throw new FolderAccessError(M.couldNotRead);
  }
  const today = new Set(
    todaysVideos(
      found.map((f) => f.file),
      now,
    ),
  );
  return found.filter((f) => today.has(f.file)).sort((a, b) => b.file.lastModified - a.file.lastModified);
}
