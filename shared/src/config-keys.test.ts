import { describe, expect, it } from 'vitest';
import {
  CONFIG_KEYS,
  DEFAULT_BUNDLING_TIERS,
  DEFAULT_EMAIL_COPY,
  EMAIL_COPY_FIELDS,
  configKey,
  isConfigKey,
  parseEmailCopy,
  renderEmailCopy,
  serializeEmailCopy,
} from './config-keys.ts';

describe('configuration keys', () => {
  it('has every key of spec section 3, each staged key with its _STAGING twin', () => {
    expect([...CONFIG_KEYS].sort()).toEqual(
      [
        'CMS_PROMO_VIDEO',
        'CMS_PROMO_VIDEO_PORTRAIT',
        'CMS_BG_IMAGE',
        'CMS_WATERMARK',
        'DEFAULT_PRICE',
        'PROMO_TABLE',
        'ENABLE_PAYMENT_GATEWAY',
        'CMS_PROMO_VIDEO_STAGING',
        'CMS_PROMO_VIDEO_PORTRAIT_STAGING',
        'CMS_BG_IMAGE_STAGING',
        'CMS_WATERMARK_STAGING',
        'DEFAULT_PRICE_STAGING',
        'PROMO_TABLE_STAGING',
        'ENABLE_PAYMENT_GATEWAY_STAGING',
        'CMS_EMAIL_COPY',
      ].sort(),
    );
  });

  it('configKey picks the twin for staging only', () => {
    expect(configKey('DEFAULT_PRICE', false)).toBe('DEFAULT_PRICE');
    expect(configKey('DEFAULT_PRICE', true)).toBe('DEFAULT_PRICE_STAGING');
    expect(configKey('CMS_WATERMARK', true)).toBe('CMS_WATERMARK_STAGING');
  });

  it('isConfigKey accepts known keys only', () => {
    expect(isConfigKey('PROMO_TABLE_STAGING')).toBe(true);
    expect(isConfigKey('CMS_EMAIL_COPY')).toBe(true);
    expect(isConfigKey('CMS_EMAIL_COPY_STAGING')).toBe(false);
    expect(isConfigKey('default_price')).toBe(false);
  });

  it('default bundling tiers: 2 at 10000, 3 at 9000, 4 at 8000, 5 at 7000, 6 at 6000, all on', () => {
    expect(DEFAULT_BUNDLING_TIERS).toEqual([
      { QUANTITY: 2, PRICE: 10000, ENABLED: true },
      { QUANTITY: 3, PRICE: 9000, ENABLED: true },
      { QUANTITY: 4, PRICE: 8000, ENABLED: true },
      { QUANTITY: 5, PRICE: 7000, ENABLED: true },
      { QUANTITY: 6, PRICE: 6000, ENABLED: true },
    ]);
  });
});

describe('CMS_EMAIL_COPY', () => {
  it('defaults to the spec words, the product name filled in', () => {
    const copy = renderEmailCopy(DEFAULT_EMAIL_COPY, 'CourtReplay');
    expect(copy.EMAIL_SUBJECT).toBe('Your CourtReplay Is Ready!');
    expect(copy.EMAIL_HEADING).toBe('Your Videos Are Ready!');
    expect(copy.EMAIL_FOOTER).toBe('This is an automated email, please do not reply.');
    for (const field of EMAIL_COPY_FIELDS) {
      expect(copy[field].length).toBeGreaterThan(10);
      expect(copy[field]).not.toContain('{productName}');
    }
    expect(copy.EMAIL_INSTRUCTIONS).toMatch(/download/i);
    expect(copy.EMAIL_INSTRUCTIONS).toMatch(/share/i);
    expect(copy.EMAIL_CLOSING).toMatch(/contact/i);
  });

  it.each([undefined, null, '', '   '])('missing value %j gives the defaults', (stored) => {
    expect(parseEmailCopy(stored)).toEqual({ status: 'missing', copy: DEFAULT_EMAIL_COPY });
  });

  it.each([
    ['not JSON', '{"EMAIL_SUBJECT": '],
    ['a list', '["a"]'],
    ['a string', '"subject"'],
    ['a number', '42'],
    ['null', 'null'],
    ['a field of the wrong type', '{"EMAIL_SUBJECT": 5}'],
  ])('%s is invalid: defaults plus the message the CMS tab shows', (_name, stored) => {
    expect(parseEmailCopy(stored)).toEqual({
      status: 'invalid',
      copy: DEFAULT_EMAIL_COPY,
      message: 'The stored email configuration is invalid. Default values will be used.',
    });
  });

  it('uses stored fields and fills absent or blank ones from the defaults', () => {
    const stored = JSON.stringify({ EMAIL_SUBJECT: 'Hi!', EMAIL_HEADING: ' ', extra: 1 });
    const result = parseEmailCopy(stored);
    expect(result.status).toBe('valid');
    expect(result.copy).toEqual({ ...DEFAULT_EMAIL_COPY, EMAIL_SUBJECT: 'Hi!' });
  });

  it('round-trips through serializeEmailCopy, dropping unknown fields', () => {
    const copy = { ...DEFAULT_EMAIL_COPY, EMAIL_CLOSING: 'Bye' };
    const text = serializeEmailCopy({ ...copy, extra: 'x' } as typeof copy);
    expect(JSON.parse(text)).toEqual(copy);
    expect(parseEmailCopy(text)).toEqual({ status: 'valid', copy });
  });
});
