// `npm run demo:cameras`: synthetic courts for trying the recorder without cameras. Each court is
// an ffmpeg test pattern with the court's name and the time burnt in (H.264 1080p, a keyframe
// every second) published to a local RTSP server; the URLs to paste into the back-office's Camera
// field are printed. Ctrl+C stops them. Options: --courts N (default 2), --port P (default 8554),
// --small (320x180 instead of 1080p, for a slow PC), --source FILE (publish this H.264 MPEG-TS
// file in a loop instead of encoding: the benchmark's cameras, which cost no CPU),
// --parameter-sets sdp|keyframe (every camera sends H.264's parameter sets only in the session
// description, or also before every keyframe; by default odd courts do the first, even the second,
// as real cameras differ).
import { publishCamera, type SyntheticCamera } from '../src/testing/cameras.ts';
import { startRtspServer, type ParameterSets } from '../src/testing/rtsp-server.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const courts = Number(arg('courts') ?? 2);
const port = Number(arg('port') ?? 8554);
const small = process.argv.includes('--small');
const source = arg('source');
const parameterSets = arg('parameter-sets');
if (parameterSets !== undefined && parameterSets !== 'sdp' && parameterSets !== 'keyframe') {
  console.error(`--parameter-sets must be sdp or keyframe (it is "${parameterSets}").`);
  process.exit(1);
}
const kindOf = (n: number): ParameterSets => (parameterSets as ParameterSets | undefined) ?? (n % 2 === 1 ? 'sdp' : 'keyframe');
const KIND_SHOWN: Record<ParameterSets, string> = {
  sdp: 'parameter sets only in the session description',
  keyframe: 'parameter sets before every keyframe',
};
const credentials = { user: 'demo', password: 'demo-camera' };
const RETURN_AFTER_S = 90;

const server = await startRtspServer({ port, host: '127.0.0.1', credentials, paths: courts });
const cameras: SyntheticCamera[] = [];
const start = (n: number): SyntheticCamera => {
  const camera = publishCamera(server, `court${n}`, {
    label: `Court ${n}`,
    ...(small ? {} : { width: 1920, height: 1080, fps: 25 }),
    ...(source ? { source } : {}),
    parameterSets: kindOf(n),
  });
  // A demo camera killed on purpose (to see the Devices tab turn red and the Errors tab list it)
  // comes back by itself after RETURN_AFTER_S, to see the entry resolve.
  camera.process.on('exit', (code, signal) => {
    if (stopping) return;
    console.log(`Court ${n}'s demo camera stopped (${signal ?? `exit ${code}`}); it comes back in ${RETURN_AFTER_S} s.`);
    setTimeout(() => {
      if (stopping) return;
      cameras[n - 1] = start(n);
      console.log(`Court ${n}'s demo camera is back (pid ${cameras[n - 1]!.process.pid}).`);
    }, RETURN_AFTER_S * 1000);
  });
  return camera;
};
let stopping = false;
for (let n = 1; n <= courts; n++) cameras.push(start(n));

console.log(`\nDemo cameras on rtsp://127.0.0.1:${port} (user "${credentials.user}", password "${credentials.password}").`);
console.log('Paste each URL into the Camera field of a court (back-office, Venues):\n');
for (let n = 1; n <= courts; n++) console.log(`  Court ${n}: ${server.url(`court${n}`, credentials)}  (${KIND_SHOWN[kindOf(n)]})`);
console.log(
  `\nPress Ctrl+C to stop them. Stop one camera with kill <pid> (pids below) to see it go offline; it comes back after ${RETURN_AFTER_S} s.`,
);
for (const [i, c] of cameras.entries()) console.log(`  Court ${i + 1}: pid ${c.process.pid}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    for (const c of cameras) c.kill();
    void server.close().then(() => process.exit(0));
  });
}
