// A small RTSP relay standing in for the venue's IP cameras in tests, benchmarks and
// `npm run demo:cameras`: ffmpeg publishes a synthetic court to it (ANNOUNCE/RECORD, RTP
// interleaved over TCP) and the recorder reads it back (DESCRIBE/SETUP/PLAY over TCP), optionally
// behind a user name and password so a refused password (401) can be shown.
//
// Why not a server from the registry: the JavaScript (rtsp-streaming-server) and Perl
// (rtsp-server-perl) servers found there answer RTP over TCP with 461 or not at all, and the
// recorder reads cameras over TCP only (a lossy UDP path would put broken frames into clips). This
// relay copies RTP packets byte for byte and never looks inside them: no video code.
import { createServer, type Server, type Socket } from 'node:net';

export interface RtspServerOptions {
  port?: number;
  host?: string;
  /** When set, readers must present these (Basic authentication); publishers are local and trusted. */
  credentials?: { user: string; password: string };
}

interface Mount {
  sdp: string;
  publisher: Socket;
  /** The publisher's RTP channel for each stream's control name (e.g. `streamid=0`). */
  channels: Map<number, string>;
  readers: Set<Reader>;
}

interface Reader {
  socket: Socket;
  /** The reader's RTP channel for each stream's control name. */
  channels: Map<string, number>;
  playing: boolean;
}

interface Request {
  method: string;
  uri: string;
  headers: Map<string, string>;
  body: string;
}

export interface RtspServer {
  port: number;
  /** `rtsp://[user:password@]host:port/<path>` for a reader. */
  url(path: string, credentials?: { user: string; password: string }): string;
  /** Where ffmpeg publishes `path` to. */
  publishUrl(path: string): string;
  /** Whether a publisher is live on `path`. */
  isPublished(path: string): boolean;
  close(): Promise<void>;
}

const mountKey = (uri: string): string => {
  const path = new URL(uri).pathname.replace(/\/+$/, '');
  return path.replace(/\/(streamid|trackID)=\d+$/, '');
};
const controlName = (uri: string): string => new URL(uri).pathname.split('/').pop() ?? '';

