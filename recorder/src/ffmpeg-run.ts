// Running one short ffmpeg to its end (a preview made, a file described): whether it succeeded and
// what it printed, ended if it hangs past its time (a hung disk must not hold the uploads up).
import type { Platform } from './platform.ts';

export interface FfmpegRun {
  ok: boolean;
  /** What ffmpeg printed on stderr (its last 16 KB), or why it could not start. */
  output: string;
}

const KEPT = 16_384;

export function runFfmpeg(platform: Platform, ffmpegPath: string, args: readonly string[], timeoutMs: number): Promise<FfmpegRun> {
  return new Promise((resolve) => {
    let output = '';
    let child;
    try {
      child = platform.spawn(ffmpegPath, args, { stdin: 'ignore', stdout: 'ignore' });
    } catch (error) {
      return resolve({ ok: false, output: `ffmpeg could not start (${(error as Error).message})` });
    }
    const cancel = platform.clock.after(timeoutMs, () => {
      output += `\nstill running after ${timeoutMs / 1000} s; ended`;
      child.kill('SIGKILL');
    });
    child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-KEPT)));
    child.on('error', (error) => {
      cancel();
      resolve({ ok: false, output: `ffmpeg could not start (${error.message})` });
    });
    child.on('close', (code) => {
      cancel();
      resolve({ ok: code === 0, output });
    });
  });
}

/** The last lines ffmpeg printed, short enough for a log line. */
export const lastWords = (output: string): string => output.trim().split('\n').slice(-2).join(' ').slice(-300);

export interface Description {
  durationMs?: number;
  codec?: string;
  width?: number;
}

/** What `ffmpeg -i file` says of a file: its length, and its video's codec and width. */
export function describe(output: string): Description {
  const duration = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(output);
  const video = /Stream #\d+:\d+[^:]*: Video: (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})/.exec(output);
  return {
    ...(duration ? { durationMs: Math.round(((Number(duration[1]) * 60 + Number(duration[2])) * 60 + Number(duration[3])) * 1000) } : {}),
    ...(video ? { codec: video[1]!, width: Number(video[2]) } : {}),
  };
}
