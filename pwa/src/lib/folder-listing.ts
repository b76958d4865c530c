// Listing the kiosk folder without per-file work it does not need. A recorder fills the folder with
// a whole day of clips (four courts, 12 hours of 60 s clips: about 2,900 files), and the grid
// rereads the folder every few seconds, so the listing walks the names first, skips the files a
// writer has not finished (a name starting with '.'), and reads a file's details (size, modified
// time) only when it is new or may still change; everything heavier (object URLs, the cache, the
// probes) is left to the clips the grid shows (clip-loading.ts).
import { isListedName } from './clip-files.ts';

export { isListedName };

/** The parts of a FileSystemDirectoryHandle the listing uses (an in-memory folder in tests). */
export interface ListedDirectory {
  values(): AsyncIterable<ListedHandle>;
}
export type ListedHandle =
  { kind: 'file'; name: string; getFile(): Promise<File> } | ({ kind: 'directory'; name: string } & ListedDirectory);

/** A clip file and the subfolder it lies in (null: directly in the kiosk folder). */
export interface FolderClip {
  file: File;
  folder: string | null;
}

/**
 * A file modified this recently may still be growing (a camera writing in place): it is read
 * again on every listing. Older files are taken from the previous listing without touching them.
 */
export const SETTLED_AFTER_MS = 2 * 60_000;

/** How many files are read at once: reading them one after another waits on each round trip. */
const READ_AT_ONCE = 64;

/** What a listing remembers for the next one of the same folder: each file by its place. */
export type ListingMemory = Map<string, File>;

/**
 * Every listed clip of `dir` and of its subfolders one level down (a subfolder per court), the
 * files' details read only where `memory` (the previous listing) cannot be trusted. `memory` is
 * updated in place: files gone are forgotten.
 */
export async function listFolderClips(dir: ListedDirectory, now: number, memory: ListingMemory): Promise<FolderClip[]> {
  const places: { key: string; folder: string | null; handle: { getFile(): Promise<File> } }[] = [];
  for await (const entry of dir.values()) {
    if (entry.name.startsWith('.')) continue;
    if (entry.kind === 'file') {
      if (isListedName(entry.name)) places.push({ key: `/${entry.name}`, folder: null, handle: entry });
    } else {
      for await (const inner of entry.values()) {
        if (inner.kind === 'file' && isListedName(inner.name))
          places.push({ key: `${entry.name}/${inner.name}`, folder: entry.name, handle: inner });
      }
    }
  }
  const files: (File | undefined)[] = new Array<File | undefined>(places.length);
  const toRead: number[] = [];
  places.forEach((place, i) => {
    const known = memory.get(place.key);
    if (known && known.lastModified < now - SETTLED_AFTER_MS) files[i] = known;
    else toRead.push(i);
  });
  for (let start = 0; start < toRead.length; start += READ_AT_ONCE) {
    const batch = toRead.slice(start, start + READ_AT_ONCE);
    // A file removed since the names were read (the recorder's clean-up) is left out, not an error.
    const read = await Promise.all(batch.map((i) => places[i]!.handle.getFile().catch(() => null)));
    batch.forEach((i, j) => {
      if (read[j]) files[i] = read[j];
    });
  }
  memory.clear();
  const found: FolderClip[] = [];
  places.forEach((place, i) => {
    const file = files[i];
    if (!file) return;
    memory.set(place.key, file);
    found.push({ file, folder: place.folder });
  });
  return found;
}
