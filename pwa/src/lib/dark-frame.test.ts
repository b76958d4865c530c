import { describe, expect, it } from 'vitest';
import { isDarkFrame, thumbnailSeekTimes } from './dark-frame.ts';

function frame(pixels: number, fill: (i: number) => [number, number, number]): Uint8ClampedArray {
  const data = new Uint8ClampedArray(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    const [r, g, b] = fill(i);
    data.set([r, g, b, 255], i * 4);
  }
  return data;
}

describe('the dark-frame decision', () => {
  it('calls a black frame dark', () => {
    expect(isDarkFrame(frame(135 * 240, () => [0, 0, 0]))).toBe(true);
    expect(isDarkFrame(frame(135 * 240, () => [12, 10, 14]))).toBe(true);
  });
  it('calls a normally lit frame not dark', () => {
    expect(isDarkFrame(frame(135 * 240, () => [90, 120, 80]))).toBe(false);
  });
  it('keeps a dark scene with a bright part (a lit scoreboard) as a usable frame', () => {
    expect(isDarkFrame(frame(135 * 240, (i) => (i % 10 === 0 ? [250, 250, 250] : [5, 5, 5])))).toBe(false);
  });
  it('retries at 20% then 50% of the duration', () => {
    expect(thumbnailSeekTimes(10, [0.2, 0.5])).toEqual([0.1, 2, 5]);
    expect(thumbnailSeekTimes(NaN, [0.2, 0.5])).toEqual([0]);
  });
});
