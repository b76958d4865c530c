import { describe, expect, it } from 'vitest';
import { THUMBNAIL_FRAME, THUMBNAIL_MAX_DISPLAY_WIDTH, isPortrait, thumbnailPixelSize } from './thumbnail-size.ts';

describe('thumbnailPixelSize', () => {
  it('frames cards at 16:9, the spec’s 135x240 read as 240 wide by 135 high', () => {
    expect(THUMBNAIL_FRAME).toEqual({ width: 240, height: 135 });
  });

  it.each([
    ['1080p landscape', 1920, 1080],
    ['4:3 landscape', 640, 480],
    ['square', 500, 500],
    ['not known yet', null, null],
  ])('fills the 16:9 frame for a %s clip', (_name, w, h) => {
    expect(thumbnailPixelSize(w, h, 1)).toEqual({ width: 480, height: 270 });
  });

  it('draws at the widest display width times the device pixel ratio', () => {
    expect(thumbnailPixelSize(1920, 1080, 2)).toEqual({ width: 960, height: 540 });
    expect(thumbnailPixelSize(1920, 1080, 1.5)).toEqual({ width: 720, height: 405 });
  });

  it('keeps a portrait clip in its own shape at the frame’s full height', () => {
    expect(isPortrait(1080, 1920)).toBe(true);
    expect(thumbnailPixelSize(1080, 1920, 1)).toEqual({ width: 152, height: 270 });
    expect(thumbnailPixelSize(720, 1280, 2)).toEqual({ width: 304, height: 540 });
  });

  it('never draws narrower than the widest display width, nor beyond 3x it', () => {
    expect(thumbnailPixelSize(1920, 1080, 0.5).width).toBe(THUMBNAIL_MAX_DISPLAY_WIDTH);
    expect(thumbnailPixelSize(1920, 1080, Number.NaN).width).toBe(THUMBNAIL_MAX_DISPLAY_WIDTH);
    expect(thumbnailPixelSize(1920, 1080, 4).width).toBe(3 * THUMBNAIL_MAX_DISPLAY_WIDTH);
  });
});
