// Every route and link of the app comes from here.
const enc = encodeURIComponent;

export const paths = {
  home: '/',
  login: '/auth/login',
  signUp: '/auth/sign-up',
  resetPassword: '/auth/reset-password',
  otpVerify: '/auth/otp-verify',
  quizZone: '/quiz-zone',
  quizZoneCategory: (category: string) => `/quiz-zone/${enc(category)}`,
  quizZoneLevels: (category: string, sub: string) => `/quiz-zone/${enc(category)}/${enc(sub)}`,
  quizZonePlay: (category: string, sub: string, level: number) => `/quiz-zone/${enc(category)}/${enc(sub)}/${level}`,
  funAndLearn: '/fun-and-learn',
  /** Fun and learn: a text's reading page, and its questions. */
  funAndLearnText: (category: string, sub: string, id: number) => `/fun-and-learn/${enc(category)}/${enc(sub)}/${id}`,
  funAndLearnPlay: (category: string, sub: string, id: number) =>
    `/fun-and-learn/${enc(category)}/${enc(sub)}/${id}/play`,
  guessTheWord: '/guess-the-word',
  selfLearning: '/self-learning',
  contestPlay: '/contest-play',
  /** A contest's play, and its leaderboard. */
  contestPlayOf: (id: number) => `/contest-play/${id}`,
  contestLeaderboard: (id: number) => `/contest-play/${id}/leaderboard`,
  randomBattle: '/random-battle',
  groupBattle: '/group-battle',
  /** Where a room is played: group rooms under /group-battle, the 1v1 kinds under /random-battle. */
  battleRoom: (kind: 'random' | 'friend' | 'bot' | 'group', id: string) =>
    `${kind === 'group' ? '/group-battle' : '/random-battle'}/${enc(id)}`,
  audioQuestions: '/audio-questions',
  mathMania: '/math-mania',
  examModule: '/exam-module',
  /** An exam's play (resumed after a reload), and a submitted exam's result. */
  examPlay: (id: number) => `/exam-module/${id}`,
  examResult: (id: number) => `/exam-module/${id}/result`,
  dailyQuiz: '/quiz-play/daily-quiz-dashboard',
  trueFalse: '/quiz-play/true-and-false-play',
  profile: '/profile',
  profileBookmarks: '/profile/play-bookmark-questions',
  profileStatistics: '/profile/statistics',
  profileWallet: '/profile/wallet',
  profileRedeem: '/profile/redeem',
  profileRefer: '/profile/refer',
  profileBadges: '/profile/badges',
  profileNotifications: '/profile/notifications',
  profileSettings: '/profile/settings',
  leaderboard: '/leaderboard',
  playBookmarks: '/play-bookmark-questions',
  /** Plays the bookmarked questions, all of them or those of one category type. */
  playBookmarksOf: (type?: number) => (type ? `/play-bookmark-questions?type=${type}` : '/play-bookmark-questions'),
  multiMatch: '/multi-match-questions',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  privacyPolicy: '/privacy-policy',
  termsConditions: '/terms-conditions',
  instructions: '/instructions',
  faq: '/faq',
  /** The operator console (its own routes below this, in features/admin). */
  admin: '/admin',
} as const;

/**
 * The category → subcategory → level (round, text) tree under a mode's root
 * (`/guess-the-word/animals/farm/2`).
 */
export function modeTree(root: string) {
  return {
    root,
    category: (category: string) => `${root}/${enc(category)}`,
    subcategory: (category: string, sub: string) => `${root}/${enc(category)}/${enc(sub)}`,
    item: (category: string, sub: string, n: number) => `${root}/${enc(category)}/${enc(sub)}/${n}`,
  };
}
export type ModeTree = ReturnType<typeof modeTree>;

/** Paths the spec keeps for signed-in players (prefix match). */
export const PROTECTED_PREFIXES = [
  paths.quizZone,
  paths.funAndLearn,
  paths.guessTheWord,
  paths.selfLearning,
  paths.contestPlay,
  paths.randomBattle,
  paths.groupBattle,
  paths.audioQuestions,
  paths.mathMania,
  paths.examModule,
  paths.dailyQuiz,
  paths.trueFalse,
  paths.profile,
  paths.playBookmarks,
  paths.multiMatch,
] as const;
