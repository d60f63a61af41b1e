import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { FullScreenLoader } from '../ui/FullScreenLoader';
import { GuestOnly, RequireAuth } from './guards';
import { Layout } from './Layout';
import { paths } from './paths';

type PageModule = Promise<{ default: ComponentType }>;

/** A lazily loaded route whose module default-exports the page component. */
function page(path: string | undefined, load: () => PageModule, handle?: unknown): RouteObject {
  return {
    ...(path === undefined ? { index: true } : { path }),
    handle,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

const comingSoon = () => import('../ui/ComingSoonPage');
const settingPage = () => import('../features/pages/SettingPage');

/** Modes not built yet: one shared "coming soon" page, titled by the route's handle. */
const SOON: [string, string][] = [
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
];

const PAGES: [string, string][] = [
  [paths.aboutUs, 'about_us'],
  [paths.contactUs, 'contact_us'],
  [paths.privacyPolicy, 'privacy_policy'],
  [paths.termsConditions, 'terms_conditions'],
  [paths.instructions, 'instructions'],
  [paths.faq, 'faq'],
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    HydrateFallback: FullScreenLoader,
    children: [
      page(undefined, () => import('../features/home/HomePage')),
      {
        Component: GuestOnly,
        children: [
          page(paths.login, () => import('../features/auth/LoginPage')),
          page(paths.signUp, () => import('../features/auth/SignUpPage')),
          page(paths.resetPassword, () => import('../features/auth/ResetPasswordPage')),
          page(paths.otpVerify, () => import('../features/auth/OtpVerifyPage')),
        ],
      },
      {
        Component: RequireAuth,
        children: [
          page(paths.quizZone, () => import('../features/quiz-zone/CategoriesPage')),
          page(`${paths.quizZone}/:category`, () => import('../features/quiz-zone/SubcategoriesPage')),
          page(`${paths.quizZone}/:category/:subcategory`, () => import('../features/quiz-zone/LevelsPage')),
          page(`${paths.quizZone}/:category/:subcategory/:level`, () => import('../features/quiz-zone/PlayPage')),
          page(paths.profile, () => import('../features/profile/ProfilePage')),
          page(paths.profileStatistics, () => import('../features/profile/StatisticsPage')),
          ...SOON.map(([p, mode]) => page(p, comingSoon, { mode })),
        ],
      },
      ...PAGES.map(([p, type]) => page(p, settingPage, { page: type })),
      page('*', () => import('../ui/NotFoundPage')),
    ],
  },
];

export const router = createBrowserRouter(routes);
