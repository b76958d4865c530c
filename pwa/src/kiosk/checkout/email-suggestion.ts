// 'Did you mean …@gmail.com?': a mailcheck-style spell checker tuned with the
// addresses players at an Indonesian venue type. The library's own lists are American (it turns
// yahoo.co.id into yahoo.co.il), so the domains and endings below are ours.
import { run } from '@zootools/email-spell-checker';

/** The mailboxes most players use, the local ones included. */
export const PLAYER_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'yahoo.co.id',
  'ymail.com',
  'rocketmail.com',
  'hotmail.com',
  'outlook.com',
  'outlook.co.id',
  'live.com',
  'icloud.com',
  'me.com',
  'proton.me',
  'protonmail.com',
];

/** Endings a real address here has: the big international ones and Indonesia's second levels. */
export const PLAYER_TOP_LEVEL_DOMAINS = [
  'com',
  'net',
  'org',
  'id',
  'co.id',
  'ac.id',
  'sch.id',
  'or.id',
  'go.id',
  'web.id',
  'my.id',
  'biz.id',
  'me',
  'io',
  'co',
];

const PLAYER_SECOND_LEVEL_DOMAINS = ['gmail', 'yahoo', 'ymail', 'hotmail', 'outlook', 'live', 'icloud', 'proton', 'protonmail'];

/** Mailboxes that exist only as .com: gmail.co.id or icloud.co is always a slip. */
const ONLY_DOT_COM = new Set(['gmail', 'ymail', 'hotmail', 'icloud', 'rocketmail', 'protonmail']);

/**
 * Whether a suggestion is worth a player's tap: a well-known mailbox, or the same name with its
 * ending fixed (kantor.co.od to kantor.co.id). Never a different name: ui.ac.id is a university,
 * not a slip for live.ac.id.
 */
function plausible(typedDomain: string, suggestedDomain: string): boolean {
  if (PLAYER_DOMAINS.includes(suggestedDomain)) return true;
  return typedDomain.split('.')[0] === suggestedDomain.split('.')[0];
}

/** The address the player probably meant, or null when it looks right (or is not an address yet). */
export function suggestEmail(typed: string): string | null {
  const email = typed.trim();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return null;
  const at = email.lastIndexOf('@');
  const [name, domain] = [email.slice(0, at), email.slice(at + 1).toLowerCase()];
  const [first] = domain.split('.');
  if (first && ONLY_DOT_COM.has(first) && domain !== `${first}.com`) return `${name}@${first}.com`;
  const suggestion = run({
    email,
    domains: PLAYER_DOMAINS,
    topLevelDomains: PLAYER_TOP_LEVEL_DOMAINS,
    secondLevelDomains: PLAYER_SECOND_LEVEL_DOMAINS,
  });
  if (!suggestion || suggestion.domain === domain || !plausible(domain, suggestion.domain)) return null;
  // The player's name part as they typed it (the library lower-cases the whole address).
  return `${name}@${suggestion.domain}`;
}
