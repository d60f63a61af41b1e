import type { ReadAction, WriteAction } from './endpoint-kinds';

/** The areas of server state a query reads and a mutation changes. */
export const TAGS = [
  'account', // the player's record and referral summary
  'coins', // balance, score, the coin history (wallet)
  'bookmarks',
  'badges',
  'statistics',
  'levels', // level progress of the pickers and home's "continue"
  'categories', // a premium category unlocked
  'daily', // the daily quiz's status and streak
  'leaderboard',
  'payouts',
  'notifications',
  'battles',
  'exams',
  'contests',
  'console', // the operator console's reads
  'language', // a read whose reply follows the content language without naming it
] as const;

export type Tag = (typeof TAGS)[number];

/** What each query reads (a query not listed reads an area nothing here changes). */
export const PROVIDES: Partial<Record<ReadAction, readonly Tag[]>> = {
  get_user_badges: ['badges'],
  get_user_by_id: ['account', 'coins'],
  get_referral_summary: ['account'],
  get_user_coin_score: ['coins'],
  get_tracker_data: ['coins'],
  get_bookmark: ['bookmarks'],
  get_users_statistics: ['statistics'],
  get_categories: ['categories'],
  get_subcategory_by_maincategory: ['categories'],
  get_level_data: ['levels'],
  get_next_level: ['levels'],
  get_multi_match_level_data: ['levels'],
  get_daily_quiz_status: ['daily'],
  get_daily_leaderboard: ['leaderboard'],
  get_monthly_leaderboard: ['leaderboard'],
  get_globle_leaderboard: ['leaderboard'],
  get_payment_request: ['payouts'],
  get_notifications: ['notifications'],
  get_battle_statistics: ['battles'],
  get_active_battle: ['battles'],
  get_exam_module: ['exams'],
  get_contest: ['contests'],
  get_contest_leaderboard: ['contests'],
};

const PLAY_RESULT: readonly Tag[] = ['coins', 'levels', 'statistics', 'leaderboard', 'daily', 'badges', 'bookmarks'];

/**
 * What each mutation changes (an `admin_*` one changes the console's reads; others not listed,
 * nothing read here). set_notifications_read is not listed: the list that sends it marks what it
 * read itself, and a list opened later reads the server again (reads refetch on mount).
 */
export const INVALIDATES: Partial<Record<WriteAction, readonly Tag[]>> = {
  update_profile: ['account'],
  upload_profile_image: ['account'],
  submit_quiz_answers: PLAY_RESULT,
  submit_pack_play: PLAY_RESULT,
  set_level_data: PLAY_RESULT,
  set_multi_match_level_data: PLAY_RESULT,
  set_user_coin_score: ['coins'],
  set_users_statistics: ['statistics'],
  use_lifeline: ['coins'],
  use_hint: ['coins'],
  unlock_premium_category: ['categories', 'coins'],
  set_bookmark: ['bookmarks'],
  set_badges: ['badges', 'coins'],
  set_payment_request: ['payouts', 'coins'],
  delete_pending_payment_request: ['payouts', 'coins'],
  // The console's payout decision (an operator's, named without `admin_`).
  set_payment_request_status: ['console', 'payouts', 'coins'],
  set_exam_module_result: ['exams', 'coins', 'statistics'],
  set_contest_leaderboard: ['contests', 'coins', 'leaderboard'],
  play_with_bot: ['battles', 'coins'],
};

/** The tags a query's reply provides: its areas, and `language` when its fields name no language. */
export function providedTags(action: ReadAction, arg: object | undefined): Tag[] {
  const tags: Tag[] = [...(PROVIDES[action] ?? [])];
  if (action.startsWith('admin_')) tags.push('console');
  if (!arg || !('language_id' in arg)) tags.push('language');
  return tags;
}

/** The tags a mutation invalidates once it succeeded. */
export function invalidatedTags(action: WriteAction): Tag[] {
  return action.startsWith('admin_') ? ['console'] : [...(INVALIDATES[action] ?? [])];
}
