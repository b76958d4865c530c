import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDay, isIsoInstant } from './api/common.ts';
import { PROMO_MESSAGES } from './api/promos.ts';
import { MESSAGES } from './messages.ts';
import {
  clampBundlingQuantity,
  dateFilterBounds,
  digitsOnly,
  isBundlingSaveDisabled,
  isDeliverableEmail,
  isVideoFileName,
  looksLikeDrawnPhoneToken,
  normalizePromoCode,
  promoPayload,
  randomPromoCode,
  sanitizeUploadName,
  uploadFolderName,
  validateAdminLogin,
  validateBackgroundImageFile,
  validateBundlingTiers,
  validateCourtCreate,
  validateCourtEdit,
  validateCreateAdmin,
  validateDateFilters,
  validateDeviceRegistration,
  validateGatewayToggle,
  validatePrice,
  validatePromoForm,
  validatePromoVideoFile,
  validateVenueCreate,
  validateVenueEdit,
  validateWatermarkFile,
  videoIdFromFile,
  videoTitleFromFileName,
  type CreateAdminInput,
  type PromoFormInput,
} from './validation.ts';

const MB = 1_048_576;

describe('kiosk', () => {
  it('promo codes are compared trimmed and upper-cased', () => {
    expect(normalizePromoCode('  hemat10 ')).toBe('HEMAT10');
  });
});

describe('promo form', () => {
  const form = (overrides: Partial<PromoFormInput> = {}): PromoFormInput => ({
    name: 'Weekend',
    code: 'hemat10',
    discountType: 'amount',
    value: 5000,
    quota: 0,
    ...overrides,
  });

  it.each([
    ['name blank', { name: '  ' }, 'Promo name is required'],
    ['code blank', { code: ' ' }, 'Promo code is required'],
    ['amount 0', { value: 0 }, 'Amount must be greater than 0'],
    ['amount blank', { value: '' }, 'Amount must be greater than 0'],
    ['amount negative', { value: '-5' }, 'Amount must be greater than 0'],
    ['amount not a number', { value: 'abc' }, 'Amount must be greater than 0'],
    ['percent 0', { discountType: 'percent', value: 0 }, 'Percentage must be greater than 0'],
    ['percent 101', { discountType: 'percent', value: '101' }, 'Percentage cannot be greater than 100%'],
    ['quota negative', { quota: -1 }, MESSAGES.promoForm.quotaInvalid],
    ['quota fractional', { quota: '1.5' }, MESSAGES.promoForm.quotaInvalid],
    ['percent 100', { discountType: 'percent', value: 100 }, null],
    ['amount with quota 3', { quota: '3' }, null],
    ['blank quota = unlimited', { quota: '' }, null],
    ['last day before the first', { startsOn: '2026-12-10', endsOn: '2026-12-09' }, PROMO_MESSAGES.endBeforeStart],
    ['one-day promo', { startsOn: '2026-12-10', endsOn: '2026-12-10' }, null],
    ['only a last day', { endsOn: '2026-12-31' }, null],
    ['an impossible day', { startsOn: '2026-02-30' }, PROMO_MESSAGES.dateFormat],
  ] as const)('%s', (_name, overrides, message) => {
    expect(validatePromoForm(form(overrides))).toBe(message);
  });

  it('sends only one of amount or percent, the code trimmed and upper-cased', () => {
    expect(promoPayload(form({ code: '  hemat10 ', name: ' Weekend ', quota: '' }))).toEqual({
      name: 'Weekend',
      code: 'HEMAT10',
      amount: 5000,
      percent: 0,
      quota: 0,
      startsOn: null,
      endsOn: null,
      active: true,
    });
    expect(promoPayload(form({ discountType: 'percent', value: '15', quota: '3' }))).toEqual({
      name: 'Weekend',
      code: 'HEMAT10',
      amount: 0,
      percent: 15,
      quota: 3,
      startsOn: null,
      endsOn: null,
      active: true,
    });
  });

  it('random codes are 6 characters of A-Z and 0-9', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 6 }), (values) => {
        let i = 0;
        const code = randomPromoCode(() => values[i++] ?? 0);
        expect(code).toMatch(/^[A-Z0-9]{6}$/);
      }),
    );
    expect(randomPromoCode(() => 0)).toBe('AAAAAA');
    expect(randomPromoCode(() => 0.999999)).toBe('999999');
    expect(randomPromoCode()).toMatch(/^[A-Z0-9]{6}$/);
  });
});

