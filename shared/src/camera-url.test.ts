import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAMERA_URL_PROBLEMS, cameraUrlProblem, maskCameraUrl, readCameraUrl, type CameraUrlProblem } from './camera-url.ts';
import { ADMIN_MESSAGES_ID, translateAdminText } from './messages-admin-id.ts';

/**
 * How ffmpeg splits an address (libavformat's av_url_split, then ff_urldecode on the user name
 * and password before they are sent), written here from its C source as the reference the
 * parser must agree with.
 */
function ffmpegReading(url: string) {
  const colon = url.indexOf(':');
  let p = colon + 1;
  if (url[p] === '/') p++;
  if (url[p] === '/') p++;
  const rest = url.slice(p);
  const ls = rest.search(/[/?#]/) === -1 ? rest.length : rest.search(/[/?#]/);
  const authority = rest.slice(0, ls);
  const at = authority.lastIndexOf('@');
  const auth = at === -1 ? '' : authority.slice(0, at);
  const hostPort = authority.slice(at + 1);
  const atoi = (text: string) => Number(/^\d*/.exec(text)![0] || '0');
  const bracket = hostPort.startsWith('[') ? hostPort.indexOf(']') : -1;
  let host: string;
  let port = -1;
  if (bracket !== -1) {
    host = hostPort.slice(1, bracket);
    if (hostPort[bracket + 1] === ':') port = atoi(hostPort.slice(bracket + 2));
  } else if (hostPort.includes(':')) {
    host = hostPort.slice(0, hostPort.indexOf(':'));
    port = atoi(hostPort.slice(hostPort.indexOf(':') + 1));
  } else host = hostPort;
  const decoded = auth.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { host, port, auth, decoded, path: rest.slice(ls) };
}

/** ffmpeg's decoded bytes (one character per byte) read as UTF-8. */
const bytesAsText = (bytes: string) =>
  decodeURIComponent([...bytes].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''));
/** The runtime's WHATWG URL parser (shared/ is typed without DOM or Node). */
const WhatwgUrl = (globalThis as unknown as { URL: { canParse(url: string): boolean; new (url: string): { hostname: string } } }).URL;

describe('readCameraUrl', () => {
  it.each([
    [
      'rtsp://admin:S3cret!pw@192.168.1.64:554/Streaming/Channels/101',
      { user: 'admin', password: 'S3cret!pw', host: '192.168.1.64', port: 554, path: '/Streaming/Channels/101' },
    ],
    [
      'rtsp://cam.local/cam/realmonitor?channel=1&subtype=0',
      { user: null, password: null, host: 'cam.local', port: null, path: '/cam/realmonitor?channel=1&subtype=0' },
    ],
    ['RTSPS://u:p@ss@cam.local/live', { scheme: 'rtsps', user: 'u', password: 'p@ss', host: 'cam.local', path: '/live' }],
    ['rtsp://me@example.com:a%2Fb%3F%23@10.0.0.5', { user: 'me@example.com', password: 'a%2Fb%3F%23', host: '10.0.0.5', path: '' }],
    ["rtsp://o'brien:it's\"q@[fe80::1]:8554/x", { user: "o'brien", password: 'it\'s"q', host: 'fe80::1', port: 8554, path: '/x' }],
    ['rtsp://admin:пароль密码@cam/x', { password: 'пароль密码', host: 'cam' }],
  ])('reads %s as ffmpeg does', (url, expected) => {
    const reading = readCameraUrl(url);
    expect(reading).toEqual({ ok: true, url: expect.objectContaining(expected) as unknown });
    expect(cameraUrlProblem(url)).toBeNull();
  });

  it.each<[string, CameraUrlProblem]>([
    // ffmpeg connects to evil.example; a person, and the check before, read 10.0.0.5.
    ['rtsp://evil.example/x@10.0.0.5', 'ambiguousHost'],
    ['rtsp://admin:pa/ss@10.0.0.5/x', 'ambiguousHost'],
    ['rtsp://admin:pa?ss@10.0.0.5/x', 'ambiguousHost'],
    ['rtsp://admin:pa#ss@10.0.0.5/x', 'ambiguousHost'],
    ['rtsp://cam.local/live?user=a@b', 'ambiguousHost'],
    ['rtsp://cam.local/live\u001b[2J', 'control'],
    ['rtsp://cam.local/\u0007bell', 'control'],
    ['rtsp://cam.local/a\u009bb', 'control'],
    ['rtsp://admin:pw%00@cam.local/x', 'control'],
    ['rtsp://admin:pw%0d%0aX-Header:1@cam.local/x', 'control'],
    ['rtsp://cam.local/a%7Fb', 'control'],
    ['rtsp://cam.local/a\tb', 'control'],
    ['rtsp://cam.local:99999/x', 'port'],
    ['rtsp://cam.local:0/x', 'port'],
    ['rtsp://cam.local:/x', 'port'],
    ['rtsp://cam.local:554x/x', 'port'],
    ['rtsp://[::1]:70000/x', 'port'],
    ['rtsp://admin:pw@cam:99999999/x', 'port'],
    ['rtsp://admin:50%off@cam.local/x', 'escape'],
    ['rtsp://cam.local/x%2', 'escape'],
    ['rtsp://', 'noHost'],
    ['rtsp://admin:pw@/x', 'noHost'],
    ['rtsp://cam_1.local/x', 'noHost'],
    ['rtsp://[cam]/x', 'noHost'],
    ['rtsp://[::1]x/x', 'noHost'],
    ['http://cam.local/x', 'scheme'],
    ['rtsp:/cam.local/x', 'scheme'],
    ['cam.local:554/x', 'scheme'],
    ['rtsp://cam.local/a b', 'spaces'],
    ['rtsp://cam.local/a\u00a0b', 'spaces'],
    [`rtsp://cam.local/${'a'.repeat(2000)}`, 'tooLong'],
  ])('refuses %s (%s) with a plain reason', (url, problem) => {
    expect(readCameraUrl(url)).toEqual({ ok: false, problem });
    expect(cameraUrlProblem(url)).toBe(CAMERA_URL_PROBLEMS[problem]);
  });

  it("says each reason in the back-office's two languages", () => {
    for (const [problem, english] of Object.entries(CAMERA_URL_PROBLEMS)) {
      const indonesian = ADMIN_MESSAGES_ID.recorders.urlProblems[problem as CameraUrlProblem];
      expect(translateAdminText('id', english)).toBe(indonesian);
      expect(indonesian).not.toBe(english);
    }
  });

  // What a person might type in each part: mostly plain, now and then a character that ends a part.
  const piece = (special: string[], maxLength = 12) =>
    fc.string({
      unit: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('a', 'Z', '0', '9', '.', '-', '_', '!', 'é', '密') },
        { weight: 1, arbitrary: fc.constantFrom(...special) },
      ),
      maxLength,
    });
  const anyAddress = fc
    .tuple(
      fc.constantFrom('rtsp://', 'rtsps://', 'RTSP://'),
      fc.option(piece([':', ':', '@', '/', '?', '#', '%', '%2F', '%40', '%3a', '%00', "'", '"', '[', ']', '\\'])),
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('cam.local', '192.168.1.64', '[fe80::1]', '[::1]', 'cam-2', 'CAM') },
        { weight: 1, arbitrary: piece([':', '.', '[', ']', '@', '_']) },
      ),
      fc.option(fc.oneof(fc.integer({ min: 0, max: 70_000 }).map(String), piece(['x', ''], 4))),
      fc.option(piece(['/', '/', '?', '#', '@', '=', '&', '%20', '\u001b', ' '], 30).map((p) => `/${p}`)),
    )
    .map(
      ([scheme, userinfo, host, port, path]) =>
        `${scheme}${userinfo === null ? '' : `${userinfo}@`}${host}${port === null ? '' : `:${port}`}${path ?? ''}`,
    );

  it('reads every address it accepts exactly as ffmpeg does, and no other parser reads another host in it', () => {
    fc.assert(
      fc.property(anyAddress, (url) => {
        const reading = readCameraUrl(url);
        if (!reading.ok) return;
        const ffmpeg = ffmpegReading(url);
        const { user, password, host, port, path } = reading.url;
        expect(host).toBe(ffmpeg.host);
        expect(port ?? -1).toBe(ffmpeg.port);
        expect(path).toBe(ffmpeg.path);
        expect(user === null ? '' : password === null ? user : `${user}:${password}`).toBe(ffmpeg.auth);
        // The WHATWG URL parser (browsers, Node) reads the same host where it reads the address at all.
        const whatwg = WhatwgUrl.canParse(url) ? new WhatwgUrl(url).hostname : undefined;
        if (whatwg !== undefined) expect(whatwg.replace(/^\[|\]$/g, '').toLowerCase()).toBe(host.toLowerCase());
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts any password once %-escaped, and ffmpeg sends exactly that password', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (secret) => {
        const url = `rtsp://admin:${encodeURIComponent(secret)}@192.168.1.64:554/Streaming/Channels/101`;
        const reading = readCameraUrl(url);
        if ([...secret].some((c) => c < ' ' || c === '\u007f')) return expect(reading).toEqual({ ok: false, problem: 'control' });
        expect(reading.ok && decodeURIComponent(reading.url.password!)).toBe(secret);
        expect(bytesAsText(ffmpegReading(url).decoded)).toBe(`admin:${secret}`);
      }),
    );
  });
});

