// This kiosk's identity: a hash of stable public browser attributes (so the same computer tends to
// keep the same prefix) plus a random part (so the id cannot be guessed from those attributes
// alone). Kept in a one-year cookie and in localStorage; the cookie survives a localStorage wipe.
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from '@courtreplay/shared';

export const DEVICE_ID_KEY = 'deviceId';
export const DEVICE_AUTHORIZED_COOKIE = 'deviceAuthorized';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Strict`;
}

/** What the fingerprint is made of: the browser's attributes that belong to the machine, not the screen. */
export interface FingerprintInputs {
  userAgent: string;
  platform: string;
  hardwareConcurrency?: number;
  deviceMemory?: number;
  timeZone: string;
}

/** The user agent without its version numbers: the OS and browser names stay, an update changes nothing. */
export const userAgentWithoutVersions = (userAgent: string) => userAgent.replace(/\d+(?:[._]\d+)*/g, '');

/**
 * Only attributes that stay when the screen rotates, the window is resized, a monitor is swapped
 * or the browser updates: no screen size or colour depth, no version numbers.
 */
export function fingerprintSourceOf(inputs: FingerprintInputs): string {
  return [
    userAgentWithoutVersions(inputs.userAgent),
    inputs.platform,
    inputs.hardwareConcurrency,
    inputs.deviceMemory,
    inputs.timeZone,
  ].join('|');
}

/** The public attributes the fingerprint is made of; stable across reloads of the same kiosk. */
export function fingerprintSource(): string {
  const nav = navigator as Navigator & { deviceMemory?: number };
  return fingerprintSourceOf({
    userAgent: nav.userAgent,
    platform: nav.platform,
    hardwareConcurrency: nav.hardwareConcurrency,
    deviceMemory: nav.deviceMemory,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of the public attributes, first 16 hex digits. */
export async function computeFingerprint(): Promise<string> {
  const data = new TextEncoder().encode(fingerprintSource());
  const digest = await crypto.subtle.digest('SHA-256', data);
  return toHex(new Uint8Array(digest)).slice(0, 16);
}

/** The stored id, or null when this browser has none yet (synchronous: used for request headers). */
export function getDeviceId(): string | null {
  return localStorage.getItem(DEVICE_ID_KEY) ?? readCookie(DEVICE_ID_KEY);
}

function store(id: string): void {
  localStorage.setItem(DEVICE_ID_KEY, id);
  writeCookie(DEVICE_ID_KEY, id);
}

/** Returns this kiosk's id, creating and storing it on first use; re-syncs cookie and localStorage. */
export async function ensureDeviceId(): Promise<string> {
  const existing = getDeviceId();
  if (existing) {
    store(existing);
    return existing;
  }
  const id = await newDeviceId();
  store(id);
  return id;
}

/** True when the stored id was not made from this browser's current fingerprint. */
export async function deviceIdMatchesFingerprint(): Promise<boolean> {
  const id = getDeviceId();
  return !!id && id.startsWith(`${await computeFingerprint()}-`);
}

/** A new id from the current fingerprint; nothing is stored until the server has taken it over. */
export async function newDeviceId(): Promise<string> {
  return `${await computeFingerprint()}-${toHex(crypto.getRandomValues(new Uint8Array(8)))}`;
}

/** Makes `id` this kiosk's id (cookie and localStorage). */
export function adoptDeviceId(id: string): void {
  store(id);
}

/** The cookie copy of the server's authorisation status (spec section 4). */
export function setDeviceAuthorizedCookie(authorized: boolean): void {
  writeCookie(DEVICE_AUTHORIZED_COOKIE, authorized ? 'true' : 'false');
}

export function getDeviceAuthorizedCookie(): boolean | null {
  const v = readCookie(DEVICE_AUTHORIZED_COOKIE);
  return v === null ? null : v === 'true';
}
