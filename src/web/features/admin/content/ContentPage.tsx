import { lazy, Suspense } from 'react';
import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '../../../ui/Spinner';
import { adminPaths } from '../admin-paths';
import { useAdminT, type AdminKey } from '../i18n';
import { PageHead } from '../ui/PageHead';
import '../content-screens/content.css';

const SECTIONS: [string, AdminKey][] = [
  ['languages', 'content.languages'],
  ['categories', 'content.categories'],
  ['questions', 'content.questions'],
  ['fun-and-learn', 'content.funAndLearn'],
  ['daily-quiz', 'content.dailyQuiz'],
  ['import', 'content.import'],
];

const screen = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

// Each screen is its own chunk: the question editor (and KaTeX behind it) loads when opened.
const LanguagesScreen = screen(() => import('../content-screens/LanguagesScreen'), 'LanguagesScreen');
const CategoriesScreen = screen(() => import('../content-screens/CategoriesScreen'), 'CategoriesScreen');
const SubcategoriesScreen = screen(() => import('../content-screens/SubcategoriesScreen'), 'SubcategoriesScreen');
const QuestionsScreen = screen(() => import('../content-screens/QuestionsScreen'), 'QuestionsScreen');
const QuestionEditorScreen = screen(() => import('../content-screens/QuestionEditorScreen'), 'QuestionEditorScreen');
const FunTextsScreen = screen(() => import('../content-screens/FunTextsScreen'), 'FunTextsScreen');
const DailyQuizScreen = screen(() => import('../content-screens/DailyQuizScreen'), 'DailyQuizScreen');
const ImportScreen = screen(() => import('../content-screens/ImportScreen'), 'ImportScreen');

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
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route index element={<Navigate to={`${adminPaths.content}/questions`} replace />} />
          <Route path="languages" element={<LanguagesScreen />} />
          <Route path="categories" element={<CategoriesScreen />} />
          <Route path="categories/:categoryId" element={<SubcategoriesScreen />} />
          <Route path="questions" element={<QuestionsScreen />} />
          <Route path="questions/:questionId" element={<QuestionEditorScreen />} />
          <Route path="fun-and-learn" element={<FunTextsScreen />} />
          <Route path="daily-quiz" element={<DailyQuizScreen />} />
          <Route path="import" element={<ImportScreen />} />
          <Route path="*" element={<Navigate to={`${adminPaths.content}/questions`} replace />} />
        </Routes>
      </Suspense>
    </>
  );
}
