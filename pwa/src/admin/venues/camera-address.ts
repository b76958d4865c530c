// The Camera form asks for the address, the user name and the password apart, so the password is
// typed (or pasted) where it is hidden; the server stores them as one RTSP URL. A whole URL pasted
// into the address field gives up its user name and password to their fields, read as the server
// and ffmpeg read it (readCameraUrl in shared/).
import { readCameraUrl } from '@courtreplay/shared';

export interface CameraParts {
  /** rtsp://host:554/path, without a user name or password. */
  address: string;
  user: string;
  password: string;
}

const SCHEME = /^rtsps?:\/\//i;

/** A user name or password as written in a URL (%-escaped) is shown as the person typed it. */
const decoded = (part: string | null) => {
  try {
    return decodeURIComponent(part ?? '');
  } catch {
    return part ?? '';
  }
};

/**
 * The parts of `text`: when it is an address the server accepts and carries a user name or
 * password, those (decoded) and the address without them; else the text as the address.
 */
export function splitCameraUrl(text: string): CameraParts {
  const reading = readCameraUrl(text);
  if (!reading.ok || (reading.url.user === null && reading.url.password === null)) return { address: text, user: '', password: '' };
  const scheme = SCHEME.exec(text)![0];
  const rest = text.slice(scheme.length);
  const authorityEnd = rest.search(/[/?#]/);
  // The user name and password end at the host part's last '@', as readCameraUrl found.
  const at = (authorityEnd === -1 ? rest : rest.slice(0, authorityEnd)).lastIndexOf('@');
  return { address: `${scheme}${rest.slice(at + 1)}`, user: decoded(reading.url.user), password: decoded(reading.url.password) };
}

/** The one URL the server stores: the user name and password %-encoded, so `@ : / % #` in them stay theirs. */
export function joinCameraUrl({ address, user, password }: CameraParts): string {
  const scheme = SCHEME.exec(address)?.[0];
  if (!scheme || (!user && !password)) return address;
  const info = `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}`;
  return `${scheme}${info}@${address.slice(scheme.length)}`;
}
