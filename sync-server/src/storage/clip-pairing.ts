// Which chosen clip an uploaded file is, never inferred from the order of files.
// A clip's id is its file's timestamp plus its sanitised file name, and the kiosk names each upload
// after the clip's title (both docs/architecture.md "Each clip under its own title"), so a file is
// paired with the chosen clip whose id or title gives the same name. A hint the kiosk may send (the
// clip's id with the upload URL request) wins; a file that matches no clip stays unpaired and is
// shown under its own name.
import { UPLOAD_NAME_MAX_LENGTH, videoTitleFromFileName } from '@courtreplay/shared';

export interface ChosenClip {
  /** 0-based position in the purchase's videoIds: the order the player chose them in. */
  index: number;
  id: string;
  title: string;
}

export function chosenClips(videoIdsJson: string, videoTitlesJson: string): ChosenClip[] {
  const list = (json: string): string[] => {
    try {
      const value: unknown = JSON.parse(json);
      return Array.isArray(value) ? value.map(String) : [];
    } catch {
      return [];
    }
  };
  const titles = list(videoTitlesJson);
  return list(videoIdsJson).map((id, index) => ({ index, id, title: titles[index] ?? '' }));
}

const extensionOf = (name: string) => /\.[A-Za-z0-9]{1,5}$/.exec(name)?.[0].toLowerCase() ?? '';
const stemOf = (name: string) => (extensionOf(name) ? name.slice(0, name.length - extensionOf(name).length) : name);

/** What two names are compared by: lower case, letters and digits, one space between runs. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The file name inside a clip id: '1795762800000-match-1.mp4' -> 'match-1.mp4'. */
const idFileName = (id: string) => id.replace(/^\d+[-_]/, '');

/** How well a stored file name fits one chosen clip: 3 name and extension, 2 name, 1 a cut name, 0 not at all. */
function fit(fileName: string, clip: ChosenClip): number {
  const fileKey = nameKey(stemOf(fileName));
  if (fileKey === '') return 0;
  const idName = idFileName(clip.id);
  const keys = [nameKey(stemOf(idName)), nameKey(clip.title)].filter((k) => k !== '');
  if (keys.includes(fileKey)) return extensionOf(idName) === extensionOf(fileName) ? 3 : 2;
  // The kiosk's upload name is cut at UPLOAD_NAME_MAX_LENGTH: a long title then starts with it.
  const cut = fileName.length >= UPLOAD_NAME_MAX_LENGTH - 1;
  return cut && keys.some((k) => k.startsWith(fileKey)) ? 1 : 0;
}

/**
 * The chosen clip a file is, among those not `taken` by another file of the same folder; undefined
 * when none fits. 'video-{n}' is what the kiosk names a clip whose title leaves no character.
 */
export function pairByName(fileName: string, clips: ChosenClip[], taken: ReadonlySet<number>): number | undefined {
  let best: { index: number; score: number } | undefined;
  for (const clip of clips) {
    if (taken.has(clip.index)) continue;
    const score = fit(fileName, clip);
    if (score > (best?.score ?? 0)) best = { index: clip.index, score };
  }
  if (best) return best.index;
  const numbered = /^video-(\d+)$/.exec(stemOf(fileName));
  const clip = numbered ? clips[Number(numbered[1]) - 1] : undefined;
  return clip && !taken.has(clip.index) && nameKey(clip.title) === '' ? clip.index : undefined;
}

export interface FileLike {
  name: string;
}

export interface PairedFile<F extends FileLike> {
  file: F;
  /** 1-based: the chosen clip's position; past the chosen clips for a file that matches none. */
  n: number;
  /** null: the file matches no chosen clip. */
  clip: ChosenClip | null;
}

/**
 * Every file of a folder with its clip: `recorded` (file name -> clip index or null) first, as
 * get-signed-url recorded them, then by name for files uploaded without a record. Paired files come
 * in the order the player chose, unpaired ones after them in name order.
 */
export function pairFiles<F extends FileLike>(
  files: F[],
  clips: ChosenClip[],
  recorded: ReadonlyMap<string, number | null>,
): PairedFile<F>[] {
  const taken = new Set<number>();
  const byFile = new Map<F, number | null>();
  for (const file of files) {
    if (!recorded.has(file.name)) continue;
    const index = recorded.get(file.name) ?? null;
    const valid = index !== null && clips[index] !== undefined && !taken.has(index);
    if (valid) taken.add(index);
    byFile.set(file, valid ? index : null);
  }
  for (const file of files) {
    if (byFile.has(file)) continue;
    const index = pairByName(file.name, clips, taken);
    if (index !== undefined) taken.add(index);
    byFile.set(file, index ?? null);
  }
  const paired: PairedFile<F>[] = [];
  const unpaired: F[] = [];
  for (const file of files) {
    const index = byFile.get(file) ?? null;
    if (index === null) unpaired.push(file);
    else paired.push({ file, n: index + 1, clip: clips[index]! });
  }
  paired.sort((a, b) => a.n - b.n);
  unpaired.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return [...paired, ...unpaired.map((file, i) => ({ file, n: clips.length + i + 1, clip: null }))];
}

/** The title a file is shown and downloaded under: its clip's, else its own name's (spec rule for titles). */
export function titleOf(paired: PairedFile<FileLike>, fallback: (n: number) => string): string {
  if (paired.clip) return paired.clip.title.trim() || fallback(paired.n);
  return videoTitleFromFileName(paired.file.name) || paired.file.name;
}
