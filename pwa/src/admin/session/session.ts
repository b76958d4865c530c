// The admin session (spec section 3): the user plus bearer token, stored under `adminUser` in
// localStorage so a reload keeps the admin logged in. Components read it with useAdminSession();
// the API client reads the token through the credential source registered below.
import { useSyncExternalStore } from 'react';
import { setCredentialSources } from '../../lib/api-client.ts';
import { isAdminLanguage, type AdminLanguage, type AdminRole, type AdminVenue, type SessionUser } from '@courtreplay/shared';
import { readBrowserLanguage } from '../i18n/browser-language.ts';

export const SESSION_KEY = 'adminUser';

export interface AdminUser {
  id: number;
  email: string;
  role: AdminRole;
  venueId: number | null;
  venues: AdminVenue[];
  /** Holds a one-time password from a super admin's reset: must choose their own before anything else. */
  mustChangePassword: boolean;
  /** The back-office's language this admin chose, as the server keeps it. */
  language: AdminLanguage;
}

export interface AdminSession {
  user: AdminUser;
  token: string;
}

export const toClientRole = (role: string): AdminRole => (role === 'super_admin' || role === 'superadmin' ? 'superadmin' : 'admin');

/** The server's user (roles `super_admin` and `admin`) as the client names it. */
export function toAdminUser(user: SessionUser): AdminUser {
  return {
    id: user.id,
    email: user.email,
    role: toClientRole(user.role),
    venueId: user.venueId,
    venues: user.venues,
    mustChangePassword: user.mustChangePassword,
    language: user.language,
  };
}

/** A user as stored by this or an older version of the app (which kept the server's role names). */
type StoredUser = Pick<AdminUser, 'id' | 'email'> & {
  role?: string;
  venueId?: number | null;
  venues?: AdminVenue[];
  mustChangePassword?: boolean;
  language?: string;
};

/** Missing venue fields of an older stored user are none. */
function storedUser(user: StoredUser): AdminUser {
  return {
    id: user.id,
    email: user.email,
    role: toClientRole(user.role ?? ''),
    venueId: user.venueId ?? null,
    venues: user.venues ?? [],
    mustChangePassword: user.mustChangePassword === true,
    // A session stored before the language was kept: the browser's choice until verify answers.
    language: isAdminLanguage(user.language) ? user.language : readBrowserLanguage(),
  };
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedSession: AdminSession | null = null;

function parse(raw: string | null): AdminSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<{ token: string; user: StoredUser }>;
    if (!value || typeof value.token !== 'string' || !value.user || typeof value.user.email !== 'string') return null;
    return { token: value.token, user: storedUser(value.user) };
  } catch {
    return null;
  }
}

export function readSession(): AdminSession | null {
  const raw = localStorage.getItem(SESSION_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  return cachedSession;
}

function notify() {
  for (const listener of listeners) listener();
}

export function saveSession(session: AdminSession) {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  notify();
}

export function clearSession() {
  localStorage.removeItem(SESSION_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === SESSION_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(subscribe, readSession);
}

setCredentialSources({ token: () => readSession()?.token ?? null });
