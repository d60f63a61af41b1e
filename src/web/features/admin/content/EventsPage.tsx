import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { adminPaths } from '../admin-paths';
import { useAdminT, type AdminKey } from '../i18n';
import { PageHead } from '../ui/PageHead';
import { Placeholder } from './Placeholder';

const SECTIONS: [string, AdminKey][] = [
  ['contests', 'events.contests'],
  ['exams', 'events.exams'],
];

/** Contests and exams: scheduling, entry fees and prizes, keys and results. */
export default function EventsPage() {
  const { t } = useAdminT();
  return (
    <>
      <PageHead title={t('events.title')} intro={t('events.intro')} />
      <nav className="admin-tabs" aria-label={t('events.title')}>
        {SECTIONS.map(([path, label]) => (
          <NavLink
            key={path}
            to={`${adminPaths.events}/${path}`}
            className="admin-tab"
            data-testid={`events-tab-${path}`}
          >
            {t(label)}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<Navigate to={`${adminPaths.events}/contests`} replace />} />
        {SECTIONS.map(([path, label]) => (
          <Route key={path} path={path} element={<Placeholder title={t(label)} contract="admin-events.ts" />} />
        ))}
      </Routes>
    </>
  );
}
