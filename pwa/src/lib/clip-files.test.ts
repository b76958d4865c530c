import { describe, expect, it } from 'vitest';
import { dayKey, isFromToday, todaysVideos, uploadFileName, uploadFolderName, videoId, videoTitle } from './clip-files.ts';

// 2026-11-22 10:00 in Jakarta (UTC+7) = 03:00 UTC.
const NOW = Date.UTC(2026, 10, 22, 3, 0, 0);
const file = (name: string, lastModified: number, size = 100) => ({ name, lastModified, size });

describe('the files the selection lists', () => {
  it('keeps only .mp4, .mov and .webm (any case) from today, newest first', () => {
    const listed = todaysVideos(
      [
        file('a.mp4', NOW - 3_000),
        file('notes.txt', NOW),
        file('b.MOV', NOW - 1_000),
        file('c.webm', NOW - 2_000),
        file('d.mkv', NOW),
        file('yesterday.mp4', NOW - 26 * 3600_000),
      ],
      NOW,
    );
    expect(listed.map((f) => f.name)).toEqual(['b.MOV', 'c.webm', 'a.mp4']);
  });

  it('counts a clip from just after midnight in Jakarta as today', () => {
    const justAfterMidnightJakarta = Date.UTC(2026, 10, 21, 17, 5); // 00:05 on the 22nd in Jakarta
    expect(dayKey(justAfterMidnightJakarta, 'Asia/Jakarta')).toBe('2026-11-22');
    expect(isFromToday(justAfterMidnightJakarta, NOW)).toBe(true);
    expect(isFromToday(Date.UTC(2026, 10, 20, 3), NOW)).toBe(false);
  });
});

describe('titles and ids (spec section 3)', () => {
  it('drops the extension and turns underscores and hyphens into spaces', () => {
    expect(videoTitle('Court_1-rally_final.mp4')).toBe('Court 1 rally final');
    expect(videoTitle('match.2.webm')).toBe('match.2');
    expect(videoTitle('a__b.mov')).toBe('a  b');
  });
  it('makes the id from the timestamp plus the sanitised name', () => {
    expect(videoId(file('my clip (1).mp4', 1234))).toBe('1234-my-clip-1.mp4');
  });
});

describe('upload names (spec section 5)', () => {
  it('keeps word characters, spaces, dots and hyphens, and turns spaces into hyphens', () => {
    expect(uploadFileName('Court 1 rally! #final', 1, '.mp4')).toBe('Court-1-rally-final.mp4');
    expect(uploadFileName('clip', 1, 'MOV')).toBe('clip.mov');
  });
  it('is at most 50 characters with its extension', () => {
    const name = uploadFileName('x'.repeat(80), 1, '.webm');
    expect(name).toHaveLength(50);
    expect(name.endsWith('.webm')).toBe(true);
  });
  it("falls back to 'video-{n}' when nothing usable is left", () => {
    expect(uploadFileName('!!!', 3)).toBe('video-3');
  });
  it('names the folder videos_{date}_{time}_{n}videos at the venue', () => {
    expect(uploadFolderName(NOW, 3)).toBe('videos_2026-11-22_10-00-00_3videos');
  });
});
