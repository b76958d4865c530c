import { describe, expect, it } from 'vitest';
import { ADMIN_CATALOGUES, ADMIN_MESSAGES_EN, ADMIN_MESSAGES_ID, translateAdminText } from './messages-admin-id.ts';
import { ADMIN_MESSAGE_GROUPS } from './messages-id.ts';
import { MESSAGES } from './messages.ts';

/** Every key of a catalogue with its path, each function as `path(n)` with its number of parameters. */
const keysOf = (value: unknown, path = ''): string[] => {
  if (typeof value === 'function') return [`${path}(${value.length})`];
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, v]) => [`${path}.${key}`, ...keysOf(v, `${path}.${key}`)]);
  }
  return [];
};

/** Every text of a catalogue with its path; functions are called with sample arguments of their kind. */
function texts(value: unknown, path: string, samples: readonly unknown[]): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') return texts((value as (...args: unknown[]) => unknown)(...samples), `${path}()`, samples);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, v]) => texts(v, `${path}.${key}`, samples));
  }
  return [];
}

// Texts that are the same in both languages: names, codes, loanwords Indonesian uses as is, and
// numbers or a word the operator types.
const SAME_IN_BOTH = new Set([
  'ID',
  'Email',
  'WhatsApp',
  'Venue',
  'Venue *',
  'Admin',
  'Super Admin',
  'Status',
  'CMS',
  'Staging',
  'Watermark',
  'Online',
  'Offline',
  'DELETE',
  '(staging)',
]);
/** A text with no words of its own once the arguments are taken out, or only words of both languages. */
function isSameInBoth(text: string, samples: readonly unknown[]): boolean {
  const rest = samples
    .reduce<string>((left, sample) => left.replaceAll(String(sample), ''), text)
    .replace('NaN', '')
    .trim();
  return SAME_IN_BOTH.has(text) || SAME_IN_BOTH.has(rest) || /^[\d\s/%().,:-]*$/.test(rest);
}

describe('the Indonesian back-office catalogue', () => {
  it('has every key of the English back-office groups, with the same parameters, and no other', () => {
    expect(Object.keys(ADMIN_MESSAGES_ID).sort()).toEqual([...ADMIN_MESSAGE_GROUPS].sort());
    for (const group of ADMIN_MESSAGE_GROUPS) {
      expect(keysOf(ADMIN_MESSAGES_ID[group], group).sort(), group).toEqual(keysOf(MESSAGES[group], group).sort());
    }
  });

  it('keeps English as the spec words it', () => {
    for (const group of ADMIN_MESSAGE_GROUPS) expect(ADMIN_MESSAGES_EN[group]).toBe(MESSAGES[group]);
    expect(ADMIN_CATALOGUES).toEqual({ en: ADMIN_MESSAGES_EN, id: ADMIN_MESSAGES_ID });
  });

  // Numbers 1 and 3 exercise both plural forms; strings show where an argument lands.
  it.each([[[1, 2, 3, 4, 5]], [[3, 4, 5, 6, 7]], [['Court 1', 'admin@club.id', '22/11/2026 14:05', 'x', 'y']]])(
    'translates every text, called with %j, into something not empty and not English',
    (samples) => {
      for (const group of ADMIN_MESSAGE_GROUPS) {
        const english = new Map(texts(ADMIN_MESSAGES_EN[group], group, samples));
        const indonesian = texts(ADMIN_MESSAGES_ID[group], group, samples);
        expect(indonesian.map(([path]) => path).sort()).toEqual([...english.keys()].sort());
        for (const [path, text] of indonesian) {
          expect(text.trim(), path).not.toBe('');
          if (!isSameInBoth(text, samples)) expect(text, path).not.toBe(english.get(path));
        }
      }
    },
  );
});

describe('translateAdminText', () => {
  it('maps a fixed English back-office text to Indonesian, and leaves other text alone', () => {
    expect(translateAdminText('id', MESSAGES.adminLogin.bothRequired)).toBe(ADMIN_MESSAGES_ID.adminLogin.bothRequired);
    expect(translateAdminText('id', MESSAGES.devices.venueRequired)).toBe('Venue wajib dipilih');
    expect(translateAdminText('id', 'Card declined by issuer')).toBe('Card declined by issuer');
    expect(translateAdminText('en', MESSAGES.adminLogin.bothRequired)).toBe(MESSAGES.adminLogin.bothRequired);
  });
});