describe('maskCameraUrl', () => {
  it.each([
    ['rtsp://admin:S3cret!pw@192.168.1.64:554/x', 'rtsp://admin:****@192.168.1.64:554/x'],
    ['rtsps://u:p@ss@cam.local/h264Preview_01_main', 'rtsps://u:****@cam.local/h264Preview_01_main'],
    ["rtsp://admin:it's@cam/x", 'rtsp://admin:****@cam/x'],
    ['rtsp://admin:pa/ss@cam/x', 'rtsp://admin:****@cam/x'],
    ['rtsp://me@example.com:pw@cam/x', 'rtsp://me@example.com:****@cam/x'],
    ['rtsp://cam.local:554/cam/realmonitor?channel=1&password=abc&x=1', 'rtsp://cam.local:554/cam/realmonitor?channel=1&password=****&x=1'],
    ['rtsp://cam.local/live', 'rtsp://cam.local/live'],
    ['rtsp://admin@cam.local:554/live', 'rtsp://admin@cam.local:554/live'],
    ['connect to rtsp://a:b@c/x failed; mail me@example.com', 'connect to rtsp://a:****@c/x failed; mail me@example.com'],
    ['rtsp://a:****@c/x', 'rtsp://a:****@c/x'],
  ])('masks %s', (text, masked) => expect(maskCameraUrl(text)).toBe(masked));

  // Any character an address may carry in a password, as typed or %-escaped: quotes, '@', '/', ':', '%', other scripts.
  const secret = fc
    .string({
      unit: fc.oneof(
        fc.constantFrom("'", '"', '@', '/', ':', '%', '%40', '?', '#', '\\', '&', '=', '`', '$'),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      ),
      minLength: 1,
      maxLength: 24,
    })
    .filter((s) => !/[\s\p{Cc}]/u.test(s));
  const user = fc.string({ unit: fc.constantFrom('a', 'd', 'm', 'i', 'n', "'", '"', '_', 'ü', '@'), maxLength: 8 });
  const contexts: ((url: string) => string)[] = [
    (url) => url,
    (url) => `Error opening input ${url}: 401 Unauthorized`,
    (url) => `'${url}'`,
    (url) => `"${url}" then more words`,
    (url) => JSON.stringify({ level: 30, camera: { url }, msg: 'saved' }),
    (url) => `[rtsp @ 0x5581] method DESCRIBE failed for ${url}\nnext line`,
  ];

  it('shows a generated password as **** and keeps everything around it, in every kind of text', () => {
    fc.assert(
      fc.property(secret, user, fc.boolean(), fc.constantFrom(...contexts), (password, name, escaped, context) => {
        const typed = escaped ? encodeURIComponent(password) : password;
        const where = '192.168.1.64:554/Streaming/Channels/101';
        const masked = maskCameraUrl(context(`rtsp://${name}:${typed}@${where}`));
        expect(masked).toBe(context(`rtsp://${name}:****@${where}`));
      }),
      { numRuns: 1000 },
    );
  });
});
