import { describe, expect, it } from 'vitest';
import { attachment, parseRange } from './send-file.ts';

describe('byte ranges', () => {
  it.each([
    [undefined, undefined],
    ['bytes=0-99', [0, 99]],
    ['bytes=100-', [100, 999]],
    ['bytes=-100', [900, 999]],
    ['bytes=900-5000', [900, 999]],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=50-10', 'unsatisfiable'],
    ['bytes=0-1,5-9', undefined],
    ['items=0-1', undefined],
  ] as const)('%s of 1000 bytes -> %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe('Content-Disposition', () => {
  it('keeps an ASCII fallback and the UTF-8 name, and cannot be broken out of', () => {
    expect(attachment('Match-point.mp4')).toBe(`attachment; filename="Match-point.mp4"; filename*=UTF-8''Match-point.mp4`);
    expect(attachment('a"b\\c.mp4')).toBe(`attachment; filename="a_b_c.mp4"; filename*=UTF-8''a%22b%5Cc.mp4`);
    expect(attachment('münchen.mp4')).toContain(`filename*=UTF-8''m%C3%BCnchen.mp4`);
  });
});
