import { z } from 'zod';
import { action } from './define';
import { paging } from './fields';

/** One player on a leaderboard. */
export interface LeaderboardEntry {
  user_id: number;
  name: string;
  profile: string;
  /** Points in the period, from server-graded play only. */
  score: number;
  /**
   * 1 + the number of players with a higher score in the period: equal scores share a rank
   * (1, 2, 2, 4). A player without points in the period has score 0 and ranks after everyone
   * who has some.
   */
  rank: number;
}

/**
 * A page of a leaderboard. Daily and monthly periods are the local day and month in the
 * configured timezone (system configuration `leaderboard_timezone`, UTC by default); `global`
 * is all time. The battle bot is never listed.
 */
export interface LeaderboardPage {
  /** 'd:YYYY-MM-DD', 'm:YYYY-MM' or 'g'. */
  period: string;
  /** Players with points in the period. */
  total: number;
  /** Best first (score, then user id), from `offset`, at most `limit`. */
  rows: LeaderboardEntry[];
  /** The caller, always, whether or not on this page. */
  me: LeaderboardEntry;
}

const board = () =>
  action<LeaderboardPage>()({
    input: z.object({ ...paging }),
    access: 'user',
    mutates: false,
  });

export const leaderboardActions = {
  get_daily_leaderboard: board(),
  get_monthly_leaderboard: board(),
  get_globle_leaderboard: board(),
};
