import { describe, expect, it } from 'vitest';
import { cameraStopReason } from '../src/camera-reasons.ts';

describe("a stopped camera's reason, in plain words", () => {
  it.each([
    [
      'rtsp://demo:****@10.0.0.5/court2: Invalid data found when processing input',
      'The camera stopped sending video (the connection dropped',
    ],
    ['[tcp @ 0x1] Connection to tcp://10.0.0.5:554?timeout=0 failed: Connection timed out', 'The camera did not answer: check its power'],
    ['[tcp @ 0x1] Connection to tcp://10.0.0.5:554 failed: Connection refused', 'The camera refused the connection'],
    ['method DESCRIBE failed: 404 Not Found', 'The camera has no stream at this path'],
    ['[tcp @ 0x1] Failed to resolve hostname cam.local: Name or service not known', "The camera's host name is unknown"],
  ])('%s', (ffmpeg, plain) => {
    const said = cameraStopReason(ffmpeg);
    expect(said.startsWith(plain)).toBe(true);
    // ffmpeg's own line stays after it, for whoever troubleshoots further.
    expect(said).toContain(`(ffmpeg: ${ffmpeg})`);
  });

  it('says the camera stopped when ffmpeg said nothing it knows, or nothing at all', () => {
    expect(cameraStopReason('')).toBe('The camera stopped sending video.');
    expect(cameraStopReason('something new')).toBe('The camera stopped sending video. (ffmpeg: something new)');
  });
});
