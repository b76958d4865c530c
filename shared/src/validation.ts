// The validation rules of spec section 5 as pure functions. Each returns the spec's message for
// the first rule that fails, or null when the input is acceptable; the UI shows the message as is.
import {
  BACKGROUND_IMAGE_MAX_BYTES,
  BUNDLING_QUANTITY_MAX,
  BUNDLING_QUANTITY_MIN,
  PROMO_CODE_ALPHABET,
  PROMO_CODE_LENGTH,
  PROMO_VIDEO_MAX_BYTES,
  UPLOAD_NAME_MAX_LENGTH,
  VENUE_TIME_ZONE,
  WATERMARK_MAX_BYTES,
  type AdminRole,
} from './constants.ts';
import { formatTime24, localFileTime, localIsoDate, type DateInput } from './format.ts';
import { parseRecorderClipName, recorderClipName } from './clip-names.ts';
import { isCalendarDay } from './calendar.ts';
import { PROMO_MESSAGES } from './promo-messages.ts';
import { MESSAGES } from './messages.ts';
import type { BundlingTier } from './config-keys.ts';

export type ValidationResult = string | null;

const isBlank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';

// ---------------------------------------------------------------- kiosk

/**
 * Whether a phone token could have come from the kiosk's generator (pwa/src/kiosk/checkout/phone-link.ts):
 * 16 random bytes in base64url without padding, so exactly 22 characters whose last one carries only
 * 2 bits (A, Q, g or w); and random-looking: at least 10 different characters and no character 6
 * times in a row (a real draw falls short of either about once in 10^7; the purchase then simply
 * gets a server-drawn token). 'aaaa…' and hand-made tokens are not taken.
 */
export function looksLikeDrawnPhoneToken(token: string): boolean {
  if (!/^[A-Za-z0-9_-]{21}[AQgw]$/.test(token)) return false;
  return new Set(token).size >= 10 && !/(.)\1{5}/.test(token);
}

