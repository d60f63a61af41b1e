import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { GuestOnly, RequireAuth } from './guards';
import { Layout } from './Layout';
import { paths } from './paths';
import { Spinner } from '../ui/Spinner';
// The home screen is most starts' first screen: in the entry chunk, not one more round trip.
import HomePage from '../features/home/HomePage';

// Every page is its own chunk: the first screen ships only the shell.
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const SignUpPage = lazy(() => import('../features/auth/SignUpPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const OtpVerifyPage = lazy(() => import('../features/auth/OtpVerifyPage'));
const CategoriesPage = lazy(() => import('../features/quiz-zone/CategoriesPage'));
const SubcategoriesPage = lazy(() => import('../features/quiz-zone/SubcategoriesPage'));
const LevelsPage = lazy(() => import('../features/quiz-zone/LevelsPage'));
const PlayPage = lazy(() => import('../features/quiz-zone/PlayPage'));
const ModeCategories = lazy(() => import('../features/modes/CategoriesRoute'));
const ModeSubcategories = lazy(() => import('../features/modes/SubcategoriesRoute'));
const ModeLevels = lazy(() => import('../features/modes/LevelsRoute'));
const LevelPlayPage = lazy(() => import('../features/modes/LevelPlayPage'));
const FunTextsPage = lazy(() => import('../features/modes/fun-and-learn/TextsPage'));
const FunReadPage = lazy(() => import('../features/modes/fun-and-learn/ReadPage'));
const FunPlayPage = lazy(() => import('../features/modes/fun-and-learn/FunPlayPage'));
const TrueFalsePage = lazy(() => import('../features/modes/TrueFalsePage'));
const DailyQuizPage = lazy(() => import('../features/modes/DailyQuizPage'));
const SelfChallengePage = lazy(() => import('../features/modes/SelfChallengePage'));
const BookmarksPage = lazy(() => import('../features/bookmarks/BookmarksPage'));
const PlayBookmarksPage = lazy(() => import('../features/bookmarks/PlayBookmarksPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const StatisticsPage = lazy(() => import('../features/profile/StatisticsPage'));
const SettingsPage = lazy(() => import('../features/profile/SettingsPage'));
const SettingPage = lazy(() => import('../features/pages/SettingPage'));
const RandomBattlePage = lazy(() => import('../features/battle/RandomBattlePage'));
const GroupBattlePage = lazy(() => import('../features/battle/GroupBattlePage'));
const BattleRoomPage = lazy(() => import('../features/battle/BattleRoomPage'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));
const BadgesPage = lazy(() => import('../features/badges/BadgesPage'));
const ReferPage = lazy(() => import('../features/referral/ReferPage'));
const WalletPage = lazy(() => import('../features/wallet/WalletPage'));
const LeaderboardPage = lazy(() => import('../features/leaderboard/LeaderboardPage'));
const RedeemPage = lazy(() => import('../features/payouts/RedeemPage'));
const ExamListPage = lazy(() => import('../features/exam/ExamListPage'));
const ExamPlayPage = lazy(() => import('../features/exam/ExamPlayPage'));
const ExamResultPage = lazy(() => import('../features/exam/ExamResultPage'));
const ContestListPage = lazy(() => import('../features/contest/ContestListPage'));
const ContestPlayPage = lazy(() => import('../features/contest/ContestPlayPage'));
const ContestLeaderboardPage = lazy(() => import('../features/contest/ContestLeaderboardPage'));
const NotFoundPage = lazy(() => import('../ui/NotFoundPage'));
// The operator console: admins only, its own chunks, never precached for players.
const AdminApp = lazy(() => import('../features/admin/AdminApp'));

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
  return (
    <Routes>
      <Route
        path={`${paths.admin}/*`}
        element={
          <Suspense fallback={<Spinner />}>
            <AdminApp />
          </Suspense>
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
          <Route path={`${paths.quizZone}/:category/:subcategory/:level`} element={<PlayPage />} />
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
    </Routes>
  );
}