export async function startRtspServer(options: RtspServerOptions = {}): Promise<RtspServer> {
  const host = options.host ?? '127.0.0.1';
  const mounts = new Map<string, Mount>();
  const sockets = new Set<Socket>();
  let sessionCounter = 0;

  const authorized = (req: Request): boolean => {
    if (!options.credentials) return true;
    const header = req.headers.get('authorization') ?? '';
    const match = /^Basic\s+(.+)$/i.exec(header);
    if (!match) return false;
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    return decoded === `${options.credentials.user}:${options.credentials.password}`;
  };

  const handleConnection = (socket: Socket): void => {
    sockets.add(socket);
    let buffer: Buffer = Buffer.alloc(0);
    let publishing: Mount | undefined;
    let reader: { mount: Mount; reader: Reader } | undefined;
    const session = String(++sessionCounter).padStart(8, '0');

    const reply = (req: Request, status: number, reason: string, headers: Record<string, string> = {}, body = ''): void => {
      const lines = [`RTSP/1.0 ${status} ${reason}`, `CSeq: ${req.headers.get('cseq') ?? '0'}`];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    };

    const dropPublisher = (): void => {
      if (!publishing) return;
      const mount = publishing;
      publishing = undefined;
      for (const [key, value] of mounts) if (value === mount) mounts.delete(key);
      // The readers see the camera go away at once, as they would when a camera drops off the LAN.
      for (const r of mount.readers) r.socket.destroy();
      mount.readers.clear();
    };

    const handle = (req: Request): void => {
      const key = (() => {
        try {
          return mountKey(req.uri);
        } catch {
          return '';
        }
      })();
      switch (req.method) {
        case 'OPTIONS':
          return reply(req, 200, 'OK', { Public: 'OPTIONS, DESCRIBE, ANNOUNCE, SETUP, PLAY, RECORD, TEARDOWN, GET_PARAMETER' });
        case 'ANNOUNCE': {
          mounts.get(key)?.publisher.destroy();
          publishing = { sdp: req.body, publisher: socket, channels: new Map(), readers: new Set() };
          mounts.set(key, publishing);
          return reply(req, 200, 'OK');
        }
        case 'DESCRIBE': {
          if (!authorized(req)) return reply(req, 401, 'Unauthorized', { 'WWW-Authenticate': 'Basic realm="camera"' });
          const mount = mounts.get(key);
          if (!mount) return reply(req, 404, 'Not Found');
          return reply(req, 200, 'OK', { 'Content-Type': 'application/sdp', 'Content-Base': `${req.uri.replace(/\/$/, '')}/` }, mount.sdp);
        }
        case 'SETUP': {
          const transport = req.headers.get('transport') ?? '';
          const interleaved = /interleaved=(\d+)(?:-(\d+))?/.exec(transport);
          if (!/TCP/i.test(transport) || !interleaved) return reply(req, 461, 'Unsupported Transport');
          const channel = Number(interleaved[1]);
          const control = controlName(req.uri);
          if (publishing && publishing === mounts.get(key)) {
            publishing.channels.set(channel, control);
            return reply(req, 200, 'OK', {
              Transport: `RTP/AVP/TCP;unicast;interleaved=${channel}-${channel + 1};mode=record`,
              Session: session,
            });
          }
          if (!authorized(req)) return reply(req, 401, 'Unauthorized', { 'WWW-Authenticate': 'Basic realm="camera"' });
          const mount = mounts.get(key);
          if (!mount) return reply(req, 404, 'Not Found');
          if (!reader) {
            reader = { mount, reader: { socket, channels: new Map(), playing: false } };
            mount.readers.add(reader.reader);
          }
          reader.reader.channels.set(control, channel);
          return reply(req, 200, 'OK', { Transport: `RTP/AVP/TCP;unicast;interleaved=${channel}-${channel + 1}`, Session: session });
        }
        case 'RECORD':
          return reply(req, 200, 'OK', { Session: session });
        case 'PLAY':
          if (!reader) return reply(req, 455, 'Method Not Valid in This State');
          reader.reader.playing = true;
          return reply(req, 200, 'OK', { Session: session, Range: 'npt=0.000-' });
        case 'GET_PARAMETER':
        case 'SET_PARAMETER':
          return reply(req, 200, 'OK', { Session: session });
        case 'TEARDOWN':
          reply(req, 200, 'OK', { Session: session });
          socket.end();
          return;
        default:
          return reply(req, 501, 'Not Implemented');
      }
    };

    const forward = (channel: number, payload: Buffer): void => {
      if (!publishing) return; // a reader's RTCP receiver reports: nobody needs them
      const rtcp = channel % 2 === 1;
      const control = publishing.channels.get(rtcp ? channel - 1 : channel);
      if (control === undefined) return;
      for (const r of publishing.readers) {
        const base = r.channels.get(control);
        if (!r.playing || base === undefined) continue;
        // A reader that cannot keep up loses packets rather than growing this process's memory.
        if (r.socket.writableLength > 8 * 1024 * 1024) continue;
        const header = Buffer.from([0x24, rtcp ? base + 1 : base, payload.length >> 8, payload.length & 0xff]);
        r.socket.write(Buffer.concat([header, payload]));
      }
    };

    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (;;) {
        if (buffer.length === 0) return;
        if (buffer[0] === 0x24) {
          if (buffer.length < 4) return;
          const length = buffer.readUInt16BE(2);
          if (buffer.length < 4 + length) return;
          forward(buffer[1]!, buffer.subarray(4, 4 + length));
          buffer = buffer.subarray(4 + length);
          continue;
        }
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const lines = buffer.subarray(0, end).toString('utf8').split('\r\n');
        const [method = '', uri = ''] = (lines[0] ?? '').split(' ');
        const headers = new Map<string, string>();
        for (const line of lines.slice(1)) {
          const colon = line.indexOf(':');
          if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
        }
        const length = Number(headers.get('content-length') ?? 0);
        if (buffer.length < end + 4 + length) return;
        const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
        buffer = buffer.subarray(end + 4 + length);
        handle({ method, uri, headers, body });
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
      dropPublisher();
      reader?.mount.readers.delete(reader.reader);
    });
  };

  const server: Server = createServer(handleConnection);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: (path, credentials) =>
      `rtsp://${credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@` : ''}${host}:${port}/${path}`,
    publishUrl: (path) => `rtsp://${host}:${port}/${path}`,
    isPublished: (path) => mounts.has(`/${path}`),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
