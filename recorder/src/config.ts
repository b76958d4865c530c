// The recorder's configuration, read once from the environment. Every problem is named by its
// variable in a plain sentence, so a venue's operator can fix a service file without the source.
// Folders are made absolute here, once, against the folder the recorder was started in: ffmpeg
// reads a relative path in a concat list against the list's own folder, not ours.
import { resolve } from 'node:path';

/** Every variable the recorder reads (docs/configuration.md explains each; scripts/docs.test.ts checks). */
export const ENV_NAMES = [
  'SERVER_URL',
  'RECORDER_TOKEN',
  'CLIPS_DIR',
  'BUFFER_DIR',
  'BUFFER_MINUTES',
  'CLIP_SECONDS',
  'MARK_BEFORE_SECONDS',
  'MARK_AFTER_SECONDS',
  'KEEP_DAYS',
  'MIN_FREE_MB',
  'FFMPEG_PATH',
] as const;

export interface RecorderConfig {
  serverUrl: string;
  token: string;
  /** Absolute. */
  clipsDir: string;
  /** Absolute. */
  bufferDir: string;
  bufferMinutes: number;
  /** 0: marked clips only. */
  clipSeconds: number;
  markBeforeSeconds: number;
  markAfterSeconds: number;
  keepDays: number;
  minFreeMb: number;
  ffmpegPath: string;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function number(env: Env, name: string, fallback: number, rule: { min: number; integer?: boolean; positive?: boolean }): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  const kind = rule.integer ? 'a whole number' : 'a number';
  const floor = rule.positive ? `greater than ${rule.min}` : `${rule.min} or more`;
  if (!Number.isFinite(value) || (rule.integer && !Number.isInteger(value)) || (rule.positive ? value <= rule.min : value < rule.min)) {
    throw new ConfigError(`${name} must be ${kind} ${floor} (it is "${raw}").`);
  }
  return value;
}

function required(env: Env, name: string, what: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ConfigError(`${name} is missing: set it to ${what}.`);
  return value;
}

/** The configuration; relative folders are taken from `cwd`, the folder the recorder was started in. */
export function readConfig(env: Env = process.env, cwd: string = process.cwd()): RecorderConfig {
  const serverUrl = required(env, 'SERVER_URL', 'the sync server address, e.g. http://192.168.1.10:8080').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(serverUrl)) {
    throw new ConfigError(`SERVER_URL must start with http:// or https:// and name the sync server (it is "${serverUrl}").`);
  }
  const config: RecorderConfig = {
    serverUrl,
    token: required(env, 'RECORDER_TOKEN', 'the token shown when the recorder was added in the back-office (Devices)'),
    clipsDir: resolve(cwd, required(env, 'CLIPS_DIR', "the folder the kiosk reads today's clips from")),
    bufferDir: resolve(cwd, env.BUFFER_DIR?.trim() || './data/recorder'),
    bufferMinutes: number(env, 'BUFFER_MINUTES', 120, { min: 0, positive: true }),
    clipSeconds: number(env, 'CLIP_SECONDS', 60, { min: 0 }),
    markBeforeSeconds: number(env, 'MARK_BEFORE_SECONDS', 25, { min: 0 }),
    markAfterSeconds: number(env, 'MARK_AFTER_SECONDS', 5, { min: 0 }),
    keepDays: number(env, 'KEEP_DAYS', 2, { min: 0, positive: true }),
    minFreeMb: number(env, 'MIN_FREE_MB', 1024, { min: 0 }),
    ffmpegPath: env.FFMPEG_PATH?.trim() || 'ffmpeg',
  };
  if (config.clipSeconds > 0 && config.clipSeconds < 2)
    throw new ConfigError(`CLIP_SECONDS must be 0 (marked clips only) or 2 or more (it is "${config.clipSeconds}").`);
  if (config.markBeforeSeconds + config.markAfterSeconds <= 0) {
    throw new ConfigError('MARK_BEFORE_SECONDS and MARK_AFTER_SECONDS cannot both be 0: a marked clip would be empty.');
  }
  return config;
}
