// The kiosk's languages: English, the spec's, and Bahasa Indonesia. A venue
// picks the one its kiosks start in; players switch on every kiosk screen.
export const KIOSK_LANGUAGES = ['en', 'id'] as const;
export type KioskLanguage = (typeof KIOSK_LANGUAGES)[number];

export const DEFAULT_KIOSK_LANGUAGE: KioskLanguage = 'en';

export const isKioskLanguage = (value: unknown): value is KioskLanguage => KIOSK_LANGUAGES.includes(value as KioskLanguage);

/** Each language named in itself: how the switch and the back-office offer it. */
export const KIOSK_LANGUAGE_NAMES: Record<KioskLanguage, string> = { en: 'English', id: 'Bahasa Indonesia' };

// The back-office speaks the same two: each admin picks one with the switch in
// its header, remembered on the server; the login page follows the browser's last pick.
export const ADMIN_LANGUAGES = KIOSK_LANGUAGES;
export type AdminLanguage = KioskLanguage;
export const DEFAULT_ADMIN_LANGUAGE: AdminLanguage = 'en';
export const isAdminLanguage = isKioskLanguage;
