// Where an upload job finds its clips' bytes. In the page that made the purchase, the File objects
// the player chose (kept in memory). After a reload, a crash or a reboot, the same files from the
// kiosk folder whose handle is stored in IndexedDB, matched by name, size and last-modified time so
// a different file of the same name is never sent in its place; a court's clip may lie in its subfolder.
import type { UploadJobClip } from '../lib/db.ts';
import { getStoredFolder } from '../lib/folder-access.ts';

const inMemory = new Map<string, (File | undefined)[]>();

/** The checkout hands over the files it has, so the first run needs no folder access. */
export function rememberJobFiles(jobKey: string, files: File[]): void {
  inMemory.set(jobKey, files);
}

export function moveJobFiles(from: string, to: string): void {
  const files = inMemory.get(from);
  if (!files) return;
  inMemory.set(to, files);
  inMemory.delete(from);
}

export function forgetJobFiles(jobKey: string): void {
  inMemory.delete(jobKey);
}

/** The folder handle is there but the browser wants the permission asked again (after a restart). */
export class FolderPermissionNeeded extends Error {}

type PermissionedHandle = { queryPermission?(d: { mode: 'read' }): Promise<PermissionState> };

const sameFile = (file: File, clip: UploadJobClip) => file.size === clip.size && file.lastModified === clip.lastModified;

/** The clip's bytes, or null when the file is gone or has changed. */
export async function jobClipFile(jobKey: string, index: number, clip: UploadJobClip): Promise<File | null> {
  const remembered = inMemory.get(jobKey)?.[index];
  if (remembered && sameFile(remembered, clip)) return remembered;
  const folder = await getStoredFolder();
  if (!folder) return null;
  const permission = await (folder as unknown as PermissionedHandle).queryPermission?.({ mode: 'read' });
  if (permission && permission !== 'granted') throw new FolderPermissionNeeded('Waiting for the kiosk folder to be opened again');
  const direct = await fileIn(folder, clip);
  if (direct) return direct;
  // A court's clip lies one level down, in that court's subfolder.
  for await (const entry of (folder as unknown as IterableDirectory).values()) {
    if (entry.kind !== 'directory') continue;
    const file = await fileIn(entry as FileSystemDirectoryHandle, clip);
    if (file) return file;
  }
  return null;
}

type IterableDirectory = { values(): AsyncIterable<FileSystemHandle> };

async function fileIn(folder: FileSystemDirectoryHandle, clip: UploadJobClip): Promise<File | null> {
  try {
    const file = await (await folder.getFileHandle(clip.name)).getFile();
    return sameFile(file, clip) ? file : null;
  } catch (e) {
    if (e instanceof DOMException && (e.name === 'NotFoundError' || e.name === 'TypeMismatchError')) return null;
    throw e;
  }
}
