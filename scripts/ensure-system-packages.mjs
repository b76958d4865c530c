// Installs the Debian packages the tests need when they are missing: Chromium's headless shell and
// ffmpeg for the browser tests and clip fixtures (ffmpeg also for the recorder's tests, and a font
// for the time the demo cameras burn into their picture), GStreamer's RTSP server for the recorder's
// synthetic cameras, PostgreSQL for the API suite's second database, Caddy for the deployment
// check, and the full Chromium for the benchmarks. Tests never download a browser or a binary of
// their own; they use Debian's.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/** Where PostgreSQL's server programs live (Debian: /usr/lib/postgresql/<major>/bin), newest first. */
export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((name) => existsSync(`${root}/${name}/bin/pg_ctl`))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length ? `${root}/${majors[0]}/bin` : undefined;
}

/** Whether a GStreamer library file is installed (Debian puts them under /usr/lib/<arch triplet>/). */
function gstreamerFile(path) {
  return readdirSync('/usr/lib').some((dir) => dir.endsWith('-linux-gnu') && existsSync(`/usr/lib/${dir}/${path}`));
}

const PACKAGES = {
  chromium: () => existsSync('/usr/bin/chromium'),
  // The browser tests' Chromium (e2e/support/browser.ts); the full one is for the benchmarks.
  'chromium-headless-shell': () => existsSync('/usr/bin/chromium-headless-shell'),
  ffmpeg: () => existsSync('/usr/bin/ffmpeg'),
  'fonts-dejavu-core': () => existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'),
  postgresql: () => postgresBinDir() !== undefined,
  caddy: () => existsSync('/usr/bin/caddy'),
  // The recorder's setup commands: curl downloads it, systemd-analyze checks the unit they write.
  curl: () => existsSync('/usr/bin/curl'),
  systemd: () => existsSync('/usr/bin/systemd-analyze'),
  // GStreamer's RTSP server, driven from Debian's Python (recorder/src/testing/rtsp-server.py).
  'python3-gi': () => existsSync('/usr/lib/python3/dist-packages/gi/__init__.py'),
  'gir1.2-gst-rtsp-server-1.0': () => gstreamerFile('girepository-1.0/GstRtspServer-1.0.typelib'),
  'gstreamer1.0-plugins-good': () => gstreamerFile('gstreamer-1.0/libgstrtp.so') && gstreamerFile('gstreamer-1.0/libgstudp.so'),
  'gstreamer1.0-plugins-bad': () => gstreamerFile('gstreamer-1.0/libgstvideoparsersbad.so'),
};

/** What the recorder's synthetic cameras need: ffmpeg to encode them and GStreamer's RTSP server to serve them. */
export const RTSP_CAMERA_PACKAGES = [
  'ffmpeg',
  'python3-gi',
  'gir1.2-gst-rtsp-server-1.0',
  'gstreamer1.0-plugins-good',
  'gstreamer1.0-plugins-bad',
];

/** @param {(keyof typeof PACKAGES)[]} names */
export function ensureSystemPackages(names = ['chromium', 'ffmpeg']) {
  const missing = names.filter((name) => !PACKAGES[name]());
  if (missing.length === 0) return;
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args) => {
    const [cmd, ...rest] = [...asRoot, ...args];
    execFileSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  console.log(`Installing system packages for the tests: ${missing.join(', ')}`);
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2);
  ensureSystemPackages(names.length ? names : undefined);
}