describe('product tab', () => {
  it.each([
    ['', 'Please enter a valid price'],
    ['  ', 'Please enter a valid price'],
    ['12.5', 'Please enter a valid price'],
    ['abc', 'Please enter a valid price'],
    ['-100', 'Please enter a valid price (0 or greater)'],
    ['0', null],
    ['15000', null],
  ])('price %j', (text, message) => {
    expect(validatePrice(text)).toBe(message);
  });

  it('numeric inputs keep digits only', () => {
    expect(digitsOnly('Rp 12.000-')).toBe('12000');
  });

  it('the gateway cannot be enabled while the price is 0', () => {
    expect(validateGatewayToggle(true, 0)).toBe(
      'Cannot enable payment gateway when price is set to 0. Please set a price greater than 0 first.',
    );
    expect(validateGatewayToggle(false, 0)).toBeNull();
    expect(validateGatewayToggle(true, 1000)).toBeNull();
  });

  it('bundling needs at least one tier', () => {
    expect(validateBundlingTiers([])).toBe('Please configure at least one bundling promo');
    expect(validateBundlingTiers([{ QUANTITY: 2, PRICE: 0, ENABLED: false }])).toBeNull();
  });

  it.each([
    [[{ QUANTITY: 2, PRICE: 10000, ENABLED: true }], false],
    [[{ QUANTITY: 2, PRICE: 0, ENABLED: true }], false],
    [[{ QUANTITY: 0, PRICE: 10000, ENABLED: true }], true],
    [[{ QUANTITY: -1, PRICE: 10000, ENABLED: false }], true],
    [
      [
        { QUANTITY: 2, PRICE: 10000, ENABLED: true },
        { QUANTITY: 3, PRICE: -1, ENABLED: true },
      ],
      true,
    ],
    [[{ QUANTITY: 2, PRICE: Number.NaN, ENABLED: true }], true],
  ])('save disabled for %j: %s', (tiers, disabled) => {
    expect(isBundlingSaveDisabled(tiers)).toBe(disabled);
  });

  it.each([
    [0, 1],
    [1, 1],
    [4, 4],
    [6, 6],
    [7, 6],
    [Number.NaN, 1],
  ])('quantity %s is kept within 1..6 as %s', (input, output) => {
    expect(clampBundlingQuantity(input)).toBe(output);
  });
});

describe('back-office forms', () => {
  it('admin login needs both fields', () => {
    expect(validateAdminLogin('', 'secret')).toBe('Please enter both email and password');
    expect(validateAdminLogin('a@b.co', '')).toBe('Please enter both email and password');
    expect(validateAdminLogin('a@b.co', 'secret')).toBeNull();
  });

  it('device registration needs a venue', () => {
    expect(validateDeviceRegistration('')).toBe('Venue selection is required');
    expect(validateDeviceRegistration(null)).toBe('Venue selection is required');
    expect(validateDeviceRegistration(3)).toBeNull();
  });

  it('venues and courts', () => {
    expect(validateVenueCreate('GOR', ' ')).toBe('Please fill in all required fields.');
    expect(validateVenueCreate('', 'Jakarta')).toBe('Please fill in all required fields.');
    expect(validateVenueCreate('GOR', 'Jakarta')).toBeNull();
    expect(validateVenueEdit(' ')).toBe('Venue name cannot be empty');
    expect(validateVenueEdit('GOR')).toBeNull();
    expect(validateCourtCreate(undefined, 'Court 1')).toBe('Please select a venue first.');
    expect(validateCourtCreate(1, '  ')).toBe('Please enter a court name.');
    expect(validateCourtCreate(1, 'Court 1')).toBeNull();
    expect(validateCourtEdit('')).toBe('Court name cannot be empty');
    expect(validateCourtEdit('Court 2')).toBeNull();
  });

  const admin = (overrides: Partial<CreateAdminInput> = {}): CreateAdminInput => ({
    email: 'admin@venue.id',
    password: 'long-secret',
    confirmPassword: 'long-secret',
    role: 'admin',
    venueId: 1,
    ...overrides,
  });

  it.each([
    ['no e-mail', { email: '' }, 'Email and password fields are required'],
    ['no password', { password: '' }, 'Email and password fields are required'],
    ['admin without venue', { venueId: null }, 'Please select a venue for this admin'],
    ['superadmin without venue', { role: 'superadmin', venueId: null }, null],
    ['mismatch', { confirmPassword: 'other' }, 'Passwords do not match'],
    ['valid', {}, null],
  ] as const)('create admin: %s', (_name, overrides, message) => {
    expect(validateCreateAdmin(admin(overrides))).toBe(message);
  });

  const now = '2026-11-21T18:00:00Z'; // already 22 November in Jakarta

  it.each([
    ['', '', null],
    ['2026-11-22', '', null],
    ['2026-11-20', '2026-11-22', null],
    ['2026-11-22', '2026-11-22', null],
    ['2026-11-23', '', 'The date cannot be later than today'],
    ['', '2026-11-23', 'The date cannot be later than today'],
    ['2026-11-21', '2026-11-20', 'The end date cannot be before the start date'],
  ])('date filters %j to %j', (start, end, message) => {
    expect(validateDateFilters(start, end, now)).toBe(message);
  });

  it('date inputs: max today, end min the start', () => {
    expect(dateFilterBounds('2026-11-01', now)).toEqual({
      startMax: '2026-11-22',
      endMin: '2026-11-01',
      endMax: '2026-11-22',
    });
    expect(dateFilterBounds('', now).endMin).toBeUndefined();
  });
});

