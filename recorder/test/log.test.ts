import { describe, expect, it } from 'vitest';
import { createLogger, maskSecrets } from '../src/log.ts';

describe('the recorder log', () => {
  it.each([
    ['rtsp://admin:S3cret!pw@192.168.1.64:554/Streaming/Channels/101', 'rtsp://admin:****@192.168.1.64:554/Streaming/Channels/101'],
    ['RTSPS://u:p%40ss@cam.local/h264Preview_01_main', 'RTSPS://u:****@cam.local/h264Preview_01_main'],
    [
      'rtsp://cam.local:554/cam/realmonitor?channel=1&subtype=0&password=abc',
      'rtsp://cam.local:554/cam/realmonitor?channel=1&subtype=0&password=****',
    ],
    ['rtsp://cam.local/live?user=admin&pwd=abc&x=1', 'rtsp://cam.local/live?user=admin&pwd=****&x=1'],
    ['rtsp://cam.local/live', 'rtsp://cam.local/live'],
    ['ffmpeg: rtsp://a:b@h/p: Server returned 401 Unauthorized', 'ffmpeg: rtsp://a:****@h/p: Server returned 401 Unauthorized'],
  ])('masks %s', (text, masked) => expect(maskSecrets(text)).toBe(masked));

  it('masks every line it writes, at every level', () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    log.info('starting rtsp://admin:S3cret!pw@cam/1');
    log.warn('retrying rtsp://admin:S3cret!pw@cam/1');
    log.error('gave up on rtsp://admin:S3cret!pw@cam/1');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toContain('rtsp://admin:****@cam/1');
    expect(lines.join('\n')).not.toContain('S3cret');
  });
});
