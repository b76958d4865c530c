// Whether an address of this server can be opened from a player's phone: one naming the computer
// itself (localhost, a loopback address, 0.0.0.0), which PUBLIC_URL left unset gives, cannot. The
// court poster's dialog warns before such an address is printed in a QR code.

const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/;

/** True for an address a phone would resolve to itself (or that does not parse as one). */
export function isOwnComputerUrl(url: string): boolean {
  // shared/ runs without the DOM's or Node's URL: the host is read from the authority by hand.
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url.trim())?.[1];
  if (!authority) return true;
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  const bare = hostPort.startsWith('[') ? hostPort.slice(1, hostPort.indexOf(']')) : hostPort.replace(/:\d*$/, '');
  if (!bare) return true;
  return (
    bare === 'localhost' || bare.endsWith('.localhost') || LOOPBACK_V4.test(bare) || bare === '::1' || bare === '0.0.0.0' || bare === '::'
  );
}