/** What a mailbox's local part never holds unquoted: spaces, controls, '@', brackets, quotes, separators. */
const EMAIL_LOCAL = /^[^\s\p{Cc}@<>()[\]\\,;:"]+$/u;
/** A domain name of dotted labels (letters, digits, inner hyphens) ending in a label that starts with a letter. */
const EMAIL_DOMAIN = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}(?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

/**
 * Whether a checkout e-mail could reach a mailbox (spec section 5: 'must contain @', made strict
 * enough to be deliverable): one '@', a local part without spaces, angle brackets, quotes or
 * separators and without stray dots, and a domain name with a dot. No IP-literal domain
 * (`a@[127.0.0.1]`) and no bare address (`a@127.0.0.1`): no player's mailbox lives there. The kiosk
 * and the server's purchase schema both ask this, so they never disagree.
 */
export function isDeliverableEmail(text: string): boolean {
  const email = text.trim();
  const at = email.lastIndexOf('@');
  if (at < 1 || at !== email.indexOf('@')) return false;
  const [local, domain] = [email.slice(0, at), email.slice(at + 1)];
  if (!EMAIL_LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return EMAIL_DOMAIN.test(domain);
}

/** Promo codes are stored and compared trimmed and upper-cased. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

// ---------------------------------------------------------------- promo form

export type DiscountType = 'amount' | 'percent';

export interface PromoFormInput {
  name: string;
  code: string;
  discountType: DiscountType;
  /** The amount in rupiah or the percentage, as typed. */
  value: number | string;
  /** 0 = unlimited; blank counts as 0. */
  quota: number | string;
  /** First and last day it works (YYYY-MM-DD, the date inputs' value); blank or absent: no limit. */
  startsOn?: string;
  endsOn?: string;
  /** Switched on (absent: on). */
  active?: boolean;
}

/** The body of POST/PUT /promo: only one of amount or percent is above 0, the other is 0. */
export interface PromoPayload {
  name: string;
  code: string;
  amount: number;
  percent: number;
  quota: number;
  startsOn: string | null;
  endsOn: string | null;
  active: boolean;
}

const toNumber = (value: number | string): number => (typeof value === 'number' ? value : value.trim() === '' ? 0 : Number(value.trim()));

export function validatePromoForm(input: PromoFormInput): ValidationResult {
  const m = MESSAGES.promoForm;
  if (isBlank(input.name)) return m.nameRequired;
  if (isBlank(input.code)) return m.codeRequired;
  const value = toNumber(input.value);
  if (!Number.isFinite(value) || value <= 0) {
    return input.discountType === 'percent' ? m.percentPositive : m.amountPositive;
  }
  if (input.discountType === 'percent' && value > 100) return m.percentMax;
  const quota = toNumber(input.quota);
  if (!Number.isSafeInteger(quota) || quota < 0) return m.quotaInvalid;
  const [startsOn, endsOn] = [dayOrNull(input.startsOn), dayOrNull(input.endsOn)];
  if ((startsOn !== null && !isCalendarDay(startsOn)) || (endsOn !== null && !isCalendarDay(endsOn))) return PROMO_MESSAGES.dateFormat;
  if (startsOn !== null && endsOn !== null && endsOn < startsOn) return PROMO_MESSAGES.endBeforeStart;
  return null;
}

const dayOrNull = (day: string | undefined): string | null => (day?.trim() ? day.trim() : null);

/** The payload for a form that passed validatePromoForm: trimmed name, normalised code. */
export function promoPayload(input: PromoFormInput): PromoPayload {
  const value = toNumber(input.value);
  return {
    name: input.name.trim(),
    code: normalizePromoCode(input.code),
    amount: input.discountType === 'amount' ? value : 0,
    percent: input.discountType === 'percent' ? value : 0,
    quota: toNumber(input.quota),
    startsOn: dayOrNull(input.startsOn),
    endsOn: dayOrNull(input.endsOn),
    active: input.active ?? true,
  };
}

/** Six characters from A-Z and 0-9 (the random-code button). `random` returns [0, 1). */
export function randomPromoCode(random: () => number = Math.random): string {
  let code = '';
  for (let i = 0; i < PROMO_CODE_LENGTH; i++) {
    // Clamped so a generator that returns exactly 1 (or below 0) still yields a valid character.
    const index = Math.floor(random() * PROMO_CODE_ALPHABET.length);
    code += PROMO_CODE_ALPHABET[Math.min(Math.max(0, index), PROMO_CODE_ALPHABET.length - 1)];
  }
  return code;
}

// ---------------------------------------------------------------- product tab

/** What numeric inputs keep as the user types: digits only. */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** Video price as typed: empty or not a whole number -> invalid; below 0 -> the 0-or-greater text. */
export function validatePrice(text: string): ValidationResult {
  const value = text.trim();
  if (value === '') return MESSAGES.product.invalidPrice;
  if (/^-\d+$/.test(value)) return MESSAGES.product.invalidPriceNegative;
  if (!/^\d+$/.test(value)) return MESSAGES.product.invalidPrice;
  return null;
}

/** The gateway cannot be switched on while the price is 0. */
export function validateGatewayToggle(enable: boolean, price: number): ValidationResult {
  return enable && price === 0 ? MESSAGES.product.gatewayNeedsPrice : null;
}

/** At least one tier is needed to save. */
export function validateBundlingTiers(tiers: readonly BundlingTier[]): ValidationResult {
  return tiers.length === 0 ? MESSAGES.bundling.atLeastOne : null;
}

/** Save is disabled while any QUANTITY is 0 or less or any PRICE is negative (or not a number). */
export function isBundlingSaveDisabled(tiers: readonly BundlingTier[]): boolean {
  return tiers.some((tier) => !(tier.QUANTITY > 0) || !(tier.PRICE >= 0) || !Number.isFinite(tier.PRICE));
}

/** The quantity input's bounds: 1 to 6 (the most videos one purchase can hold). */
export function clampBundlingQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return BUNDLING_QUANTITY_MIN;
  return Math.min(BUNDLING_QUANTITY_MAX, Math.max(BUNDLING_QUANTITY_MIN, Math.trunc(quantity)));
}

