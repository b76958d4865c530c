import { describe, expect, it } from 'vitest';
import { nextOffsetFromRange } from './uploader.ts';

describe('the resumable upload protocol', () => {
  it("continues after the last byte the storage confirmed ('Range: bytes=0-N' -> N + 1)", () => {
    expect(nextOffsetFromRange('bytes=0-262143')).toBe(262_144);
    expect(nextOffsetFromRange('bytes=0-0')).toBe(1);
  });
  it('starts from 0 when the storage confirmed nothing', () => {
    expect(nextOffsetFromRange(null)).toBe(0);
    expect(nextOffsetFromRange('')).toBe(0);
  });
});
