// What an operator reads when a camera stops: ffmpeg's last words turned into what happened and
// what to check, with ffmpeg's own line kept after it for whoever troubleshoots further
// (docs/cameras.md, Troubleshooting).

const REASONS: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /Connection refused/i,
    reason: 'The camera refused the connection: check its address and RTSP port, and that RTSP is switched on in the camera.',
  },
  {
    pattern: /timed out|No route to host|Network is unreachable|Host is unreachable/i,
    reason: 'The camera did not answer: check its power, its network cable and its address.',
  },
  {
    pattern: /Name or service not known|Temporary failure in name resolution/i,
    reason: "The camera's host name is unknown: use its IP address.",
  },
  {
    pattern: /404|Not Found|Stream not found/i,
    reason: "The camera has no stream at this path: check the URL's path (docs/cameras.md lists each brand's).",
  },
  {
    pattern: /Invalid data found when processing input|End of file|Connection reset|Broken pipe/i,
    reason: 'The camera stopped sending video (the connection dropped or the camera restarted).',
  },
];

/** The plain reason for ffmpeg's last output (already masked); a generic one when nothing matches. */
export function cameraStopReason(ffmpegOutput: string): string {
  const detail = ffmpegOutput.trim();
  const known = REASONS.find(({ pattern }) => pattern.test(detail));
  const reason = known?.reason ?? 'The camera stopped sending video.';
  return detail ? `${reason} (ffmpeg: ${detail})` : reason;
}