describe('CMS uploads', () => {
  it.each([
    [null, 'Please select a video file to upload'],
    [{ type: 'image/png', size: 1 }, 'Please select a valid video file'],
    [{ type: 'video/mp4', size: 100 * MB }, 'Video file size must be less than 100MB'],
    [{ type: 'video/mp4', size: 100 * MB - 1 }, null],
    [{ type: 'video/webm', size: 1 }, null],
  ])('promo video %j', (file, message) => {
    expect(validatePromoVideoFile(file)).toBe(message);
  });

  it.each([
    [undefined, 'Please select an image file to upload'],
    [{ type: 'image/gif', size: 1 }, 'Please select a valid image file (JPEG, PNG, or WebP)'],
    [{ type: 'image/svg+xml', size: 1 }, 'Please select a valid image file (JPEG, PNG, or WebP)'],
    [{ type: 'image/jpeg', size: 10 * MB }, 'Image file size must be less than 10MB'],
    [{ type: 'image/jpeg', size: 10 * MB - 1 }, null],
    [{ type: 'image/jpg', size: 1 }, null],
    [{ type: 'image/png', size: 1 }, null],
    [{ type: 'image/webp', size: 1 }, null],
  ])('background image %j', (file, message) => {
    expect(validateBackgroundImageFile(file)).toBe(message);
  });

  it.each([
    [null, 'Please select a PNG image to upload as watermark'],
    [{ type: 'image/jpeg', size: 1 }, 'Please select a valid PNG image for the watermark to support transparency'],
    [{ type: 'image/png', size: 5 * MB }, 'Watermark file size must be less than 5MB'],
    [{ type: 'image/png', size: 5 * MB - 1 }, null],
  ])('watermark %j', (file, message) => {
    expect(validateWatermarkFile(file)).toBe(message);
  });
});

describe('file names', () => {
  it.each([
    ['clip.mp4', true],
    ['CLIP.MOV', true],
    ['clip.WebM', true],
    ['clip.mkv', false],
    ['clip.mp4.txt', false],
    ['mp4', false],
  ])('isVideoFileName(%j) = %s', (name, isVideo) => {
    expect(isVideoFileName(name)).toBe(isVideo);
  });

  it.each([
    ['match point.mp4', 'match-point.mp4'],
    ['match   point.mp4', 'match-point.mp4'],
    ['Court #1 (final)!.mov', 'Court-1-final.mov'],
    ['under_score-dash.webm', 'under_score-dash.webm'],
    ['../../etc/passwd', 'etcpasswd'],
    ['..', 'video-3'],
    ['🎾🎾', 'video-3'],
    ['', 'video-3'],
  ])('sanitizeUploadName(%j) = %j', (name, expected) => {
    expect(sanitizeUploadName(name, 3)).toBe(expected);
  });

  it('keeps at most 50 characters, the extension kept when cut', () => {
    expect(sanitizeUploadName(`${'a'.repeat(60)}.mp4`, 1)).toBe(`${'a'.repeat(46)}.mp4`);
    expect(sanitizeUploadName('b'.repeat(60), 1)).toBe('b'.repeat(50));
  });

  it('sanitised names only hold the allowed characters, never start with a dot', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (name, n) => {
        const safe = sanitizeUploadName(name, n);
        expect(safe).toMatch(/^[\w.-]{1,50}$/);
        expect(safe.startsWith('.')).toBe(false);
      }),
    );
  });

  it.each([
    ['match_point-final.mp4', 'match point final'],
    ['clip.v2.mov', 'clip.v2'],
    ['no-extension', 'no extension'],
    ['.mp4', '.mp4'],
  ])('title of %j is %j', (name, title) => {
    expect(videoTitleFromFileName(name)).toBe(title);
  });

  it('a video id is the timestamp plus the sanitised name', () => {
    expect(videoIdFromFile(1795762800000, 'match 1.mp4')).toBe('1795762800000-match-1.mp4');
  });

  it('upload folder: videos_{date}_{time}_{n}videos in venue time', () => {
    expect(uploadFolderName('2026-11-22T07:05:09Z', 3)).toBe('videos_2026-11-22_14-05-09_3videos');
    expect(uploadFolderName(new Date('2026-11-21T17:00:00Z'), 1)).toBe('videos_2026-11-22_00-00-00_1videos');
    expect(() => uploadFolderName('not a date', 1)).toThrow(RangeError);
  });
});

