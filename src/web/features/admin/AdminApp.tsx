import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from './AdminLayout';
import { RequireAdmin } from './RequireAdmin';
import DashboardPage from './dashboard/DashboardPage';
import UsersPage from './users/UsersPage';
import PayoutsPage from './payouts/PayoutsPage';
import ReportsPage from './reports/ReportsPage';
import NotificationsPage from './notifications/NotificationsPage';
import SettingsPage from './settings/SettingsPage';
import TranslationsPage from './translations/TranslationsPage';
import AuditPage from './audit/AuditPage';
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
          <Route path="users" element={<UsersPage />} />
          <Route path="payouts" element={<PayoutsPage />} />
          <Route path="reports" element={<ReportsPage />} />
          <Route path="notifications" element={<NotificationsPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="translations" element={<TranslationsPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="content/*" element={<ContentPage />} />
          <Route path="events/*" element={<EventsPage />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </RequireAdmin>
  );
}
