import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';

// The back-office is its own chunk: the kiosk never downloads it.
const AdminRoutes = lazy(() => import('./admin/AdminRoutes.tsx'));

export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/" element={<Navigate to="/box" replace />} />
          <Route path="/box" element={<main><h1>CourtReplay</h1></main>} />
          <Route path="/admin/*" element={<AdminRoutes />} />
          <Route path="*" element={<Navigate to="/box" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
