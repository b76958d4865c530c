// The back-office's language: the signed-in admin's choice, kept on the server
// and carried in the session; before login, the browser's last choice. Every admin screen reads
// its words with useAdminMessages(), so a switch re-renders them all at once.
import { ADMIN_CATALOGUES, translateAdminText, type AdminLanguage, type AdminMessages } from '@courtreplay/shared';
import { useSyncExternalStore } from 'react';
import { useAdminSession } from '../session/session.ts';
import { readBrowserLanguage, subscribeBrowserLanguage } from './browser-language.ts';

export function useAdminLanguage(): AdminLanguage {
  const session = useAdminSession();
  const browser = useSyncExternalStore(subscribeBrowserLanguage, readBrowserLanguage);
  return session?.user.language ?? browser;
}

/** The back-office's catalogue in the current language (MESSAGES' admin groups, or their Indonesian). */
export const useAdminMessages = (): AdminMessages => ADMIN_CATALOGUES[useAdminLanguage()];

/** Translates a fixed English text held in state (a validation result, a server's answer) at display time. */
export function useAdminTranslate(): (english: string) => string {
  const language = useAdminLanguage();
  return (english) => translateAdminText(language, english);
}
