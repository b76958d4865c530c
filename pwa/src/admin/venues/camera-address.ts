// The Camera form asks for the address, the user name and the password apart, so the password is
// typed (or pasted) where it is hidden; the server stores them as one RTSP URL. A full URL pasted into
// the address field gives up its user name and password to their fields.

export interface CameraParts {
  /** rtsp://host:554/path, without a user name or password. */
  address: string;
  user: string;
  password: string;
}

const SCHEME = /^(rtsps?:\/\/)/i;

/** A URL's user info is percent-encoded; a part that is not valid encoding is taken as typed. */
const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/**
 * The parts of `url`: its user name and password (decoded) and the address without them. The host
 * follows the last @, as a person reads a pasted URL (a password may hold an unescaped @ or /);
 * the fields then show what is stored, percent-encoded, which the server reads as ffmpeg does.
 */
export function splitCameraUrl(url: string): CameraParts {
  const scheme = SCHEME.exec(url)?.[1];
  if (!scheme) return { address: url, user: '', password: '' };
  const rest = url.slice(scheme.length);
  const at = rest.lastIndexOf('@');
  if (at < 0) return { address: url, user: '', password: '' };
  const info = rest.slice(0, at);
  const colon = info.indexOf(':');
  return {
    address: `${scheme}${rest.slice(at + 1)}`,
    user: decoded(colon < 0 ? info : info.slice(0, colon)),
    password: colon < 0 ? '' : decoded(info.slice(colon + 1)),
  };
}

/** The one URL the server stores: the user name and password percent-encoded, so `@ : /` in them stay theirs. */
export function joinCameraUrl({ address, user, password }: CameraParts): string {
  const scheme = SCHEME.exec(address)?.[1];
  if (!scheme || (!user && !password)) return address;
  const info = `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}`;
  return `${scheme}${info}@${address.slice(scheme.length)}`;
}
