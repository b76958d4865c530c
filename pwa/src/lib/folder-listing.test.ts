// The kiosk folder's listing against an in-memory folder that counts how often a file's details are
// read: a recorder's temporary '.name' files never listed, and a reread touching only what is new
// or may still change, so a full day of clips costs a reread no more than the clips that landed.
import { describe, expect, it } from 'vitest';
import { listFolderClips, SETTLED_AFTER_MS, type ListedDirectory, type ListedHandle, type ListingMemory } from './folder-listing.ts';

const NOW = Date.UTC(2026, 10, 27, 7, 0, 0);

/** A folder of `files` ('Court 2/Court 2 14.03.30.mp4' lies in a subfolder), counting the reads. */
function memoryFolder(files: Record<string, number>) {
  const reads: string[] = [];
  const handle = (path: string, name: string): ListedHandle => ({
    kind: 'file',
    name,
    getFile: async () => {
      reads.push(path);
      const lastModified = files[path];
      if (lastModified === undefined) throw new DOMException('gone', 'NotFoundError');
      return new File(['clip'], name, { lastModified });
    },
  });
  const dir = (prefix: string): ListedDirectory => ({
    async *values() {
      const children = new Set<string>();
      for (const path of Object.keys(files)) {
        if (!path.startsWith(prefix)) continue;
        const rest = path.slice(prefix.length);
        const slash = rest.indexOf('/');
        if (slash < 0) yield handle(path, rest);
        else children.add(rest.slice(0, slash));
      }
      for (const child of children) yield { kind: 'directory' as const, name: child, ...dir(`${prefix}${child}/`) };
    },
  });
  return { root: dir(''), reads, files };
}

const places = (clips: { file: File; folder: string | null }[]) => clips.map((c) => `${c.folder ?? ''}/${c.file.name}`).sort();

describe('the kiosk folder listing', () => {
  it('never lists a temporary file still being written, nor anything in a hidden subfolder', async () => {
    const { root, reads } = memoryFolder({
      'Court 2/Court 2 14.03.30.mp4': NOW - 60_000,
      'Court 2/.Court 2 14.04.30.mp4': NOW,
      'Court 2/Court 2 14.03.22 marked.mp4': NOW - 30_000,
      '.partial/Court 3 14.03.30.mp4': NOW,
      '.rally.mp4': NOW,
      'rally.mp4': NOW - 1_000,
      'notes.txt': NOW,
    });
    const clips = await listFolderClips(root, NOW, new Map());
    expect(places(clips)).toEqual(['/rally.mp4', 'Court 2/Court 2 14.03.22 marked.mp4', 'Court 2/Court 2 14.03.30.mp4']);
    expect(reads.filter((r) => r.split('/').some((part) => part.startsWith('.')))).toEqual([]);
  });

  it('rereads only the files that are new or modified lately, and forgets the files gone', async () => {
    const folder = memoryFolder({});
    for (let minute = 1; minute <= 300; minute++) folder.files[`Court 1/Court 1 ${minute}.mp4`] = NOW - minute * 60_000;
    const memory: ListingMemory = new Map();
    expect(await listFolderClips(folder.root, NOW, memory)).toHaveLength(300);
    expect(folder.reads).toHaveLength(300);

    folder.reads.length = 0;
    folder.files['Court 1/Court 1 new.mp4'] = NOW + 5_000;
    delete folder.files['Court 1/Court 1 300.mp4'];
    const again = await listFolderClips(folder.root, NOW, memory);
    expect(again).toHaveLength(300);
    // The new file and the two written within SETTLED_AFTER_MS of now, nothing else.
    const recent = Math.floor(SETTLED_AFTER_MS / 60_000);
    expect(folder.reads.sort()).toEqual(
      ['Court 1/Court 1 new.mp4', ...Array.from({ length: recent }, (_, i) => `Court 1/Court 1 ${i + 1}.mp4`)].sort(),
    );
    expect(places(again)).not.toContain('Court 1/Court 1 300.mp4');
  });

  it('leaves out a file removed between reading the names and reading the file', async () => {
    const folder = memoryFolder({ 'a.mp4': NOW, 'b.mp4': NOW });
    const root: ListedDirectory = {
      async *values() {
        for await (const entry of folder.root.values()) {
          delete folder.files['a.mp4'];
          yield entry;
        }
      },
    };
    expect(places(await listFolderClips(root, NOW, new Map()))).toEqual(['/b.mp4']);
  });
});
