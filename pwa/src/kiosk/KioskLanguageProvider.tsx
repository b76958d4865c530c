import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_KIOSK_LANGUAGE, isKioskLanguage, type KioskLanguage } from '@courtreplay/shared';
import { deviceStatusQuery } from './queries.ts';
import { KioskLanguageContext, type KioskLanguageState } from '../i18n/language.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/** In session storage, so a reload (the folder check's, the payment provider's redirect) keeps a player's pick. */
const CHOSEN_KEY = 'kioskLanguage';

function readChosen(): KioskLanguage | null {
  const stored = sessionStorage.getItem(CHOSEN_KEY);
  return isKioskLanguage(stored) ? stored : null;
}

/** The venue's language from this device's status, until a player picks one. */
export function KioskLanguageProvider({ children }: { children: ReactNode }) {
  const device = useQuery(deviceStatusQuery());
  const [chosen, setChosen] = useState<KioskLanguage | null>(readChosen);
  const choose = useCallback((language: KioskLanguage) => {
    sessionStorage.setItem(CHOSEN_KEY, language);
    setChosen(language);
  }, []);
  const reset = useCallback(() => {
    sessionStorage.removeItem(CHOSEN_KEY);
    setChosen(null);
  }, []);
  const language = chosen ?? device.data?.venueLanguage ?? DEFAULT_KIOSK_LANGUAGE;
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo<KioskLanguageState>(() => ({ language, choose, reset }), [language, choose, reset]);
  return <KioskLanguageContext.Provider value={value}>{children}</KioskLanguageContext.Provider>;
}

/** The language and its switch for a group of kiosk screens (/box, /staging, /payment/*). */
export function KioskLanguageLayer({ children }: { children: ReactNode }) {
  return (
    <KioskLanguageProvider>
      {children}
      <LanguageSwitch />
    </KioskLanguageProvider>
  );
}
