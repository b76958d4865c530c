// Cutting clips out of the buffer with ffmpeg's concat demuxer and stream copy: no re-encoding,
// so a clip costs a file copy's worth of work. The clip is written under a name starting with '.'
// (the kiosk lists no such file) and renamed when complete; its modified time is its end time,
// as the kiosk's time rules expect.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve as absolute } from 'node:path';
import type { Segment } from './buffer.ts';

/** A court's folder name: the court's name as the back-office shows it, minus what a file system refuses. */
export const courtFolder = (name: string): string => name.replace(/[/\\:*?"<>|]/g, '-').trim() || 'Court';

/** `14.03.30`: a wall time in the venue's time zone, as clip names show it. */
export function clockName(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('hour')}.${get('minute')}.${get('second')}`;
}

export interface CutRequest {
  ffmpegPath: string;
  segments: Segment[];
  /** Seconds of output to keep from the first segment's start (the end of a marked window); all when omitted. */
  durationSeconds?: number;
  dir: string;
  fileName: string;
  /** The clip's end, its modified time. */
  endMs: number;
  /** Where the recorder lists the files it wrote (KEEP_DAYS removes only those). */
  manifest: string;
}

/** Cuts the clip; resolves to its path. */
export async function cutClip(req: CutRequest): Promise<string> {
  mkdirSync(req.dir, { recursive: true });
  const final = join(req.dir, req.fileName);
  const temp = join(req.dir, `.${req.fileName}.${process.pid}.part.mp4`);
  const list = join(req.dir, `.${req.fileName}.${process.pid}.txt`);
  // Each segment starts with a keyframe and its parameter sets: a short probe finds them, where
  // ffmpeg's default probe of every segment made a 1080p clip take seconds on a busy PC.
  // Absolute paths only: the concat demuxer reads a relative one against the list's own folder.
  const entry = (path: string) => `file '${absolute(path).replace(/'/g, "'\\''")}'\noption probesize 65536\noption analyzeduration 0\n`;
  writeFileSync(list, req.segments.map((s) => entry(s.path)).join(''));
  const args = [
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
    list,
    '-map',
    '0:v:0',
    '-c',
    'copy',
  ];
  if (req.durationSeconds !== undefined) args.push('-t', req.durationSeconds.toFixed(3));
  args.push('-movflags', '+faststart', '-f', 'mp4', temp);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(req.ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let errors = '';
      child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`ffmpeg could not cut ${req.fileName}: ${errors.trim().slice(-400)}`)),
      );
    });
    const end = new Date(req.endMs);
    utimesSync(temp, end, end);
    // Listed before the rename, so a crash between the two leaves a file KEEP_DAYS still knows.
    appendFileSync(req.manifest, `${JSON.stringify(final)}\n`);
    renameSync(temp, final);
    return final;
  } finally {
    rmSync(list, { force: true });
    rmSync(temp, { force: true });
  }
}
