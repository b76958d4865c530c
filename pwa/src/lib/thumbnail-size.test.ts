import { describe, expect, it } from 'vitest';
import { THUMBNAIL_MAX_DISPLAY_WIDTH, thumbnailPixelSize, thumbnailShape } from './thumbnail-size.ts';

describe('thumbnailShape (issue 12 point 5)', () => {
  it.each([
    ['1080p landscape', 1920, 1080],
    ['4:3 landscape', 640, 480],
    ['square', 500, 500],
    ['not known yet', null, null],
  ])('gives a %s clip the 16:9 frame (240 wide by 135 high)', (_name, w, h) => {
    expect(thumbnailShape(w, h)).toEqual({ width: 240, height: 135 });
  });

  it('keeps a portrait clip in its own shape', () => {
    expect(thumbnailShape(1080, 1920)).toEqual({ width: 1080, height: 1920 });
    expect(thumbnailShape(720, 1280)).toEqual({ width: 720, height: 1280 });
  });
});

describe('thumbnailPixelSize', () => {
  it('draws at the widest display width times the device pixel ratio', () => {
    expect(thumbnailPixelSize(1920, 1080, 1)).toEqual({ width: 480, height: 270 });
    expect(thumbnailPixelSize(1920, 1080, 2)).toEqual({ width: 960, height: 540 });
    expect(thumbnailPixelSize(1920, 1080, 1.5)).toEqual({ width: 720, height: 405 });
  });

  it('keeps the portrait shape at the pixel ratio', () => {
    expect(thumbnailPixelSize(1080, 1920, 2)).toEqual({ width: 960, height: 1707 });
  });

  it('never draws narrower than the widest display width, nor beyond 3x it', () => {
    expect(thumbnailPixelSize(1920, 1080, 0.5).width).toBe(THUMBNAIL_MAX_DISPLAY_WIDTH);
    expect(thumbnailPixelSize(1920, 1080, Number.NaN).width).toBe(THUMBNAIL_MAX_DISPLAY_WIDTH);
    expect(thumbnailPixelSize(1920, 1080, 4).width).toBe(3 * THUMBNAIL_MAX_DISPLAY_WIDTH);
  });
});
