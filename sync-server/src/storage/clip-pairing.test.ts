// Pairing a stored file with the chosen clip it is, by the names the kiosk gives.
import { sanitizeUploadName, videoIdFromFile, videoTitleFromFileName } from '@courtreplay/shared';
import { describe, expect, it } from 'vitest';
import { sanitizeStoredName } from '../adapters/file-names.ts';
import { pairByName, pairFiles, type ChosenClip } from './clip-pairing.ts';

/** A chosen clip as the kiosk sends it, and the stored name of its upload (pwa uploadFileName, then the adapter's). */
function clip(index: number, fileName: string, at = 1_795_762_800_000 + index) {
  const title = videoTitleFromFileName(fileName);
  const extension = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.')).toLowerCase() : '';
  const chosen: ChosenClip = { index, id: videoIdFromFile(at, fileName), title };
  return { chosen, stored: sanitizeStoredName(sanitizeUploadName(`${title}${extension}`, index + 1)) };
}

describe('pairByName', () => {
  it.each([
    ['Padel_A_rally_003.mp4'],
    ['court-1 rally_001.MP4'],
    ['Match point!!  (final).mov'],
    ['ラリー.mp4'],
    ['a very long name of a clip recorded at the end of a tournament final day.mp4'],
  ])('pairs the upload of %s with its clip among others', (fileName) => {
    const clips = [clip(0, 'other_clip.mp4'), clip(1, fileName), clip(2, 'third one.webm')];
    expect(
      pairByName(
        clips[1]!.stored,
        clips.map((c) => c.chosen),
        new Set(),
      ),
    ).toBe(1);
  });

  it('tells two clips of the same title apart by extension, and skips a clip another file already is', () => {
    const clips = [clip(0, 'rally.mov'), clip(1, 'rally.mp4')];
    const chosen = clips.map((c) => c.chosen);
    expect(pairByName('rally.mp4', chosen, new Set())).toBe(1);
    expect(pairByName('rally.mov', chosen, new Set())).toBe(0);
    expect(pairByName('rally.mp4', chosen, new Set([1]))).toBe(0);
    expect(pairByName('rally.mp4', chosen, new Set([0, 1]))).toBeUndefined();
  });

  it("pairs 'video-{n}' with the n-th clip only when that clip's title leaves no character", () => {
    const chosen = [clip(0, 'rally.mp4').chosen, { index: 1, id: '1795762800001-', title: 'ラリー' }];
    expect(pairByName('video-2.mp4', chosen, new Set())).toBe(1);
    expect(pairByName('video-1.mp4', chosen, new Set())).toBeUndefined();
  });

  it('pairs nothing with a file whose name is no chosen clip', () => {
    expect(pairByName('bonus.mp4', [clip(0, 'rally.mp4').chosen], new Set())).toBeUndefined();
  });
});

describe('pairFiles', () => {
  it('numbers files by the clip they are, recorded pairs first, unpaired ones after in name order', () => {
    const clips = [clip(0, 'zeta.mp4'), clip(1, 'alpha.mp4'), clip(2, 'mid.mp4')];
    const files = ['alpha.mp4', 'extra-b.mp4', 'hinted.mp4', 'extra-a.mp4', 'zeta.mp4'].map((name) => ({ name }));
    const paired = pairFiles(
      files,
      clips.map((c) => c.chosen),
      new Map([['hinted.mp4', 2]]),
    );
    expect(paired.map((p) => [p.n, p.file.name])).toEqual([
      [1, 'zeta.mp4'],
      [2, 'alpha.mp4'],
      [3, 'hinted.mp4'],
      [4, 'extra-a.mp4'],
      [5, 'extra-b.mp4'],
    ]);
  });
});
