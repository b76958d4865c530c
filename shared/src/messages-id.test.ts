import { describe, expect, it } from 'vitest';
import { KIOSK_MESSAGE_GROUPS, MESSAGES_EN, MESSAGES_ID, SERVER_MESSAGES_ID, translateKioskText } from './messages-id.ts';
import { DEVICE_MESSAGES, PROMO_MESSAGES, PURCHASE_MESSAGES, STAFF_PIN_MESSAGES } from './api/index.ts';
import { MESSAGES, SERVER_MESSAGES } from './messages.ts';

/** Every text of a catalogue with its path; functions are called with sample arguments of their kind. */
function texts(value: unknown, path: string, samples: readonly unknown[]): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') return texts((value as (...args: unknown[]) => unknown)(...samples), `${path}()`, samples);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, v]) => texts(v, `${path}.${key}`, samples));
  }
  return [];
}

const keysOf = (value: unknown, path = ''): string[] =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.entries(value).flatMap(([key, v]) => [`${path}.${key}`, ...keysOf(v, `${path}.${key}`)])
    : [];

// Texts that are the same word in both languages: names, codes and loanwords Indonesian uses as is.
const SAME_IN_BOTH = new Set(['Admin', 'Email', 'E-mail', 'Subtotal', 'Total', 'QRIS']);
// Worded functions with no words: a sign and an amount.
const NO_WORDS = new Set(['.selection.addsToTotal()', '.store.rallyTitle()']);

describe('the Indonesian kiosk catalogue', () => {
  it('has every key of the English kiosk groups, and no other', () => {
    expect(keysOf(MESSAGES_ID)).toEqual(keysOf(MESSAGES_EN));
    expect(Object.keys(MESSAGES_ID)).toEqual([...KIOSK_MESSAGE_GROUPS]);
    for (const group of KIOSK_MESSAGE_GROUPS) expect(keysOf(MESSAGES_ID[group])).toEqual(keysOf(MESSAGES[group]));
  });

  // Numbers 1 and 3 exercise both plural forms; a string argument shows where it lands.
  it.each([[[1, 2, 3]], [[3, 4, 5]], [['Court 1 14:32']]])(
    'translates every text, called with %j, into something not empty and not English',
    (samples) => {
      const english = new Map(texts(MESSAGES_EN, '', samples));
      const indonesian = texts(MESSAGES_ID, '', samples);
      expect(indonesian.map(([path]) => path)).toEqual([...english.keys()]);
      for (const [path, text] of indonesian) {
        expect(text.trim(), path).not.toBe('');
        if (!SAME_IN_BOTH.has(text) && !NO_WORDS.has(path)) expect(text, path).not.toBe(english.get(path));
      }
    },
  );

  it('translates server messages the kiosk may show: each still one the server sends, none left in English or empty', () => {
    const serverTexts = new Set(
      texts(
        { SERVER_MESSAGES, PURCHASE_MESSAGES, DEVICE_MESSAGES, PROMO_MESSAGES, STAFF_PIN_MESSAGES, promoForm: MESSAGES.promoForm },
        '',
        [],
      ).map(([, text]) => text),
    );
    for (const [en, id] of Object.entries(SERVER_MESSAGES_ID)) {
      expect(serverTexts.has(en), en).toBe(true);
      expect(id.trim(), en).not.toBe('');
      expect(id, en).not.toBe(en);
    }
  });

  it('maps a fixed English text the kiosk holds to Indonesian, and leaves unknown text alone', () => {
    expect(translateKioskText('id', MESSAGES.folder.noVideoFiles)).toBe(MESSAGES_ID.folder.noVideoFiles);
    expect(translateKioskText('id', MESSAGES.checkout.progress.uploading)).toBe('Mengunggah video');
    expect(translateKioskText('id', MESSAGES.promo.requestFailed)).toBe(MESSAGES_ID.promo.requestFailed);
    expect(translateKioskText('id', Object.keys(SERVER_MESSAGES_ID)[0]!)).toBe(Object.values(SERVER_MESSAGES_ID)[0]);
    expect(translateKioskText('id', 'Card declined by issuer')).toBe('Card declined by issuer');
    expect(translateKioskText('en', MESSAGES.folder.noVideoFiles)).toBe(MESSAGES.folder.noVideoFiles);
  });
});