// ---------------------------------------------------------------- back-office forms

export function validateAdminLogin(email: string, password: string): ValidationResult {
  return isBlank(email) || password === '' ? MESSAGES.adminLogin.bothRequired : null;
}

type OptionalId = string | number | null | undefined;
const isMissingId = (id: OptionalId): boolean => id === null || id === undefined || id === '';

export function validateDeviceRegistration(venueId: OptionalId): ValidationResult {
  return isMissingId(venueId) ? MESSAGES.devices.venueRequired : null;
}

export function validateVenueCreate(name: string, location: string): ValidationResult {
  return isBlank(name) || isBlank(location) ? MESSAGES.venues.requiredFields : null;
}

export function validateVenueEdit(name: string): ValidationResult {
  return isBlank(name) ? MESSAGES.venues.venueNameEmpty : null;
}

export function validateCourtCreate(venueId: OptionalId, name: string): ValidationResult {
  if (isMissingId(venueId)) return MESSAGES.venues.selectVenueFirst;
  return isBlank(name) ? MESSAGES.venues.enterFieldName : null;
}

export function validateCourtEdit(name: string): ValidationResult {
  return isBlank(name) ? MESSAGES.venues.fieldNameEmpty : null;
}

export interface CreateAdminInput {
  email: string;
  password: string;
  confirmPassword: string;
  role: AdminRole;
  venueId: OptionalId;
}

export function validateCreateAdmin(input: CreateAdminInput): ValidationResult {
  const m = MESSAGES.createAdmin;
  if (isBlank(input.email) || input.password === '') return m.credentialsRequired;
  if (input.role !== 'superadmin' && isMissingId(input.venueId)) return m.venueRequired;
  if (input.password !== input.confirmPassword) return m.passwordsMismatch;
  return null;
}

/**
 * Transaction date filters, as date-input values ('2026-11-22'; '' = not set): neither later than
 * today in the venue's time zone, and the end not before the start.
 */
export function validateDateFilters(
  startDate: string,
  endDate: string,
  now: DateInput,
  timeZone: string = VENUE_TIME_ZONE,
): ValidationResult {
  const today = localIsoDate(now, timeZone) ?? '';
  if ((startDate !== '' && startDate > today) || (endDate !== '' && endDate > today)) {
    return MESSAGES.transactions.dateAfterToday;
  }
  if (startDate !== '' && endDate !== '' && endDate < startDate) {
    return MESSAGES.transactions.endBeforeStart;
  }
  return null;
}

/** The min/max attributes of the two date inputs. */
export function dateFilterBounds(
  startDate: string,
  now: DateInput,
  timeZone: string = VENUE_TIME_ZONE,
): { startMax: string; endMin: string | undefined; endMax: string } {
  const today = localIsoDate(now, timeZone) ?? '';
  return { startMax: today, endMin: startDate === '' ? undefined : startDate, endMax: today };
}

// ---------------------------------------------------------------- CMS uploads

/** What the checks need of a browser File (or an uploaded part on the server). */
export interface FileLike {
  type: string;
  size: number;
}

const BACKGROUND_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'];

/** Promo video: a video type, under 100 MB. */
export function validatePromoVideoFile(file: FileLike | null | undefined): ValidationResult {
  const m = MESSAGES.cms;
  if (!file) return m.noVideo;
  if (!file.type.toLowerCase().startsWith('video/')) return m.invalidVideo;
  return file.size >= PROMO_VIDEO_MAX_BYTES ? m.videoTooLarge : null;
}

