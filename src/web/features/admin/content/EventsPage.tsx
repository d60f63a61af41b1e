import { lazy, Suspense } from 'react';
import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '../../../ui/Spinner';
import { adminPaths } from '../admin-paths';
import { useAdminT, type AdminKey } from '../i18n';
import { PageHead } from '../ui/PageHead';
import '../events/events.css';

// Each screen is its own chunk, loaded when the operator opens it.
const ContestsPage = lazy(() => import('../events/ContestsPage'));
const ContestFormPage = lazy(() => import('../events/ContestFormPage'));
const ContestResultsPage = lazy(() => import('../events/ContestResultsPage'));
const ExamsPage = lazy(() => import('../events/ExamsPage'));
const ExamFormPage = lazy(() => import('../events/ExamFormPage'));
const ExamResultsPage = lazy(() => import('../events/ExamResultsPage'));

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
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route index element={<Navigate to={`${adminPaths.events}/contests`} replace />} />
          <Route path="contests" element={<ContestsPage />} />
          <Route path="contests/new" element={<ContestFormPage />} />
          <Route path="contests/:id" element={<ContestFormPage />} />
          <Route path="contests/:id/results" element={<ContestResultsPage />} />
          <Route path="exams" element={<ExamsPage />} />
          <Route path="exams/new" element={<ExamFormPage />} />
          <Route path="exams/:id" element={<ExamFormPage />} />
          <Route path="exams/:id/results" element={<ExamResultsPage />} />
          <Route path="*" element={<Navigate to={`${adminPaths.events}/contests`} replace />} />
        </Routes>
      </Suspense>
    </>
  );
}
