// Players' addresses never reach a log line: a log names a recipient by a masked
// form that support can still match against the address a player gives ('p***@gmail.com#1a2b3c'),
// and an SMTP reason that echoes the address has it masked the same way.
import { createHash } from 'node:crypto';

const ADDRESS = /[^\s<>()[\]",;:@]+@[^\s<>()[\]",;:@]+\.[^\s<>()[\]",;:@]+/g;

/** 'player@gmail.com' -> 'p***@gmail.com#5d41a2' (first letter, domain, 6 hex of its SHA-256). */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  const hash = createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 6);
  return `${address[0]}***${address.slice(at)}#${hash}`;
}

/** The text with every address in it masked. */
export function maskAddressesIn(text: string): string {
  return text.replace(ADDRESS, (address) => maskAddress(address));
}
