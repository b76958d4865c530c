// The back-office: /admin/login, /admin/dashboard and /admin/create with the route table's
// redirects (spec section 2). Loaded lazily by App.tsx, so the kiosk never downloads it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { CreateAdminPage } from './create-admin/CreateAdminPage.tsx';
import { DashboardPage } from './dashboard/DashboardPage.tsx';
import { LoginPage } from './login/LoginPage.tsx';
import { SessionGuard } from './session/SessionGuard.tsx';
import { useAdminSession } from './session/session.ts';
import './admin.css';

function RequireAdmin({ superAdmin = false, children }: { superAdmin?: boolean; children: ReactNode }) {
  const session = useAdminSession();
  const location = useLocation();
  if (!session) return <Navigate to="/admin/login" replace state={{ from: location }} />;
  if (superAdmin && session.user.role !== 'superadmin') return <Navigate to="/admin/dashboard" replace />;
  return children;
}

export default function AdminRoutes() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGuard />
      <div className="admin">
        <Routes>
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
          <Route path="*" element={<Navigate to="/box" replace />} />
        </Routes>
      </div>
    </QueryClientProvider>
  );
}
