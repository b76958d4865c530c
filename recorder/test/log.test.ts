import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.ts';

describe('the recorder log', () => {
  it("masks every line it writes with shared's rule, at every level, ffmpeg's words included", () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    log.info('starting rtsp://admin:S3cret!pw@cam/1');
    log.warn('retrying rtsp://admin:S3cret!pw@cam/1');
    log.error('ffmpeg: rtsp://admin:S3cret!pw@cam/1: Server returned 401 Unauthorized; rtsp://cam/live?user=a&password=S3cret!pw');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toContain('rtsp://admin:****@cam/1');
    expect(lines.join('\n')).not.toContain('S3cret');
  });
});
