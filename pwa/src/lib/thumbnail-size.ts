// The pixel size of a clip's thumbnail. Court cameras film landscape, so the
// card's frame is 16:9 (the spec's 135x240 read as 240 wide by 135 high) and a landscape clip fills
// it; a portrait clip keeps its own shape, whole, in the middle of that frame. The picture is drawn
// at the device pixel ratio, so it stays sharp when the browser scales the page up.
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '@courtreplay/shared';

/**
 * The widest a card's frame is ever displayed, in CSS pixels. VideoSelectionPage.css keeps every
 * grid layout at or under it (portrait columns at most 480 px; landscape auto-fill columns stay
 * under 424 px).
 */
export const THUMBNAIL_MAX_DISPLAY_WIDTH = 480;
/** The card's frame: 16:9, the spec's portrait 135x240 turned landscape. */
export const THUMBNAIL_FRAME = { width: THUMBNAIL_HEIGHT, height: THUMBNAIL_WIDTH } as const;

/** Device pixel ratios outside 1..3 are clamped: below 1 would blur, above 3 only costs time. */
const MIN_DPR = 1;
const MAX_DPR = 3;

export interface Size {
  width: number;
  height: number;
}

/** True when a clip is taller than wide; unknown sizes count as landscape (court cameras). */
export const isPortrait = (videoWidth: number | null, videoHeight: number | null): boolean =>
  !!videoWidth && !!videoHeight && videoHeight > videoWidth;

/**
 * The canvas size to draw a thumbnail at: the largest frame a card shows (480 CSS px wide, 16:9)
 * times the device pixel ratio. Landscape, square and unknown clips fill that frame (cropped to
 * 16:9 when they are not 16:9); a portrait clip keeps its own shape at the frame's full height.
 */
export function thumbnailPixelSize(videoWidth: number | null, videoHeight: number | null, devicePixelRatio: number): Size {
  const dpr = Number.isFinite(devicePixelRatio) ? Math.min(MAX_DPR, Math.max(MIN_DPR, devicePixelRatio)) : MIN_DPR;
  const width = Math.ceil(THUMBNAIL_MAX_DISPLAY_WIDTH * dpr);
  const height = Math.ceil((THUMBNAIL_MAX_DISPLAY_WIDTH * dpr * THUMBNAIL_FRAME.height) / THUMBNAIL_FRAME.width);
  if (!isPortrait(videoWidth, videoHeight)) return { width, height };
  return { width: Math.round((height * videoWidth!) / videoHeight!), height };
}
