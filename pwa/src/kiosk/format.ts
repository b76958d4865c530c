// Display formats for clips: duration m:ss and the recorded time of day at the venue (the grid lists
// today's clips only, so the date would add nothing).
import { formatDuration as sharedDuration, formatTime24, recordedTimeOfFile } from '@courtreplay/shared';

export { formatRupiah } from '@courtreplay/shared';

export const formatDuration = (seconds: number | null) =>
  seconds === null || !Number.isFinite(seconds) ? '--:--' : sharedDuration(seconds);

export const formatRecordedTime = (ms: number) => formatTime24(ms);

/** A card's time: the start a recorder's clip name gives (its title says the same), else the file's time. */
export const formatClipTime = (fileName: string, ms: number) => recordedTimeOfFile(fileName, ms);
