// The kiosk's language, read by the kiosk, payment and offline screens: the
// venue's default until a player picks one with the EN | ID switch; back to the venue's default when
// the kiosk goes home after each player. Provided by kiosk/KioskLanguageProvider.tsx.
import { createContext, useContext } from 'react';
import { DEFAULT_KIOSK_LANGUAGE, KIOSK_MESSAGES, translateKioskText, type KioskLanguage, type KioskMessages } from '@courtreplay/shared';

export interface KioskLanguageState {
  language: KioskLanguage;
  /** A player's pick; it lasts until the kiosk goes home. */
  choose: (language: KioskLanguage) => void;
  /** Back to the venue's default (the home screen, after a purchase or inactivity). */
  reset: () => void;
}

export const KioskLanguageContext = createContext<KioskLanguageState>({
  language: DEFAULT_KIOSK_LANGUAGE,
  choose: () => undefined,
  reset: () => undefined,
});

export const useKioskLanguage = () => useContext(KioskLanguageContext);

/** The current language's catalogue (MESSAGES' kiosk groups, or their Indonesian). */
export const useMessages = (): KioskMessages => KIOSK_MESSAGES[useKioskLanguage().language];

/** Translates a fixed English text held in state (a folder error, a server's refusal) at display time. */
export function useTranslate(): (english: string) => string {
  const { language } = useKioskLanguage();
  return (english) => translateKioskText(language, english);
}
