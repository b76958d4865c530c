// A camera's RTSP address, read once and the same way everywhere (the server's check, the
// back-office form, the recorder before it starts ffmpeg) and the way ffmpeg reads it
// (libavformat's av_url_split): the host part ends at the first '/', '?' or '#'; inside it, the
// user name and password end at its last '@'; the password follows the first ':' and is
// %-decoded before it is sent. An address two programs could read differently is refused, with a
// plain reason, rather than guessed at (docs/cameras.md, "The camera's address").
//
// And one masking rule for a camera password in any text (answers, audit entries, log lines,
// ffmpeg's messages), whatever the password holds. No I/O and no dependency: the recorder's
// single-file build carries it too.

export const CAMERA_URL_MAX = 2000;

/** Why an address is refused, in the back-office's English (Indonesian in messages-admin-id.ts). */
export const CAMERA_URL_PROBLEMS = {
  tooLong: 'The camera address is too long: at most 2,000 characters.',
  spaces: 'The camera address must not contain spaces.',
  control: 'The camera address must not contain control characters, written as they are or as %00 to %1F or %7F.',
  scheme:
    'The camera address must start with rtsp:// or rtsps:// (for example rtsp://user:password@192.168.1.64:554/Streaming/Channels/101).',
  noHost: 'The camera address has no host: write it as rtsp://user:password@host:554/path.',
  port: 'The camera address has an impossible port: write a number from 1 to 65535 after the host (RTSP usually uses 554).',
  ambiguousHost:
    'The camera address has an @ after its host, so programs would read different cameras in it: in the user name or password write / as %2F, ? as %3F, # as %23 and @ as %40.',
  escape: 'The camera address has a % that starts no escape: write % itself as %25.',
} as const;
export type CameraUrlProblem = keyof typeof CAMERA_URL_PROBLEMS;

/** A sub-stream is the same camera's second stream: it is refused without the main address. */
export const SUB_STREAM_NEEDS_CAMERA = "A sub-stream address needs the camera's main address too.";

/** An address as ffmpeg reads it. The user name and password are as written (still %-escaped). */
export interface CameraUrl {
  scheme: 'rtsp' | 'rtsps';
  user: string | null;
  password: string | null;
  /** A name or IPv4 address, or an IPv6 address without its brackets. */
  host: string;
  /** null: the scheme's default (554 for RTSP). */
  port: number | null;
  /** The path with its query and fragment, from the first '/', '?' or '#' on ('' when none). */
  path: string;
}

export type CameraUrlReading = { ok: true; url: CameraUrl } | { ok: false; problem: CameraUrlProblem };

// Control characters as written (C0, DEL, C1: an ESC sequence would rewrite a log reader's screen)
// and as %-escapes (ffmpeg decodes a user name and password: %00 cuts them, %0D%0A starts a header).
const CONTROL = /\p{Cc}/u;
const ESCAPED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;
const LONE_PERCENT = /%(?![0-9a-f]{2})/i;
const HOST_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;
const IPV6 = /^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$/;

const refused = (problem: CameraUrlProblem): CameraUrlReading => ({ ok: false, problem });

/** Reads a camera address as ffmpeg would, or says why it is refused. */
export function readCameraUrl(text: string): CameraUrlReading {
  if (text.length > CAMERA_URL_MAX) return refused('tooLong');
  if (CONTROL.test(text) || ESCAPED_CONTROL.test(text)) return refused('control');
  if (/\s/.test(text)) return refused('spaces');
  if (LONE_PERCENT.test(text)) return refused('escape');
  const scheme = /^(rtsps?):\/\//i.exec(text);
  if (!scheme) return refused('scheme');
  const rest = text.slice(scheme[0].length);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  const path = authorityEnd === -1 ? '' : rest.slice(authorityEnd);
  // ffmpeg's host comes before this '@'; a person (and most URL parsers) would read it after.
  if (path.includes('@')) return refused('ambiguousHost');
  const at = authority.lastIndexOf('@');
  const userinfo = at === -1 ? null : authority.slice(0, at);
  const hostPort = authority.slice(at + 1);

  let host: string;
  let portText: string | undefined;
  const bracketed = /^\[([^\]]*)\](.*)$/.exec(hostPort);
  if (bracketed) {
    host = bracketed[1]!;
    if (!IPV6.test(host)) return refused('noHost');
    if (bracketed[2]) {
      if (!bracketed[2].startsWith(':')) return refused('noHost');
      portText = bracketed[2].slice(1);
    }
  } else {
    const colon = hostPort.indexOf(':');
    host = colon === -1 ? hostPort : hostPort.slice(0, colon);
    portText = colon === -1 ? undefined : hostPort.slice(colon + 1);
    if (!HOST_NAME.test(host)) return refused('noHost');
  }
  let port: number | null = null;
  if (portText !== undefined) {
    // ffmpeg reads the port with atoi: '' and '0' are port 0, '554x' is 554. Only 1-65535 as written.
    if (!/^\d{1,5}$/.test(portText)) return refused('port');
    port = Number(portText);
    if (port < 1 || port > 65_535) return refused('port');
  }
  const colon = userinfo === null ? -1 : userinfo.indexOf(':');
  return {
    ok: true,
    url: {
      scheme: scheme[1]!.toLowerCase() as CameraUrl['scheme'],
      user: userinfo === null ? null : colon === -1 ? userinfo : userinfo.slice(0, colon),
      password: userinfo === null || colon === -1 ? null : userinfo.slice(colon + 1),
      host,
      port,
      path,
    },
  };
}

/** The plain (English) reason a camera address is refused, or null when it is acceptable. */
export function cameraUrlProblem(url: string): string | null {
  const reading = readCameraUrl(url);
  return reading.ok ? null : CAMERA_URL_PROBLEMS[reading.problem];
}

export const CAMERA_PASSWORD_MASK = '****';

// From rtsp:// (or rtsps://) and a user name (anything up to a ':' or a space), the password runs
// to the LAST '@' before the next space: a password may hold '@', '/', ':', quotes, %-escapes and
// any letter, and an address stored before this check may hold them unescaped. Where the address
// is followed by more text without a space, more may be masked than the password, never less.
const PASSWORD_IN_ADDRESS = /(rtsps?:\/\/[^\s:]*:)\S*@/gi;
// Some cameras take the password in the query (?password=, &pwd=): masked up to the next '&', '#' or space.
const PASSWORD_IN_QUERY = /([?&](?:password|passwd|pwd|pass)=)[^&#\s]*/gi;

/**
 * The text as a person may see it: every camera password in it (after rtsp://user:, and any
 * password= or pwd= query value) replaced by ****. Safe on any text, idempotent.
 */
export function maskCameraUrl(text: string): string {
  return text.replace(PASSWORD_IN_ADDRESS, `$1${CAMERA_PASSWORD_MASK}@`).replace(PASSWORD_IN_QUERY, `$1${CAMERA_PASSWORD_MASK}`);
}
