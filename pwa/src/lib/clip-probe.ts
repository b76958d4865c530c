// Reads a clip's duration and draws its thumbnail with a <video> element (spec sections 4 and 9):
// duration within 2 s, thumbnail within 3 s, 135x240 JPEG at quality 0.7, a dark first frame
// retried at 20% then 50% of the duration.
import {
  DARK_FRAME_RETRY_FRACTIONS,
  DURATION_PROBE_TIMEOUT_MS,
  THUMBNAIL_HEIGHT,
  THUMBNAIL_MIME_TYPE,
  THUMBNAIL_PROBE_TIMEOUT_MS,
  THUMBNAIL_QUALITY,
  THUMBNAIL_WIDTH,
} from '@courtreplay/shared';
import { isDarkFrame, thumbnailSeekTimes } from './dark-frame.ts';

class ProbeTimeout extends Error {}

function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      controller.abort();
      reject(new ProbeTimeout(`timed out after ${ms} ms`));
    }, ms);
    run(controller.signal).then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

function once(video: HTMLVideoElement, event: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      video.removeEventListener(event, done);
      video.removeEventListener('error', fail);
      resolve();
    };
    const fail = () => {
      video.removeEventListener(event, done);
      reject(new Error(video.error?.message || 'video error'));
    };
    video.addEventListener(event, done);
    video.addEventListener('error', fail);
    signal.addEventListener('abort', fail);
  });
}

function makeVideo(url: string, preload: 'metadata' | 'auto'): HTMLVideoElement {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = preload;
  video.src = url;
  return video;
}

function release(video: HTMLVideoElement) {
  video.removeAttribute('src');
  video.load();
}

/** Duration in seconds, or null when it cannot be read within 2 s. */
export async function probeDuration(url: string): Promise<number | null> {
  const video = makeVideo(url, 'metadata');
  try {
    return await withTimeout(DURATION_PROBE_TIMEOUT_MS, async (signal) => {
      if (video.readyState < 1) await once(video, 'loadedmetadata', signal);
      let d = video.duration;
      if (d === Infinity) {
        // Some WebM files carry no duration in their header: seeking far ahead makes the browser find it.
        video.currentTime = 1e7;
        await once(video, 'durationchange', signal);
        d = video.duration;
      }
      return Number.isFinite(d) ? d : null;
    });
  } catch {
    return null;
  } finally {
    release(video);
  }
}

async function seek(video: HTMLVideoElement, time: number, signal: AbortSignal) {
  if (Math.abs(video.currentTime - time) < 0.001 && video.readyState >= 2) return;
  const seeked = once(video, 'seeked', signal);
  video.currentTime = time;
  await seeked;
}

/** Draws the frame centred and cropped to the portrait thumbnail box ("cover"). */
function drawCover(ctx: CanvasRenderingContext2D, video: HTMLVideoElement) {
  const vw = video.videoWidth || THUMBNAIL_WIDTH;
  const vh = video.videoHeight || THUMBNAIL_HEIGHT;
  const scale = Math.max(THUMBNAIL_WIDTH / vw, THUMBNAIL_HEIGHT / vh);
  const sw = THUMBNAIL_WIDTH / scale;
  const sh = THUMBNAIL_HEIGHT / scale;
  ctx.drawImage(video, (vw - sw) / 2, (vh - sh) / 2, sw, sh, 0, 0, THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT);
}

/**
 * A JPEG data URL of a representative frame, or null when none could be drawn. Each attempt (the
 * first frame, then the 20% and 50% retries of a dark one) has its own 3 s limit.
 */
export async function makeThumbnail(url: string, knownDuration?: number | null): Promise<string | null> {
  const video = makeVideo(url, 'auto');
  const canvas = document.createElement('canvas');
  canvas.width = THUMBNAIL_WIDTH;
  canvas.height = THUMBNAIL_HEIGHT;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  let best: string | null = null;
  try {
    const duration = await withTimeout(THUMBNAIL_PROBE_TIMEOUT_MS, async (signal) => {
      if (video.readyState < 1) await once(video, 'loadedmetadata', signal);
      return knownDuration ?? video.duration;
    });
    for (const time of thumbnailSeekTimes(duration, DARK_FRAME_RETRY_FRACTIONS)) {
      const dark = await withTimeout(THUMBNAIL_PROBE_TIMEOUT_MS, async (signal) => {
        await seek(video, time, signal);
        drawCover(ctx, video);
        const pixels = ctx.getImageData(0, 0, THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT).data;
        best = canvas.toDataURL(THUMBNAIL_MIME_TYPE, THUMBNAIL_QUALITY);
        return isDarkFrame(pixels);
      });
      if (!dark) break;
    }
  } catch {
    // A timeout keeps the last frame drawn, even a dark one: better than the default picture.
  } finally {
    release(video);
  }
  return best;
}
