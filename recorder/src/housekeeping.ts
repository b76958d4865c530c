// Keeping the buffer and the clips folder within their limits: each camera's buffer to
// BUFFER_MINUTES, the buffer's disk above MIN_FREE_MB (the oldest video across all cameras goes
// first, down to what one more marked clip needs), and CLIPS_DIR to KEEP_DAYS of the clips the
// recorder wrote, nobody else's files. A file another program holds (the kiosk playing a clip, an
// antivirus scan) is left for the next pass, never a reason to stop.
import type { Segment } from './buffer.ts';
import type { ClipWriter } from './clip-writer.ts';
import type { Platform } from './platform.ts';

export interface BufferOwner {
  index: { segments: Segment[]; remove(doomed: readonly Segment[], activeRun: string | undefined): Error | undefined };
  activeRun: string | undefined;
}

export interface BufferLimits {
  bufferDir: string;
  bufferMinutes: number;
  minFreeMb: number;
  /** What a marked clip needs, ms: never deleted under a low disk. */
  keepMs: number;
}

/** The answer of one pass: a disk-low message while under MIN_FREE_MB, and the first file that could not be removed. */
export interface PassResult {
  diskLow: string | null;
  failed: Error | undefined;
}

export function keepBufferWithin(platform: Platform, cameras: readonly BufferOwner[], limits: BufferLimits): PassResult {
  const now = platform.clock.now();
  const oldest = now - limits.bufferMinutes * 60_000;
  let failed: Error | undefined;
  for (const camera of cameras) {
    const segments = camera.index.segments;
    // Oldest first: stop at the first one to keep.
    let n = 0;
    while (n < segments.length && segments[n]!.end < oldest) n++;
    failed ??= camera.index.remove(segments.slice(0, n), camera.activeRun);
  }
  const freeMb = () => {
    const bytes = platform.fs.freeBytes(limits.bufferDir);
    return bytes === undefined ? undefined : Math.floor(bytes / (1024 * 1024));
  };
  let free = freeMb();
  if (free === undefined || free >= limits.minFreeMb) return { diskLow: null, failed };
  const diskLow = `The disk holding BUFFER_DIR has ${free} MB free, under MIN_FREE_MB (${limits.minFreeMb} MB): the oldest video is deleted first.`;
  const candidates = cameras
    .flatMap((camera) => {
      const newest = camera.index.segments.at(-1)?.end ?? now;
      return camera.index.segments.filter((s) => s.end < newest - limits.keepMs).map((segment) => ({ camera, segment }));
    })
    .sort((a, b) => a.segment.start - b.segment.start);
  while (candidates.length && free !== undefined && free < limits.minFreeMb) {
    for (const { camera, segment } of candidates.splice(0, 20)) failed ??= camera.index.remove([segment], camera.activeRun);
    free = freeMb();
  }
  return { diskLow, failed };
}

/**
 * Removes the clips the recorder wrote that are older than `keepDays` (by their modified time, their
 * end); answers how many went and the first that could not be removed (it is tried next time).
 */
export function removeOldClips(
  platform: Platform,
  writer: Pick<ClipWriter, 'clips' | 'forget' | 'rewrite'>,
  keepDays: number,
): { removed: number; failed: Error | undefined } {
  const limit = platform.clock.now() - keepDays * 24 * 3_600_000;
  const gone: string[] = [];
  let removed = 0;
  let failed: Error | undefined;
  for (const path of [...writer.clips]) {
    const mtime = platform.fs.mtime(path);
    if (mtime !== undefined && mtime >= limit) continue;
    try {
      // A clip removed by hand is only forgotten.
      if (mtime !== undefined) {
        platform.fs.remove(path);
        removed++;
      }
      gone.push(path);
    } catch (error) {
      failed ??= error as Error;
    }
  }
  if (gone.length) {
    writer.forget(gone);
    writer.rewrite();
  }
  return { removed, failed };
}
