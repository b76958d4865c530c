import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';
import { serverUrlWarning } from '../src/server.ts';

const base = { SERVER_URL: 'http://192.168.1.10:8080/', RECORDER_TOKEN: 'tok', CLIPS_DIR: '/srv/clips' };

describe('the recorder configuration', () => {
  it('takes the documented defaults', () => {
    expect(readConfig(base, '/opt/courtreplay')).toEqual({
      serverUrl: 'http://192.168.1.10:8080',
      token: 'tok',
      clipsDir: resolve('/srv/clips'),
      bufferDir: resolve('/opt/courtreplay', 'data/recorder'),
      bufferMinutes: 120,
      clipSeconds: 60,
      markBeforeSeconds: 25,
      markAfterSeconds: 5,
      keepDays: 2,
      minFreeMb: 1024,
      ffmpegPath: 'ffmpeg',
    });
  });

  it('makes relative folders absolute against the folder it was started in, spaces and any letters kept', () => {
    const cwd = resolve('/home/venue/Rekaman Lapangan');
    const config = readConfig({ ...base, CLIPS_DIR: './klip 球场 ✓', BUFFER_DIR: '../buffer' }, cwd);
    expect(config.clipsDir).toBe(join(cwd, 'klip 球场 ✓'));
    expect(config.bufferDir).toBe(resolve(cwd, '..', 'buffer'));
  });

  it('reads every variable', () => {
    const config = readConfig({
      ...base,
      BUFFER_DIR: '/var/buffer',
      BUFFER_MINUTES: '30',
      CLIP_SECONDS: '0',
      MARK_BEFORE_SECONDS: '20',
      MARK_AFTER_SECONDS: '10',
      KEEP_DAYS: '7',
      MIN_FREE_MB: '500',
      FFMPEG_PATH: 'C:\\ffmpeg\\bin\\ffmpeg.exe',
    });
    expect(config).toMatchObject({
      bufferDir: resolve('/var/buffer'),
      bufferMinutes: 30,
      clipSeconds: 0,
      markBeforeSeconds: 20,
      markAfterSeconds: 10,
      keepDays: 7,
      minFreeMb: 500,
    });
    expect(config.ffmpegPath).toBe('C:\\ffmpeg\\bin\\ffmpeg.exe');
  });

  it.each([
    [{ SERVER_URL: '' }, 'SERVER_URL is missing'],
    [{ SERVER_URL: 'ftp://server' }, 'SERVER_URL must start with http:// or https://'],
    [{ RECORDER_TOKEN: ' ' }, 'RECORDER_TOKEN is missing'],
    [{ CLIPS_DIR: '' }, 'CLIPS_DIR is missing'],
    [{ BUFFER_MINUTES: '0' }, 'BUFFER_MINUTES must be a number greater than 0 (it is "0")'],
    [{ BUFFER_MINUTES: 'two hours' }, 'BUFFER_MINUTES must be a number'],
    [{ CLIP_SECONDS: '-1' }, 'CLIP_SECONDS must be a number 0 or more'],
    [{ CLIP_SECONDS: '1' }, 'CLIP_SECONDS must be 0 (marked clips only) or 2 or more'],
    [{ MARK_BEFORE_SECONDS: 'x' }, 'MARK_BEFORE_SECONDS must be a number'],
    [{ MARK_AFTER_SECONDS: '-5' }, 'MARK_AFTER_SECONDS must be a number 0 or more'],
    [{ MARK_BEFORE_SECONDS: '0', MARK_AFTER_SECONDS: '0' }, 'cannot both be 0'],
    [{ KEEP_DAYS: '0' }, 'KEEP_DAYS must be a number greater than 0'],
    [{ MIN_FREE_MB: 'lots' }, 'MIN_FREE_MB must be a number 0 or more'],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => readConfig({ ...base, ...env })).toThrow(message);
  });
});

describe('SERVER_URL in plain HTTP', () => {
  it.each([
    ['http://192.168.1.10:8080', false],
    ['http://10.0.0.2', false],
    ['http://172.20.0.5:8080', false],
    ['http://127.0.0.1:8080', false],
    ['http://[::1]:8080', false],
    ['http://kiosk-pc:8080', false],
    ['http://server.local:8080', false],
    ['https://replay.example.com', false],
    ['http://replay.example.com', true],
    ['http://203.0.113.7:8080', true],
    ['http://172.32.0.1', true],
  ])('%s: a warning %s', (url, warned) => {
    const warning = serverUrlWarning(url);
    expect(warning !== null).toBe(warned);
    if (warning) expect(warning).toContain('https://');
  });
});
