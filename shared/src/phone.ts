// The player's WhatsApp number: accepted in the forms people write it (0812-3456-7890,
// +62 812 3456 7890, 62812…, 812…), stored in E.164 (+6281234567890). Parsed by libphonenumber-js
// with its 'min' metadata (lengths and leading digits of every country, small enough for the
// kiosk's bundle), Indonesia by default; other countries need their + prefix. An Indonesian number
// must be a mobile one: its national number starts with 8 (08xx), as every Indonesian mobile
// operator's does; landlines (021…) cannot have WhatsApp in practice and are refused.
import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js/min';

export const DEFAULT_PHONE_REGION = 'ID';
/** Longest text accepted as a number before parsing (spaces and dashes included). */
export const PHONE_INPUT_MAX_LENGTH = 32;

function parse(text: string): PhoneNumber | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > PHONE_INPUT_MAX_LENGTH || /[^\d\s+().-]/.test(trimmed)) return undefined;
  const digits = trimmed.replace(/\D/g, '');
  // 62812… is how many people write an Indonesian number without the +: the country code, not a national 6.
  const international = trimmed.startsWith('+') ? `+${digits}` : digits.startsWith('62') ? `+${digits}` : undefined;
  return international ? parsePhoneNumberFromString(international) : parsePhoneNumberFromString(digits, DEFAULT_PHONE_REGION);
}

/** The number in E.164 (+6281234567890), or undefined when it is not a usable WhatsApp number. */
export function normalizePhone(text: string): string | undefined {
  const number = parse(text);
  if (!number || !number.isValid()) return undefined;
  if (number.country === DEFAULT_PHONE_REGION && !number.nationalNumber.startsWith('8')) return undefined;
  return number.number;
}

/**
 * An E.164 number as people read it. Indonesian numbers keep the dashes of their national form
 * (0812-3456-7890 -> +62 812-3456-7890), as they are written and printed in Indonesia; the library's
 * own international form spaces them instead. Other countries: their international form.
 */
export function formatPhone(e164: string): string {
  const number = parse(e164);
  if (!number) return e164;
  if (number.country === DEFAULT_PHONE_REGION) return `+${number.countryCallingCode} ${number.formatNational().replace(/^0/, '')}`;
  return number.formatInternational();
}

/** Only the digits a player typed may reach the Cloud API: E.164 without its '+'. */
export function whatsappRecipient(e164: string): string {
  return e164.replace(/^\+/, '');
}
