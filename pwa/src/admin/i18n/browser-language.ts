// The back-office language this browser last used: the login page follows it,
// since nobody is signed in yet to remember it for. Signed in, the admin's own choice (kept on the
// server) wins and is written back here, so the next login page speaks it too.
import { DEFAULT_ADMIN_LANGUAGE, isAdminLanguage, type AdminLanguage } from '@courtreplay/shared';

export const BROWSER_LANGUAGE_KEY = 'adminLanguage';

const listeners = new Set<() => void>();

export function readBrowserLanguage(): AdminLanguage {
  try {
    const stored = localStorage.getItem(BROWSER_LANGUAGE_KEY);
    return isAdminLanguage(stored) ? stored : DEFAULT_ADMIN_LANGUAGE;
  } catch {
    return DEFAULT_ADMIN_LANGUAGE;
  }
}

export function rememberBrowserLanguage(language: AdminLanguage): void {
  if (readBrowserLanguage() === language) return;
  try {
    localStorage.setItem(BROWSER_LANGUAGE_KEY, language);
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

export function subscribeBrowserLanguage(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === BROWSER_LANGUAGE_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
