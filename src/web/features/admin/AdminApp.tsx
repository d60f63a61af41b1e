import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from './AdminLayout';
import { RequireAdmin } from './RequireAdmin';
import DashboardPage from './dashboard/DashboardPage';
import ContentPage from './content/ContentPage';
import EventsPage from './content/EventsPage';
import './admin.css';

/**
 * The operator console (`/admin/...`): its own chunk, loaded only when someone opens it, and
 * left out of the service worker's precache (vite.config.ts), so players never download it.
 */
export default function AdminApp() {
  return (
    <RequireAdmin>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="content/*" element={<ContentPage />} />
          <Route path="events/*" element={<EventsPage />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </RequireAdmin>
  );
}
