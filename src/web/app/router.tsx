import { Suspense, type ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes, Route, Routes, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireAuth } from './guards';
import { Layout } from './Layout';
import { paths } from './paths';
import { Spinner } from '../ui/Spinner';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { LEVEL_ROUTE } from '../features/modes/quiz-zone/level-call';
// The home screen is most starts' first screen: in the entry chunk, not one more round trip.
import HomePage from '../features/home/HomePage';

// Every page is its own chunk: the first screen ships only the shell.
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const SignUpPage = lazyPage(() => import('../features/auth/SignUpPage'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'));
const OtpVerifyPage = lazyPage(() => import('../features/auth/OtpVerifyPage'));
const CategoriesPage = lazyPage(() => import('../features/modes/quiz-zone/CategoriesPage'));
const SubcategoriesPage = lazyPage(() => import('../features/modes/quiz-zone/SubcategoriesPage'));
const LevelsPage = lazyPage(() => import('../features/modes/quiz-zone/LevelsPage'));
const PlayPage = lazyPage(() => import('../features/modes/quiz-zone/PlayPage'));
const ModeCategories = lazyPage(() => import('../features/modes/CategoriesRoute'));
const ModeSubcategories = lazyPage(() => import('../features/modes/SubcategoriesRoute'));
const ModeLevels = lazyPage(() => import('../features/modes/LevelsRoute'));
const LevelPlayPage = lazyPage(() => import('../features/modes/LevelPlayPage'));
const FunTextsPage = lazyPage(() => import('../features/modes/fun-and-learn/TextsPage'));
const FunReadPage = lazyPage(() => import('../features/modes/fun-and-learn/ReadPage'));
const FunPlayPage = lazyPage(() => import('../features/modes/fun-and-learn/FunPlayPage'));
const TrueFalsePage = lazyPage(() => import('../features/modes/TrueFalsePage'));
const DailyQuizPage = lazyPage(() => import('../features/modes/DailyQuizPage'));
const SelfChallengePage = lazyPage(() => import('../features/modes/SelfChallengePage'));
const BookmarksPage = lazyPage(() => import('../features/bookmarks/BookmarksPage'));
const PlayBookmarksPage = lazyPage(() => import('../features/bookmarks/PlayBookmarksPage'));
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage'));
const StatisticsPage = lazyPage(() => import('../features/profile/StatisticsPage'));
const SettingsPage = lazyPage(() => import('../features/profile/SettingsPage'));
const SettingPage = lazyPage(() => import('../features/pages/SettingPage'));
const RandomBattlePage = lazyPage(() => import('../features/battle/RandomBattlePage'));
const GroupBattlePage = lazyPage(() => import('../features/battle/GroupBattlePage'));
const BattleRoomPage = lazyPage(() => import('../features/battle/BattleRoomPage'));
const NotificationsPage = lazyPage(() => import('../features/notifications/NotificationsPage'));
const BadgesPage = lazyPage(() => import('../features/badges/BadgesPage'));
const ReferPage = lazyPage(() => import('../features/referral/ReferPage'));
const WalletPage = lazyPage(() => import('../features/wallet/WalletPage'));
const LeaderboardPage = lazyPage(() => import('../features/leaderboard/LeaderboardPage'));
const RedeemPage = lazyPage(() => import('../features/payouts/RedeemPage'));
const ExamListPage = lazyPage(() => import('../features/exam/ExamListPage'));
const ExamPlayPage = lazyPage(() => import('../features/exam/ExamPlayPage'));
const ExamResultPage = lazyPage(() => import('../features/exam/ExamResultPage'));
const ContestListPage = lazyPage(() => import('../features/contest/ContestListPage'));
const ContestPlayPage = lazyPage(() => import('../features/contest/ContestPlayPage'));
const ContestLeaderboardPage = lazyPage(() => import('../features/contest/ContestLeaderboardPage'));
const NotFoundPage = lazyPage(() => import('../ui/NotFoundPage'));
// The operator console: admins only, its own chunks, never precached for players.
const AdminApp = lazyPage(() => import('../features/admin/AdminApp'));

/** Modes that play one level or round of a subcategory: category → subcategory → levels → play. */
const LEVEL_MODES = [
  [paths.guessTheWord, 'guessTheWord'],
  [paths.audioQuestions, 'audioQuestions'],
  [paths.mathMania, 'mathMania'],
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
  return <Routes>{routeElements}</Routes>;
}

/**
 * Fetches the chunks of the pages a path shows, so that the first screen renders straight away
 * instead of behind a spinner (started beside the persisted state's rehydration).
 */
export function preloadRoute(pathname: string): Promise<void> {
  routeObjects ??= createRoutesFromElements(routeElements);
  const pages = (matchRoutes(routeObjects, pathname) ?? []).flatMap(({ route }) => {
    const type = (route.element as ReactElement | undefined)?.type as { preload?: () => Promise<void> } | undefined;
    return type?.preload ? [type.preload()] : [];
  });
  return Promise.all(pages).then(() => undefined);
}
let routeObjects: RouteObject[] | undefined;

const routeElements = (
  <>
    <Route
      path={`${paths.admin}/*`}
      element={
        <RouteErrorBoundary resetKey={paths.admin}>
          <Suspense fallback={<Spinner />}>
            <AdminApp />
          </Suspense>
        </RouteErrorBoundary>
      }
    />
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
        <Route path={LEVEL_ROUTE} element={<PlayPage />} />
        <Route path={paths.funAndLearn} element={<ModeCategories mode="funAndLearn" />} />
        <Route path={`${paths.funAndLearn}/:category`} element={<ModeSubcategories mode="funAndLearn" />} />
        <Route path={`${paths.funAndLearn}/:category/:subcategory`} element={<FunTextsPage />} />
        <Route path={`${paths.funAndLearn}/:category/:subcategory/:id`} element={<FunReadPage />} />
        <Route path={`${paths.funAndLearn}/:category/:subcategory/:id/play`} element={<FunPlayPage />} />
        {LEVEL_MODES.flatMap(([root, mode]) => [
          <Route key={root} path={root} element={<ModeCategories mode={mode} />} />,
          <Route key={`${root}/c`} path={`${root}/:category`} element={<ModeSubcategories mode={mode} />} />,
          <Route key={`${root}/s`} path={`${root}/:category/:subcategory`} element={<ModeLevels mode={mode} />} />,
          <Route
            key={`${root}/l`}
            path={`${root}/:category/:subcategory/:level`}
            element={<LevelPlayPage mode={mode} />}
          />,
        ])}
        <Route path={paths.trueFalse} element={<TrueFalsePage />} />
        <Route path={paths.dailyQuiz} element={<DailyQuizPage />} />
        <Route path={paths.selfLearning} element={<SelfChallengePage />} />
        <Route path={paths.playBookmarks} element={<PlayBookmarksPage />} />
        <Route path={paths.profileBookmarks} element={<BookmarksPage />} />
        <Route path={paths.profile} element={<ProfilePage />} />
        <Route path={paths.profileStatistics} element={<StatisticsPage />} />
        <Route path={paths.profileSettings} element={<SettingsPage />} />
        <Route path={paths.profileWallet} element={<WalletPage />} />
        <Route path={paths.leaderboard} element={<LeaderboardPage />} />
        <Route path={paths.profileRedeem} element={<RedeemPage />} />
        <Route path={paths.profileRefer} element={<ReferPage />} />
        <Route path={paths.profileBadges} element={<BadgesPage />} />
        <Route path={paths.profileNotifications} element={<NotificationsPage />} />
        <Route path={paths.randomBattle} element={<RandomBattlePage />} />
        <Route path={`${paths.randomBattle}/:roomId`} element={<BattleRoomPage />} />
        <Route path={paths.groupBattle} element={<GroupBattlePage />} />
        <Route path={`${paths.groupBattle}/:roomId`} element={<BattleRoomPage />} />
        <Route path={paths.examModule} element={<ExamListPage />} />
        <Route path={`${paths.examModule}/:id`} element={<ExamPlayPage />} />
        <Route path={`${paths.examModule}/:id/result`} element={<ExamResultPage />} />
        <Route path={paths.contestPlay} element={<ContestListPage />} />
        <Route path={`${paths.contestPlay}/:id`} element={<ContestPlayPage />} />
        <Route path={`${paths.contestPlay}/:id/leaderboard`} element={<ContestLeaderboardPage />} />
      </Route>
      {PAGES.map(([p, type]) => (
        <Route key={p} path={p} element={<SettingPage type={type} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>
);
