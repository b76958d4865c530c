// The back-office: /admin/login, /admin/dashboard and /admin/create with the route table's
// redirects (spec section 2), except that an unknown /admin/ address opens the dashboard (or the
// login page) rather than the kiosk. Loaded lazily by App.tsx, so the kiosk never downloads it.

// The back-office's shared sheets first, so each screen's own sheet (imported with it) comes after
// them in the bundle and wins over them where both style one element.
import './admin.css';
import './admin-layout.css';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { CreateAdminPage } from './create-admin/CreateAdminPage.tsx';
import { DashboardPage } from './dashboard/DashboardPage.tsx';
import { LoginPage } from './login/LoginPage.tsx';
import { ScreenError } from './common/errors.ts';
import { SessionGuard } from './session/SessionGuard.tsx';
import { useAdminLanguage } from './i18n/admin-language.ts';
import { clearSession, readSession, useAdminSession } from './session/session.ts';
import { ApiError } from '../lib/api-client.ts';

function RequireAdmin({ superAdmin = false, children }: { superAdmin?: boolean; children: ReactNode }) {
  const session = useAdminSession();
  const location = useLocation();
  if (!session) return <Navigate to="/admin/login" replace state={{ from: location }} />;
  if (superAdmin && session.user.role !== 'superadmin') return <Navigate to="/admin/dashboard" replace />;
  return children;
}

/**
 * An /admin/ address that names no page: the dashboard, with its query (`?tab=devices` still opens
 * that tab), so a visitor logs in and lands there, not on the kiosk's "call our staff".
 */
function UnknownAdminPath() {
  const { search } = useLocation();
  return <Navigate to={`/admin/dashboard${search}`} replace />;
}

/**
 * A 401 on any back-office call means the session expired or was revoked (logout elsewhere, admin
 * deleted): the stored session is dropped, so the guard sends the admin to /admin/login and back
 * here after logging in, instead of leaving every tab failing.
 */
function dropSessionOn401(error: unknown) {
  const status = error instanceof ApiError || error instanceof ScreenError ? error.status : 0;
  if (status === 401 && readSession()) clearSession();
}

/** The page's language follows the back-office's, for screen readers and hyphenation. */
function DocumentLanguage() {
  const language = useAdminLanguage();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return null;
}

export default function AdminRoutes() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: dropSessionOn401 }),
        mutationCache: new MutationCache({ onError: dropSessionOn401 }),
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGuard />
      <DocumentLanguage />
      <div className="admin">
        <Routes>
          {/* /admin is the back-office's address people type: the dashboard, or the login page for a visitor (its guard). */}
          <Route index element={<Navigate to="/admin/dashboard" replace />} />
          <Route path="login" element={<LoginPage />} />
          <Route
            path="dashboard"
            element={
              <RequireAdmin>
                <DashboardPage />
              </RequireAdmin>
            }
          />
          <Route
            path="create"
            element={
              <RequireAdmin superAdmin>
                <CreateAdminPage />
              </RequireAdmin>
            }
          />
          {/* Any other /admin/ address (an old link, a typo) is the back-office's, never the kiosk's. */}
          <Route path="*" element={<UnknownAdminPath />} />
        </Routes>
      </div>
    </QueryClientProvider>
  );
}
