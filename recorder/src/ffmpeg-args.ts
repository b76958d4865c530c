// ffmpeg's command lines, in one place: the recording of one camera into its buffer and the cut of
// a clip out of it. Both copy the stream as it is; nothing is ever re-encoded.
import { join, resolve } from 'node:path';
import { stdinArgs } from './processes.ts';

/**
 * What ffmpeg may open while reading a camera: RTSP and what RTSP runs on, nothing that reads a
 * file or fetches HTTP (a camera address is text an admin typed, and ffmpeg would follow it).
 */
export const CAMERA_PROTOCOLS = 'rtsp,rtsps,rtp,srtp,tcp,udp,tls';

/** A segment list and its segments of one run (one ffmpeg) in a camera's buffer folder. */
export const runList = (dir: string, run: string) => join(dir, `r${run}.csv`);
export const runSegments = (dir: string, run: string) => join(dir, `r${run}-%06d.ts`);

/** Reads the camera over RTSP/TCP and copies it into 1 s MPEG-TS segments listed as they close. */
export function recordArgs(input: { url: string; dir: string; run: string; os: NodeJS.Platform }): string[] {
  return [
    '-hide_banner',
    ...stdinArgs(input.os),
    '-loglevel',
    'error',
    '-protocol_whitelist',
    CAMERA_PROTOCOLS,
    '-rtsp_transport',
    'tcp',
    // A camera that accepts the connection and then says nothing must not hang the reader.
    '-timeout',
    '5000000',
    '-i',
    input.url,
    '-map',
    '0:v:0',
    '-c',
    'copy',
    // H.264's parameter sets before every keyframe, whatever the camera does with them (some send
    // them only in the RTSP session description, or only at the start): every segment can then
    // begin a clip. Still a stream copy; repeated parameter sets are harmless where they were sent.
    '-bsf:v',
    'dump_extra=freq=keyframe',
    '-f',
    'segment',
    '-segment_time',
    '1',
    '-segment_format',
    'mpegts',
    '-reset_timestamps',
    '1',
    '-segment_list',
    runList(input.dir, input.run),
    '-segment_list_type',
    'csv',
    runSegments(input.dir, input.run),
  ];
}

export interface CutArgs {
  /** The concat list naming the segments (absolute paths). */
  list: string;
  /** Where the clip is written before it is renamed into place. */
  output: string;
  /** Seconds of output to keep from the first segment's start; all when omitted. */
  durationSeconds?: number;
  /** The camera's codec: an H.265 clip is tagged hvc1, which Apple's players need to play it. */
  codec?: string;
}

/** The concat demuxer over buffer segments into an mp4 with its index first (+faststart). */
export function cutArgs(input: CutArgs): string[] {
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    input.list,
    '-map',
    '0:v:0',
    '-c',
    'copy',
    ...(input.codec === 'hevc' ? ['-tag:v', 'hvc1'] : []),
    ...(input.durationSeconds === undefined ? [] : ['-t', input.durationSeconds.toFixed(3)]),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    input.output,
  ];
}

/**
 * The concat list: each segment by its absolute path (the concat demuxer reads a relative one
 * against the list's own folder). Each segment starts with a keyframe and its parameter sets, so
 * a short probe finds them, where ffmpeg's default probe of every segment made a 1080p clip take
 * seconds on a busy PC.
 */
export const concatList = (paths: readonly string[]): string =>
  paths.map((path) => `file '${resolve(path).replace(/'/g, "'\\''")}'\noption probesize 65536\noption analyzeduration 0\n`).join('');

/** The codec ffmpeg names in its description of a file (`Stream #0:0: Video: hevc (Main)`), or undefined. */
export function codecOf(ffmpegOutput: string): string | undefined {
  return /Stream #\d+:\d+[^:]*: Video: (\w+)/.exec(ffmpegOutput)?.[1];
}
