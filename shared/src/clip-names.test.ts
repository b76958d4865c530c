import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COURT_FOLDER_MAX_BYTES,
  COURT_FOLDER_MAX_CHARS,
  courtFolderName,
  courtFolders,
  parseRecorderClipName,
  recorderClipName,
  venueDayAndTime,
} from './clip-names.ts';
import { recordedTimeOfFile, videoTitleFromFileName } from './validation.ts';

const utf8Length = (text: string) =>
  [...text].reduce(
    (n, ch) => n + (ch.codePointAt(0)! < 0x80 ? 1 : ch.codePointAt(0)! < 0x800 ? 2 : ch.codePointAt(0)! < 0x10000 ? 3 : 4),
    0,
  );

/** Why `folder` is not one safe folder inside CLIPS_DIR on Windows, macOS and Linux; null when it is. */
function unsafe(folder: string): string | null {
  if (folder === '' || folder === '.' || folder === '..') return 'no name';
  if (/[/\\]/.test(folder)) return 'a path separator';
  if (/[:*?"<>|]/.test(folder)) return 'a character Windows refuses';
  if (/\p{Cc}/u.test(folder)) return 'a control character';
  if (folder.startsWith('.')) return 'hidden';
  if (/[. ]$/.test(folder)) return 'a trailing dot or space';
  if (/^(con|prn|aux|nul|com\d|lpt\d)$/i.test(folder.split('.')[0]!.trim())) return 'a name Windows reserves';
  if (folder.length > COURT_FOLDER_MAX_CHARS + 10) return 'too many characters';
  if (utf8Length(folder) > COURT_FOLDER_MAX_BYTES + 10) return 'too many bytes';
  if (/[\uD800-\uDFFF]/.test(folder.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))) return 'half an emoji';
  return null;
}

const HOSTILE = [
  '..',
  '.',
  '../../x',
  'Court 1/2',
  'a\\b',
  '.hidden',
  'CON',
  'NUL',
  'COM1',
  'con.mp4',
  'Court 1. ',
  'Court 2...',
  '   ',
  '球'.repeat(100),
  'Lapangan 🎾🔥',
  '\u202eevil',
  'a\nb',
];

describe('court folders', () => {
  it.each(HOSTILE)('%j is one safe folder', (name) => {
    const folder = courtFolders([{ id: 7, name }]).get(7)!;
    expect(unsafe(folder)).toBeNull();
  });

  it('keeps what is safe and readable, and names an empty one by the court id', () => {
    expect(courtFolders([{ id: 1, name: 'Court 1' }]).get(1)).toBe('Court 1');
    expect(courtFolderName('Court 1/2')).toBe('Court 1-2');
    expect(courtFolderName('a\\b')).toBe('a-b');
    expect(courtFolderName('.hidden')).toBe('hidden');
    expect(courtFolderName('CON')).toBe('CON_');
    expect(courtFolderName('Court 1. ')).toBe('Court 1');
    expect(courtFolderName('Lapangan 🎾🔥')).toBe('Lapangan 🎾🔥');
    expect(courtFolderName('球'.repeat(100))).toBe('球'.repeat(COURT_FOLDER_MAX_BYTES / 3));
    expect(courtFolders([{ id: 4, name: '..' }]).get(4)).toBe('Court 4');
    expect(courtFolders([{ id: 5, name: '../../x' }]).get(5)).toBe('-..-x');
  });

  it('never gives two courts one folder, even where a system ignores case', () => {
    const folders = courtFolders([
      { id: 3, name: 'Court 1-2' },
      { id: 1, name: 'Court 1/2' },
      { id: 2, name: 'court 1/2' },
      { id: 9, name: 'Court 1-2 #3' },
    ]);
    expect([...folders.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [1, 'Court 1-2'],
      [2, 'court 1-2 #2'],
      [3, 'Court 1-2 #3'],
      [9, 'Court 1-2 #3 #9'],
    ]);
  });

  it('any names give each court one safe folder, none shared', () => {
    const names = fc.oneof(
      fc.string({ unit: 'grapheme-composite', maxLength: 50 }),
      fc.string({ unit: 'binary', maxLength: 50 }),
      fc.string({ unit: fc.constantFrom('.', ' ', '/', '\\', 'C', 'o', 'n', '1', '球', '🎾'), maxLength: 50 }),
      fc.constantFrom(...HOSTILE),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 10_000 }), name: names }), { selector: (c) => c.id, maxLength: 12 }),
        (courts) => {
          const folders = [...courtFolders(courts).values()];
          // A plain answer, not an expect per folder: thousands of expects cost seconds.
          return folders.every((f) => unsafe(f) === null) && new Set(folders.map((f) => f.toLowerCase())).size === courts.length;
        },
      ),
    );
  });
});

describe("a recorder's clip names", () => {
  it('carry the court, the day and the start, and read back', () => {
    const { day, time } = venueDayAndTime(Date.parse('2026-11-20T07:03:30Z'), 'Asia/Jakarta');
    expect([day, time]).toEqual(['2026-11-20', '14:03:30']);
    const name = recorderClipName({ court: 'Court 2', day, time, marked: true });
    expect(name).toBe('Court 2 2026-11-20 14.03.30 marked.mp4');
    expect(parseRecorderClipName(name)).toEqual({ court: 'Court 2', day, time, marked: true, copy: 1 });
    expect(parseRecorderClipName(recorderClipName({ court: 'A (1)', day, time, marked: false, copy: 3 }))).toEqual({
      court: 'A (1)',
      day,
      time,
      marked: false,
      copy: 3,
    });
    expect(parseRecorderClipName('rally_1.mp4')).toBeNull();
  });

  it('give the kiosk one time per card: the title leaves the day out, the card shows the start the name gives', () => {
    const end = Date.parse('2026-11-20T07:04:31Z'); // 14:04 at the venue: the clip's last second
    expect(videoTitleFromFileName('Court 2 2026-11-20 14.03.30.mp4')).toBe('Court 2 14.03.30');
    expect(videoTitleFromFileName('Court-2 2026-11-20 14.03.30 marked (2).mp4')).toBe('Court 2 14.03.30 marked (2)');
    expect(recordedTimeOfFile('Court 2 2026-11-20 14.03.30.mp4', end)).toBe('14:03');
    // Any other file: the spec's rules as before.
    expect(videoTitleFromFileName('match_point-final.mp4')).toBe('match point final');
    expect(recordedTimeOfFile('rally.mp4', end)).toBe('14:04');
  });
});
