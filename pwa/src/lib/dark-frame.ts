// The dark-frame decision (spec section 4): a thumbnail that looks black is retried later in the clip.

/** Mean luma below this (0-255) counts as dark. */
export const DARK_MEAN_LUMA = 24;
/** ...unless this share of pixels is clearly lit (a dark scene with a bright scoreboard is fine). */
export const LIT_PIXEL_SHARE = 0.05;
const LIT_LUMA = 64;

/** RGBA pixels (as from getImageData) -> true when the frame looks black. Samples every 4th pixel. */
export function isDarkFrame(rgba: ArrayLike<number>): boolean {
  let sum = 0;
  let lit = 0;
  let n = 0;
  for (let i = 0; i + 2 < rgba.length; i += 16) {
    const luma = 0.2126 * rgba[i]! + 0.7152 * rgba[i + 1]! + 0.0722 * rgba[i + 2]!;
    sum += luma;
    if (luma > LIT_LUMA) lit++;
    n++;
  }
  if (n === 0) return true;
  return sum / n < DARK_MEAN_LUMA && lit / n < LIT_PIXEL_SHARE;
}

/** Seek positions for the thumbnail: near the start, then the retry fractions of the duration. */
export function thumbnailSeekTimes(duration: number, fractions: readonly number[]): number[] {
  const first = Number.isFinite(duration) && duration > 0 ? Math.min(0.1, duration / 2) : 0;
  const later = Number.isFinite(duration) && duration > 0 ? fractions.map((f) => f * duration) : [];
  return [first, ...later];
}