/** Background image: JPEG, JPG, PNG or WebP, under 10 MB. */
export function validateBackgroundImageFile(file: FileLike | null | undefined): ValidationResult {
  const m = MESSAGES.cms;
  if (!file) return m.noImage;
  if (!BACKGROUND_TYPES.includes(file.type.toLowerCase())) return m.invalidImage;
  return file.size >= BACKGROUND_IMAGE_MAX_BYTES ? m.imageTooLarge : null;
}

/** Watermark: PNG only (transparency), under 5 MB. */
export function validateWatermarkFile(file: FileLike | null | undefined): ValidationResult {
  const m = MESSAGES.cms;
  if (!file) return m.noWatermark;
  if (file.type.toLowerCase() !== 'image/png') return m.invalidWatermark;
  return file.size >= WATERMARK_MAX_BYTES ? m.watermarkTooLarge : null;
}

// ---------------------------------------------------------------- file names

const VIDEO_FILE_PATTERN = /\.(mp4|mov|webm)$/i;

/** .mp4, .mov and .webm files, in any case. */
export function isVideoFileName(name: string): boolean {
  return VIDEO_FILE_PATTERN.test(name);
}

/**
 * The name an uploaded clip gets (spec section 5): word characters (A-Z, a-z, 0-9, _), spaces,
 * dots and hyphens are kept; runs of spaces become one hyphen; at most 50 characters; 'video-{n}'
 * when nothing is left. Two choices of ours: leading dots are dropped, so a name is never '.',
 * '..' or hidden; and a long name is cut before its extension, so 'long...name.mp4' keeps '.mp4'.
 */
export function sanitizeUploadName(name: string, n: number): string {
  const cleaned = name
    .replace(/[^\w .-]/g, '')
    .replace(/ +/g, '-')
    .replace(/^\.+/, '');
  if (cleaned === '') return `video-${n}`;
  if (cleaned.length <= UPLOAD_NAME_MAX_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, UPLOAD_NAME_MAX_LENGTH - extension.length) + extension;
}

/**
 * 'match_point-final.mp4' -> 'match point final' (spec section 3). A clip the venue's recorder
 * named leaves its day out (the kiosk lists one day): 'Court 2 2026-11-20 14.03.30 marked.mp4'
 * -> 'Court 2 14.03.30 marked'.
 */
export function videoTitleFromFileName(name: string): string {
  const recorded = parseRecorderClipName(name);
  const dot = name.lastIndexOf('.');
  const stem = recorded
    ? recorderClipName({ ...recorded, day: '' })
        .replace(/\.mp4$/, '')
        .replace(/ {2}/, ' ')
    : dot > 0
      ? name.slice(0, dot)
      : name;
  return stem.replace(/[_-]/g, ' ').trim();
}

/**
 * The time a kiosk card shows, 'HH:MM': the start a recorder's clip name gives (so the card and its
 * title say one time), else the file's modified time at the venue.
 */
export function recordedTimeOfFile(name: string, lastModified: number, timeZone: string = VENUE_TIME_ZONE): string {
  return parseRecorderClipName(name)?.time.slice(0, 5) ?? formatTime24(lastModified, timeZone);
}

/** A video's id: the timestamp plus the sanitised file name, e.g. '1795762800000-match-1.mp4'. */
export function videoIdFromFile(timestamp: number, name: string): string {
  return `${timestamp}-${sanitizeUploadName(name, 1)}`;
}

/**
 * The cloud folder of a purchase: `videos_{date}_{time}_{n}videos` with the date as 2026-11-22
 * and the time as 14-05-09 (hyphens: colons are not allowed in file names everywhere), both in
 * the venue's time zone. Example: 'videos_2026-11-22_14-05-09_3videos'.
 */
export function uploadFolderName(date: DateInput, count: number, timeZone: string = VENUE_TIME_ZONE): string {
  const day = localIsoDate(date, timeZone);
  const time = localFileTime(date, timeZone);
  if (day === null || time === null) throw new RangeError('uploadFolderName needs a valid date');
  return `videos_${day}_${time}_${count}videos`;
}