describe('what no mailbox, token generator or calendar makes', () => {
  it('isDeliverableEmail: one @, a plain local part, a dotted domain name; no brackets or IP literals', () => {
    for (const ok of [
      'player@example.com',
      'Player.One+court@Example.co.id',
      "o'brien@xn--p1ai.xn--p1ai",
      'a_b-c@sub-1.example.org',
      ' trimmed@example.com ',
    ])
      expect(isDeliverableEmail(ok), ok).toBe(true);
    for (const bad of [
      '<player@example.com>',
      'Player <player@example.com>',
      'a@[127.0.0.1]',
      'a@[IPv6:::1]',
      'a@127.0.0.1',
      'a@example',
      'a@@example.com',
      'a@b@example.com',
      '.a@example.com',
      'a.@example.com',
      'a..b@example.com',
      'a@-example.com',
      'a@example-.com',
      'a@example..com',
      '"a b"@example.com',
      'a,b@example.com',
      'a\u0000@example.com',
      'a b@example.com',
    ])
      expect(isDeliverableEmail(bad), bad).toBe(false);
  });

  it('looksLikeDrawnPhoneToken: every token the kiosk generator draws, no hand-made or repetitive one', () => {
    // What the kiosk's newPhoneToken() makes: 16 random bytes, base64url without padding.
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const encode = (bytes: Uint8Array) => {
      const bits = [...bytes].map((b) => b.toString(2).padStart(8, '0')).join('') + '0000';
      return Array.from({ length: 22 }, (_, i) => ALPHABET[parseInt(bits.slice(i * 6, i * 6 + 6), 2)]).join('');
    };
    const random16 = () => Uint8Array.from({ length: 16 }, () => Math.floor(Math.random() * 256));
    const draw = () => encode(random16());
    expect(encode(Uint8Array.from([0xfb, 0xff, ...Array<number>(14).fill(0)]))).toBe('-_8AAAAAAAAAAAAAAAAAAA');
    for (let i = 0; i < 5000; i++) {
      const token = draw();
      expect(looksLikeDrawnPhoneToken(token), token).toBe(true);
    }
    for (const bad of [
      'a'.repeat(22),
      'aaaaaaaaaaaaaaaaaaaaaQ',
      'abababababababababababA',
      'AAAAAAbcdefghijklmnopQ',
      'k1osK-Drawn_tOken-01234',
      `${draw()}x`,
      draw().slice(1),
    ])
      expect(looksLikeDrawnPhoneToken(bad), bad).toBe(false);
  });

  it('isCalendarDay and isIsoInstant: real days and times only', () => {
    for (const day of ['2026-11-20', '2028-02-29', '2026-12-31']) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ['2026-13-01', '2026-02-29', '2026-04-31', '2026-00-10', '0000-01-01', '2026-1-1', ' 2026-11-20', '1'])
      expect(isCalendarDay(day), day).toBe(false);
    for (const at of ['2026-11-20T10:00Z', '2026-11-20T10:00:00.123Z', '2026-11-20T23:59:59+07:00'])
      expect(isIsoInstant(at), at).toBe(true);
    for (const at of [
      '2026-02-31T10:00:00Z',
      '2026-11-20T24:00:00Z',
      '2026-11-20T10:60:00Z',
      '2026-11-20T10:00:00',
      '2026-11-20T10:00:00+25:00',
      '2026-11-20',
    ])
      expect(isIsoInstant(at), at).toBe(false);
  });
});
