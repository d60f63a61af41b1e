import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { adminPaths } from '../admin-paths';
import { useAdminT, type AdminKey } from '../i18n';
import { PageHead } from '../ui/PageHead';
import { Placeholder } from './Placeholder';

const SECTIONS: [string, AdminKey][] = [
  ['languages', 'content.languages'],
  ['categories', 'content.categories'],
  ['questions', 'content.questions'],
  ['fun-and-learn', 'content.funAndLearn'],
  ['daily-quiz', 'content.dailyQuiz'],
  ['import', 'content.import'],
];

/** Content: languages, categories, questions, fun-and-learn texts, the daily quiz, bulk import. */
export default function ContentPage() {
  const { t } = useAdminT();
  return (
    <>
      <PageHead title={t('content.title')} intro={t('content.intro')} />
      <nav className="admin-tabs" aria-label={t('content.title')}>
        {SECTIONS.map(([path, label]) => (
          <NavLink
            key={path}
            to={`${adminPaths.content}/${path}`}
            className="admin-tab"
            data-testid={`content-tab-${path}`}
          >
            {t(label)}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<Navigate to={`${adminPaths.content}/questions`} replace />} />
        {SECTIONS.map(([path, label]) => (
          <Route key={path} path={path} element={<Placeholder title={t(label)} contract="admin-content.ts" />} />
        ))}
      </Routes>
    </>
  );
}
