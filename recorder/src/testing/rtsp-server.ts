// The RTSP server standing in for the venue's IP cameras in tests, benchmarks and
// `npm run demo:cameras`: GStreamer's RTSP server (Debian's gir1.2-gst-rtsp-server-1.0), configured
// by rtsp-server.py beside this file. A synthetic camera (ffmpeg) sends its RTP/H.264 to a local UDP
// port per path; the recorder reads each path back over RTP/TCP (as it reads real cameras),
// optionally behind a user name and password so a refused password (401) can be shown.
import { execFile, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ensureSystemPackages, RTSP_CAMERA_PACKAGES } from '../../../scripts/ensure-system-packages.mjs';

export interface RtspServerOptions {
  port?: number;
  host?: string;
  /** When set, readers must present these (Basic authentication); the cameras' feeds are local. */
  credentials?: { user: string; password: string };
  /** How many paths may be published (each takes a UDP port, reserved at start). */
  paths?: number;
}

/** Where a camera sends H.264's SPS/PPS: only in the RTSP session description, or also in the stream before every keyframe. */
export type ParameterSets = 'sdp' | 'keyframe';

export interface RtspServer {
  port: number;
  /** `rtsp://[user:password@]host:port/<path>` for a reader. */
  url(path: string, credentials?: { user: string; password: string }): string;
  /**
   * Where a camera sends `path`'s RTP (ffmpeg `-f rtp`), mounted the first time with how it sends
   * H.264's parameter sets: only in the session description (as many cameras do, the default) or
   * also before every keyframe.
   */
  publishUrl(path: string, parameterSets?: ParameterSets): string;
  /** Whether `path` is serving video (a reader's DESCRIBE succeeds). */
  isPublished(path: string): Promise<boolean>;
  close(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL('./rtsp-server.py', import.meta.url));
// Debian's Python, which has Debian's GStreamer bindings (python3-gi), whatever python3 is first on PATH.
const PYTHON = '/usr/bin/python3';

/** Free UDP ports on 127.0.0.1, for the cameras' feeds. */
async function freeUdpPorts(count: number): Promise<number[]> {
  const sockets = await Promise.all(
    Array.from({ length: count }, () => {
      const socket = createSocket('udp4');
      return new Promise<ReturnType<typeof createSocket>>((resolve, reject) => {
        socket.once('error', reject);
        socket.bind(0, '127.0.0.1', () => resolve(socket));
      });
    }),
  );
  const ports = sockets.map((s) => s.address().port);
  await Promise.all(sockets.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  return ports;
}

export async function startRtspServer(options: RtspServerOptions = {}): Promise<RtspServer> {
  ensureSystemPackages(RTSP_CAMERA_PACKAGES);
  const host = options.host ?? '127.0.0.1';
  const credentials = options.credentials;
  const free = await freeUdpPorts(options.paths ?? 8);
  const feeds = new Map<string, number>();
  const args = [SCRIPT, host, String(options.port ?? 0), ...(credentials ? [credentials.user, credentials.password] : [])];
  const child = spawn(PYTHON, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const bound = Number(/^port (\d+)$/.exec(line)?.[1] ?? -1);
      if (bound > 0) resolve(bound);
      else reject(new Error(`The RTSP server could not listen on ${host}:${options.port ?? 0}.`));
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The RTSP server ended (exit ${code}) before listening.`)));
  });
  const url = (path: string, c?: { user: string; password: string }): string =>
    `rtsp://${c ? `${encodeURIComponent(c.user)}:${encodeURIComponent(c.password)}@` : ''}${host}:${port}/${path}`;
  return {
    port,
    url,
    publishUrl: (path, parameterSets = 'sdp') => {
      let feed = feeds.get(path);
      if (feed === undefined) {
        feed = free.shift();
        if (feed === undefined) throw new Error(`This RTSP server serves ${options.paths ?? 8} paths at most (the paths option).`);
        feeds.set(path, feed);
        child.stdin!.write(`mount ${path} ${feed} ${parameterSets}\n`);
      }
      return `rtp://127.0.0.1:${feed}`;
    },
    isPublished: (path) =>
      new Promise((resolve) => {
        // A path whose camera sends nothing never answers DESCRIBE: ffprobe gives up after 2 s.
        const args = ['-v', 'error', '-rtsp_transport', 'tcp', '-timeout', '2000000', '-probesize', '32', '-analyzeduration', '0'];
        execFile('ffprobe', [...args, url(path, credentials)], { timeout: 5_000 }, (error) => resolve(!error));
      }),
    close: async () => {
      child.stdin!.end();
      child.kill('SIGTERM');
      await exited;
    },
  };
}
