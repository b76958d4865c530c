// Display formats for clips: duration m:ss and the recorded time of day at the venue (the grid lists
// today's clips only, so the date would add nothing).
import { formatDuration as sharedDuration, formatTime24 } from '@courtreplay/shared';

export { formatRupiah } from '@courtreplay/shared';

export const formatDuration = (seconds: number | null) =>
  seconds === null || !Number.isFinite(seconds) ? '--:--' : sharedDuration(seconds);

export const formatRecordedTime = (ms: number) => formatTime24(ms);
