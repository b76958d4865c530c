// Display formats for clips: duration m:ss and the recorded time at the venue.
import { formatDateTime24, formatDuration as sharedDuration } from '@courtreplay/shared';

export { formatRupiah } from '@courtreplay/shared';

export const formatDuration = (seconds: number | null) =>
  seconds === null || !Number.isFinite(seconds) ? '--:--' : sharedDuration(seconds);

export const formatRecordedAt = (ms: number) => formatDateTime24(ms);
