// Reads a clip's duration and size and draws its thumbnail with a <video> element (spec sections 4
// and 9): duration within 2 s, thumbnail within 3 s, a JPEG at quality 0.7
// (16:9 for landscape clips, a portrait one in its own shape) at the device pixel ratio, a dark first frame retried at
// 20% then 50% of the duration. A file the browser cannot decode is reported as such.
import {
  DARK_FRAME_RETRY_FRACTIONS,
  DURATION_PROBE_TIMEOUT_MS,
  THUMBNAIL_MIME_TYPE,
  THUMBNAIL_PROBE_TIMEOUT_MS,
  THUMBNAIL_QUALITY,
} from '@courtreplay/shared';
import { isDarkFrame, thumbnailSeekTimes } from './dark-frame.ts';
import { thumbnailPixelSize, type Size } from './thumbnail-size.ts';

class ProbeTimeout extends Error {}

/** The browser read the file and cannot decode it (not a video, a codec it lacks, a broken file). */
class UndecodableClip extends Error {}

const isDecodeError = (error: MediaError | null) =>
  error !== null && (error.code === MediaError.MEDIA_ERR_DECODE || error.code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED);

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
      const error = video.error;
      reject(isDecodeError(error) ? new UndecodableClip(error?.message) : new Error(error?.message || 'video error'));
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

export interface ClipProbe {
  /** Seconds; null when it could not be read within 2 s or the clip cannot be decoded. */
  duration: number | null;
  undecodable: boolean;
}

/** The clip's duration, read within 2 s; or that the browser cannot decode it. */
export async function probeClip(url: string): Promise<ClipProbe> {
  const video = makeVideo(url, 'metadata');
  try {
    return await withTimeout(DURATION_PROBE_TIMEOUT_MS, async (signal) => {
      if (video.readyState < 1) await once(video, 'loadedmetadata', signal);
      // No picture at all (an audio file named .mp4) is as unplayable here as a broken one.
      if (!video.videoWidth || !video.videoHeight) throw new UndecodableClip('no video track');
      let d = video.duration;
      if (d === Infinity) {
        // Some WebM files carry no duration in their header: seeking far ahead makes the browser find it.
        video.currentTime = 1e7;
        await once(video, 'durationchange', signal);
        d = video.duration;
      }
      return { duration: Number.isFinite(d) ? d : null, undecodable: false };
    });
  } catch (e) {
    return { duration: null, undecodable: e instanceof UndecodableClip };
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

/** Draws the frame centred and cropped to the canvas ("cover"). */
function drawCover(ctx: CanvasRenderingContext2D, video: HTMLVideoElement, out: Size) {
  const vw = video.videoWidth || out.width;
  const vh = video.videoHeight || out.height;
  const scale = Math.max(out.width / vw, out.height / vh);
  const sw = out.width / scale;
  const sh = out.height / scale;
  ctx.drawImage(video, (vw - sw) / 2, (vh - sh) / 2, sw, sh, 0, 0, out.width, out.height);
}

export interface Thumbnail {
  /** A JPEG data URL; null when no frame could be drawn. */
  dataUrl: string | null;
  /** Its width in pixels (0 without one). */
  width: number;
  undecodable: boolean;
}

/**
 * A representative frame as a JPEG data URL, at `devicePixelRatio` times the widest card. Each
 * attempt (the first frame, then the 20% and 50% retries of a dark one) has its own 3 s limit.
 */
export async function makeThumbnail(url: string, knownDuration: number | null, devicePixelRatio: number): Promise<Thumbnail> {
  const video = makeVideo(url, 'auto');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return { dataUrl: null, width: 0, undecodable: false };
  let best: string | null = null;
  let undecodable = false;
  try {
    const duration = await withTimeout(THUMBNAIL_PROBE_TIMEOUT_MS, async (signal) => {
      if (video.readyState < 1) await once(video, 'loadedmetadata', signal);
      return knownDuration ?? video.duration;
    });
    const out = thumbnailPixelSize(video.videoWidth, video.videoHeight, devicePixelRatio);
    canvas.width = out.width;
    canvas.height = out.height;
    for (const time of thumbnailSeekTimes(duration, DARK_FRAME_RETRY_FRACTIONS)) {
      const dark = await withTimeout(THUMBNAIL_PROBE_TIMEOUT_MS, async (signal) => {
        await seek(video, time, signal);
        drawCover(ctx, video, out);
        const pixels = ctx.getImageData(0, 0, out.width, out.height).data;
        best = canvas.toDataURL(THUMBNAIL_MIME_TYPE, THUMBNAIL_QUALITY);
        return isDarkFrame(pixels);
      });
      if (!dark) break;
    }
  } catch (e) {
    // A timeout keeps the last frame drawn, even a dark one: better than the default picture.
    undecodable = e instanceof UndecodableClip && best === null;
  } finally {
    release(video);
  }
  return { dataUrl: best, width: best === null ? 0 : canvas.width, undecodable };
}
