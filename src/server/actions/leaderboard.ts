import type { LeaderboardPage } from '../../core/contract';
import { periodKey, type LeaderboardKind } from '../../core/rules/leaderboard';
import { nameAndPicture } from '../domain/account';
import { boardPage, configuredTimezone, periodPlayers, periodScore, rankOfScore } from '../domain/leaderboard';
import { me, type ActionContext, type Handlers } from '../http/context';

async function board(
  kind: LeaderboardKind,
  { offset, limit }: { offset: number; limit: number },
  ctx: ActionContext,
): Promise<LeaderboardPage> {
  const uid = me(ctx).id;
  const period = periodKey(kind, new Date(), await configuredTimezone(ctx.db));
  const rows = await boardPage(ctx.db, period, offset, limit);
  const score = await periodScore(ctx.db, period, uid);
  const listed = rows.find((r) => r.user_id === uid);
  const user = await nameAndPicture(ctx.db, uid);
  const rank = listed?.rank ?? (await rankOfScore(ctx.db, period, score));
  return {
    period,
    total: await periodPlayers(ctx.db, period),
    rows,
    me: { user_id: uid, name: user.name, profile: user.profile, score, rank },
  };
}

export const leaderboardHandlers: Handlers<
  'get_daily_leaderboard' | 'get_monthly_leaderboard' | 'get_globle_leaderboard'
> = {
  get_daily_leaderboard: (input, ctx) => board('daily', input, ctx),
  get_monthly_leaderboard: (input, ctx) => board('monthly', input, ctx),
  get_globle_leaderboard: (input, ctx) => board('global', input, ctx),
};
