// Synthetic cameras: ffmpeg encodes a test pattern (H.264, a keyframe every second, as the docs
// ask venues to set their cameras) and sends it as RTP to the RTSP server's port for its path. Tests use small, cheap
// streams; the demo and the benchmark use 1080p with the time burnt in.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { ParameterSets, RtspServer } from './rtsp-server.ts';

export interface CameraOptions {
  width?: number;
  height?: number;
  fps?: number;
  /** Burns the court's name and the time into the picture (needs ffmpeg's drawtext and a font). */
  label?: string;
  ffmpegPath?: string;
  /**
   * Publishes this already encoded H.264 file in a loop instead of encoding (no CPU spent on encoding).
   * MPEG-TS, which repeats SPS/PPS at every keyframe as a camera does; an mp4 keeps them aside.
   */
  source?: string;
  /** Where the camera sends H.264's parameter sets: only in the session description (the default, the harder case) or before every keyframe too. */
  parameterSets?: ParameterSets;
}

export interface SyntheticCamera {
  path: string;
  process: ChildProcess;
  /** Stops publishing at once, as a camera losing power would. */
  kill(): void;
}

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

export function publishCamera(server: RtspServer, path: string, options: CameraOptions = {}): SyntheticCamera {
  const { width = 320, height = 180, fps = 10 } = options;
  if (options.source && !/\.(ts|m2ts|h264|264)$/i.test(options.source)) {
    throw new Error(
      `${options.source}: give an MPEG-TS (.ts) or raw H.264 file, which carries SPS/PPS at every keyframe as a camera does.`,
    );
  }
  const filters: string[] = [];
  if (options.label) {
    const font = existsSync(FONT) ? `fontfile=${FONT}:` : '';
    const size = Math.round(height / 12);
    filters.push(
      `drawtext=${font}text='${options.label.replace(/[':\\]/g, '')}  %{localtime}':fontsize=${size}:fontcolor=white:box=1:boxcolor=black@0.6:x=20:y=20`,
    );
  }
  const output = ['-map', '0:v:0', '-f', 'rtp', server.publishUrl(path, options.parameterSets)];
  const input = options.source
    ? ['-stream_loop', '-1', '-i', options.source, '-c', 'copy']
    : ['-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=${fps}`, ...(filters.length ? ['-vf', filters.join(',')] : [])].concat([
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-tune',
        'zerolatency',
        // An access unit delimiter before each frame, as many cameras send: ffmpeg's MPEG-TS muxer then
        // adds no parameter sets of its own, which is what makes a camera of the 'sdp' kind hard.
        '-aud',
        '1',
        '-g',
        String(fps),
        '-pix_fmt',
        'yuv420p',
      ]);
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', ...input, ...output];
  // The burnt-in clock reads in the venue's time, as the clips' names and the phone page do.
  const child = spawn(options.ffmpegPath ?? 'ffmpeg', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, TZ: 'Asia/Jakarta' },
  });
  return { path, process: child, kill: () => child.kill('SIGKILL') };
}
