import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { HomePage } from './kiosk/HomePage.tsx';
import { KioskShell } from './kiosk/KioskShell.tsx';
import { KioskLanguageLayer } from './kiosk/KioskLanguageProvider.tsx';
import { RequireAuthorizedDevice } from './kiosk/RequireAuthorizedDevice.tsx';
import { RequireTestDevice } from './kiosk/RequireTestDevice.tsx';
import { LIVE, STAGING, type KioskBase } from './kiosk/kiosk-base.ts';

// The back-office is its own chunk: the kiosk never downloads it. The selection and checkout
// screens are chunks too, so /box starts with the home screen only.
const AdminRoutes = lazy(() => import('./admin/AdminRoutes.tsx'));
/** The selection screen's chunk: fetched as its route opens, while the device check in front of it runs. */
const loadVideoSelection = () => import('./kiosk/VideoSelectionPage.tsx');
const VideoSelectionPage = lazy(() => loadVideoSelection().then((m) => ({ default: m.VideoSelectionPage })));
const CheckoutPage = lazy(() => import('./kiosk/checkout/CheckoutPage.tsx').then((m) => ({ default: m.CheckoutPage })));
const PaymentSuccessPage = lazy(() => import('./payment/PaymentSuccessPage.tsx').then((m) => ({ default: m.PaymentSuccessPage })));
const PaymentFailurePage = lazy(() => import('./payment/PaymentFailurePage.tsx').then((m) => ({ default: m.PaymentFailurePage })));

function kioskRoutes(kiosk: KioskBase) {
  return (
    <Route
      path={kiosk.base}
      element={
        <KioskLanguageLayer>
          {kiosk.staging ? (
            <RequireTestDevice>
              <KioskShell kiosk={kiosk} />
            </RequireTestDevice>
          ) : (
            <KioskShell kiosk={kiosk} />
          )}
        </KioskLanguageLayer>
      }
    >
      <Route index element={<HomePage />} />
      <Route
        path="video-selection"
        element={
          <RequireAuthorizedDevice preload={loadVideoSelection}>
            <VideoSelectionPage />
          </RequireAuthorizedDevice>
        }
      />
      <Route
        path="checkout"
        element={
          <RequireAuthorizedDevice>
            <CheckoutPage />
          </RequireAuthorizedDevice>
        }
      />
    </Route>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<div className="app-fallback" />}>
        <Routes>
          <Route path="/" element={<Navigate to="/box" replace />} />
          {kioskRoutes(LIVE)}
          {kioskRoutes(STAGING)}
          <Route
            element={
              <KioskLanguageLayer>
                <Outlet />
              </KioskLanguageLayer>
            }
          >
            <Route path="/payment/success" element={<PaymentSuccessPage />} />
            <Route path="/payment/failure" element={<PaymentFailurePage />} />
          </Route>
          <Route path="/admin/*" element={<AdminRoutes />} />
          <Route path="*" element={<Navigate to="/box" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
