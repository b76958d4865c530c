// The shape and pixel size of a clip's thumbnail (issue 12 point 5). Court cameras film landscape,
// so a landscape clip gets a 16:9 frame (the spec's 135x240 read as 240 wide by 135 high); a
// portrait clip keeps its own shape. The frame is drawn at the device pixel ratio, so it stays
// sharp when the browser scales the page up.
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '@courtreplay/shared';

/**
 * The widest a thumbnail is ever displayed, in CSS pixels. kiosk.css keeps every grid layout at or
 * under it (portrait columns at most 480 px; landscape auto-fill columns stay under 424 px).
 */
export const THUMBNAIL_MAX_DISPLAY_WIDTH = 480;

/** Device pixel ratios outside 1..3 are clamped: below 1 would blur, above 3 only costs time. */
const MIN_DPR = 1;
const MAX_DPR = 3;

export interface Size {
  width: number;
  height: number;
}

/** The frame shape of a clip: 16:9 for landscape, square and unknown ones; the clip's own when portrait. */
export function thumbnailShape(videoWidth: number | null, videoHeight: number | null): Size {
  if (videoWidth && videoHeight && videoHeight > videoWidth) return { width: videoWidth, height: videoHeight };
  return { width: THUMBNAIL_HEIGHT, height: THUMBNAIL_WIDTH };
}

/** The canvas size to draw a thumbnail at: the widest display width times the device pixel ratio. */
export function thumbnailPixelSize(videoWidth: number | null, videoHeight: number | null, devicePixelRatio: number): Size {
  const dpr = Number.isFinite(devicePixelRatio) ? Math.min(MAX_DPR, Math.max(MIN_DPR, devicePixelRatio)) : MIN_DPR;
  const shape = thumbnailShape(videoWidth, videoHeight);
  const width = Math.ceil(THUMBNAIL_MAX_DISPLAY_WIDTH * dpr);
  return { width, height: Math.round((width * shape.height) / shape.width) };
}
