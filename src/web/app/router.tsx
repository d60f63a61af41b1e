import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { GuestOnly, RequireAuth } from './guards';
import { Layout } from './Layout';
import { paths } from './paths';

// Every page is its own chunk: the first screen ships only the shell.
const HomePage = lazy(() => import('../features/home/HomePage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SignUpPage = lazy(() => import('../features/auth/SignUpPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const OtpVerifyPage = lazy(() => import('../features/auth/OtpVerifyPage'));
const CategoriesPage = lazy(() => import('../features/quiz-zone/CategoriesPage'));
const SubcategoriesPage = lazy(() => import('../features/quiz-zone/SubcategoriesPage'));
const LevelsPage = lazy(() => import('../features/quiz-zone/LevelsPage'));
const PlayPage = lazy(() => import('../features/quiz-zone/PlayPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const StatisticsPage = lazy(() => import('../features/profile/StatisticsPage'));
const SettingPage = lazy(() => import('../features/pages/SettingPage'));
const ComingSoonPage = lazy(() => import('../ui/ComingSoonPage'));
const NotFoundPage = lazy(() => import('../ui/NotFoundPage'));

/** Modes not built yet: one shared "coming soon" page, titled by mode. */
const SOON = [
  [paths.funAndLearn, 'funAndLearn'],
  [paths.guessTheWord, 'guessTheWord'],
  [paths.selfLearning, 'selfLearning'],
  [paths.contestPlay, 'contestPlay'],
  [paths.randomBattle, 'randomBattle'],
  [paths.groupBattle, 'groupBattle'],
  [paths.audioQuestions, 'audioQuestions'],
  [paths.mathMania, 'mathMania'],
  [paths.examModule, 'examModule'],
  [paths.dailyQuiz, 'dailyQuiz'],
  [paths.trueFalse, 'trueFalse'],
  [paths.profileBookmarks, 'bookmarks'],
  [paths.playBookmarks, 'bookmarks'],
  [paths.multiMatch, 'multiMatch'],
] as const;

const PAGES = [
  [paths.aboutUs, 'about_us'],
  [paths.contactUs, 'contact_us'],
  [paths.privacyPolicy, 'privacy_policy'],
  [paths.termsConditions, 'terms_conditions'],
  [paths.instructions, 'instructions'],
  [paths.faq, 'faq'],
] as const;

/** The route table (react-router matches with or without a trailing slash). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route element={<GuestOnly />}>
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.signUp} element={<SignUpPage />} />
          <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
          <Route path={paths.otpVerify} element={<OtpVerifyPage />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path={paths.quizZone} element={<CategoriesPage />} />
          <Route path={`${paths.quizZone}/:category`} element={<SubcategoriesPage />} />
          <Route path={`${paths.quizZone}/:category/:subcategory`} element={<LevelsPage />} />
          <Route path={`${paths.quizZone}/:category/:subcategory/:level`} element={<PlayPage />} />
          <Route path={paths.profile} element={<ProfilePage />} />
          <Route path={paths.profileStatistics} element={<StatisticsPage />} />
          {SOON.map(([p, mode]) => (
            <Route key={p} path={p} element={<ComingSoonPage mode={mode} />} />
          ))}
        </Route>
        {PAGES.map(([p, type]) => (
          <Route key={p} path={p} element={<SettingPage type={type} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
