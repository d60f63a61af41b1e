import type { BadgeView } from '../../core/contract';
import { BADGES, BADGE_REWARDS, BADGE_RULES, longestRun, powerElite, type BadgeType } from '../../core/rules/badges';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db } from '../db/client';
import { userBadges, users, type Row } from '../db/schema';
import { intArray, isoSeconds } from '../db/sql-helpers';
import { AppError } from '../errors';
import { configuredTimezone, localDateSql } from './leaderboard';
import { moveCoins } from './ledger';
import { notify } from './notifications';

/**
 * Credits that give the player's own coins back rather than earn new ones: refunds, cancelled
 * or rejected payouts, and battle payouts (counted apart, net of the player's own entry fee).
 */
const RETURNED_REASONS = ['battle_refund', 'battle_payout', 'payout_cancel', 'payout_reject'];

/** A perfect quiz of enough questions (the spec's "at least 5 questions"). */
const PERFECT = sql`s.user_id = u.id AND s.result IS NOT NULL
  AND (s.result ->> 'total')::int >= ${BADGE_RULES.perfect_quiz_min_questions}
  AND (s.result ->> 'correct')::int = (s.result ->> 'total')::int`;

/** A finished battle of these kinds the player won. */
const won = (kinds: string[]) => sql`EXISTS (SELECT 1 FROM room_players p JOIN rooms r ON r.id = p.room_id
  WHERE p.user_id = u.id AND r.status = 'finished' AND r.kind = ANY(${`{${kinds.join(',')}}`}::text[])
    AND r.result @> jsonb_build_object('standings', jsonb_build_array(
      jsonb_build_object('user_id', u.id, 'result', 'win'))))`;

/** The player, as the badge queries name them. */
const u = alias(users, 'u');

/**
 * What the server's records say of the player, for every badge, in one read. Days of play are
 * local days in the leaderboard timezone of the system configuration.
 */
async function facts(db: Db, userId: number) {
  const tz = await configuredTimezone(db);
  const [row] = await db.orm
    .select({
      dashing_debut: sql<boolean>`(EXISTS (SELECT 1 FROM play_sessions s WHERE s.user_id = u.id AND s.result IS NOT NULL)
        OR EXISTS (SELECT 1 FROM room_players p JOIN rooms r ON r.id = p.room_id
          WHERE p.user_id = u.id AND r.status = 'finished'))`,
      combat_winner: sql<boolean>`${won(['random', 'friend'])}`,
      clash_winner: sql<boolean>`${won(['group'])}`,
      contest_winner: sql<boolean>`EXISTS (SELECT 1 FROM contest_plays c WHERE c.user_id = u.id AND c.rank = 1)`,
      super_sonic: sql<boolean>`EXISTS (SELECT 1 FROM play_sessions s WHERE ${PERFECT} AND s.finished_at - s.started_at
        <= make_interval(secs => ${BADGE_RULES.super_sonic_seconds_per_question} * (s.result ->> 'total')::int))`,
      flashback: sql<boolean>`EXISTS (SELECT 1 FROM play_sessions s WHERE ${PERFECT} AND s.mode = 'bookmark')`,
      brainiac: sql<boolean>`EXISTS (SELECT 1 FROM play_sessions s WHERE ${PERFECT}
        AND NOT EXISTS (SELECT 1 FROM play_lifelines l WHERE l.session_id = s.id))`,
      best_wins_in_row: sql<number>`coalesce((SELECT best FROM random_battle_streaks WHERE user_id = u.id), 0)::int`,
      correct_answers: sql<number>`coalesce((SELECT correct_answers FROM user_statistics WHERE user_id = u.id), 0)::int`,
      coins_earned: sql<number>`((SELECT coalesce(sum(delta), 0) FROM coin_ledger WHERE user_id = u.id AND delta > 0
          AND reason NOT LIKE '%refund%' AND reason NOT IN (${sql.join(
            RETURNED_REASONS.map((r) => sql`${r}`),
            sql`, `,
          )}))
        + (SELECT coalesce(sum(greatest(w.delta + coalesce(f.delta, 0), 0)), 0) FROM coin_ledger w
          LEFT JOIN coin_ledger f ON f.user_id = w.user_id AND f.ref = w.ref AND f.reason = 'battle_entry'
          WHERE w.user_id = u.id AND w.reason = 'battle_payout'))::int`,
      referrals: sql<number>`(SELECT count(*) FROM referrals WHERE referrer_id = u.id AND status = 'paid')::int`,
      daily_days: sql<string[] | null>`(SELECT array_agg(DISTINCT d.quiz_date::text) FROM daily_quiz_plays d
        JOIN play_sessions s ON s.id = d.session_id
        WHERE d.user_id = u.id AND s.result IS NOT NULL)`,
      play_days: sql<string[] | null>`(SELECT array_agg(DISTINCT x.day) FROM (
        SELECT ${localDateSql(sql`s.finished_at`, tz)}::text AS day FROM play_sessions s
          WHERE s.user_id = u.id AND s.result IS NOT NULL
        UNION SELECT ${localDateSql(sql`r.finished_at`, tz)}::text FROM room_players p JOIN rooms r ON r.id = p.room_id
          WHERE p.user_id = u.id AND r.status = 'finished') x)`,
      // The badges the player has, read with the facts (one round trip).
      have: sql<{ badge: BadgeType; status: number; unlocked_at: string }[] | null>`(SELECT
        json_agg(json_build_object('badge', ${userBadges.badge}, 'status', ${userBadges.status},
          'unlocked_at', ${isoSeconds(userBadges.unlocked_at)}))
        FROM ${userBadges} WHERE ${userBadges.user_id} = u.id)`,
    })
    .from(u)
    .where(eq(u.id, userId));
  return row!;
}

type Facts = Awaited<ReturnType<typeof facts>>;

type Progress = BadgeView['progress'];

/** Whether each badge is earned, and the progress of counted ones, from the facts. */
function judge(f: Facts): Map<BadgeType, { earned: boolean; progress: Progress }> {
  const count = (value: number, target: number) => ({ earned: value >= target, progress: { value, target } });
  const moreThan = (value: number, n: number) => ({
    earned: value > n,
    progress: { value, target: n + 1, more_than: n },
  });
  const thirsty = longestRun(f.daily_days ?? []);
  const streak = longestRun(f.play_days ?? []);
  const out = new Map<BadgeType, { earned: boolean; progress: Progress }>([
    ['dashing_debut', { earned: f.dashing_debut, progress: null }],
    ['combat_winner', { earned: f.combat_winner, progress: null }],
    ['clash_winner', { earned: f.clash_winner, progress: null }],
    ['contest_winner', { earned: f.contest_winner, progress: null }],
    ['quiz_warrior', count(f.best_wins_in_row, BADGE_RULES.quiz_warrior_wins)],
    ['super_sonic', { earned: f.super_sonic, progress: null }],
    ['flashback', { earned: f.flashback, progress: null }],
    ['brainiac', { earned: f.brainiac, progress: null }],
    ['big_thing', count(f.correct_answers, BADGE_RULES.big_thing_correct)],
    // "More than": earned one past the spec's figure, which is what the player is shown.
    ['elite', moreThan(f.coins_earned, BADGE_RULES.elite_coins)],
    ['thirsty', count(thirsty, BADGE_RULES.thirsty_days)],
    ['streak', count(streak, BADGE_RULES.streak_days)],
    ['sharing_caring', moreThan(f.referrals, BADGE_RULES.sharing_caring_referrals)],
  ]);
  return out;
}

/**
 * Checks every badge against the server's records and unlocks the ones earned (kept: a badge
 * once unlocked stays so); answers every badge as the player sees it.
 */
export async function refreshBadges(db: Db, userId: number): Promise<BadgeView[]> {
  return (await checkBadges(db, userId)).views;
}

/** Checks every badge (see refreshBadges); answers the views and the badges this check unlocked. */
export async function checkBadges(db: Db, userId: number): Promise<{ views: BadgeView[]; unlocked: BadgeType[] }> {
  const unlocked: BadgeType[] = [];
  const f = await facts(db, userId);
  const judged = judge(f);
  const have = new Map((f.have ?? []).map((r) => [r.badge, r]));
  const unlock = async (b: BadgeType) => {
    if (have.has(b)) return;
    const [row] = await db.orm
      .insert(userBadges)
      .values({ user_id: userId, badge: b })
      .onConflictDoNothing()
      .returning({ unlocked_at: isoSeconds(userBadges.unlocked_at) });
    have.set(b, { badge: b, status: 1, unlocked_at: row?.unlocked_at ?? new Date().toISOString() });
    if (!row) return;
    unlocked.push(b);
    await notify(db, userId, { type: 'badge', params: { badge: b }, link: '/profile/badges' });
  };
  for (const [b, j] of judged) if (j.earned) await unlock(b);
  const others = BADGES.filter((b) => b !== 'power_elite' && have.has(b)).length;
  judged.set('power_elite', {
    earned: powerElite(others),
    progress: { value: others, target: BADGE_RULES.power_elite_badges + 1, more_than: BADGE_RULES.power_elite_badges },
  });
  if (powerElite(others)) await unlock('power_elite');
  const views = BADGES.map((b): BadgeView => {
    const h = have.get(b);
    return {
      type: b,
      status: !h ? 'locked' : h.status === 2 ? 'claimed' : 'unlocked',
      reward: BADGE_REWARDS[b],
      unlocked_at: h?.unlocked_at ?? null,
      progress: judged.get(b)?.progress ?? null,
    };
  });
  return { views, unlocked };
}

/** Claims an unlocked badge's reward: paid once (the ledger's op id), the badge then reads claimed. */
export async function claimBadge(db: Db, userId: number, badge: BadgeType): Promise<BadgeView> {
  const views = await refreshBadges(db, userId);
  const view = views.find((v) => v.type === badge)!;
  if (view.status === 'locked')
    throw new AppError('operation_not_allowed', { field: 'type', message: 'This badge is not unlocked yet.' });
  if (view.status === 'claimed') return view;
  const updated = await db.run(sql`UPDATE user_badges SET status = 2, claimed_at = now()
    WHERE user_id = ${userId} AND badge = ${badge} AND status = 1`);
  if (updated > 0)
    await moveCoins(db, {
      userId,
      delta: view.reward,
      reason: 'badge_reward',
      ref: badge,
      opId: `badge:${badge}`,
    });
  return { ...view, status: 'claimed' };
}

/**
 * Unlocks a badge the caller has established many players earned (contest winners as a contest
 * closes), in two statements whatever their number; each newly unlocked player is notified as
 * checkBadges does. Answers the players it unlocked for.
 */
export async function unlockBadgeFor(db: Db, userIds: readonly number[], badge: BadgeType): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db.rows<Pick<Row<typeof userBadges>, 'user_id'>>(sql`INSERT INTO user_badges (user_id, badge)
    SELECT DISTINCT u, ${badge} FROM unnest(${intArray(userIds)}) AS u
    ON CONFLICT DO NOTHING RETURNING user_id`);
  if (rows.length)
    await db.run(sql`INSERT INTO notifications (user_id, type, params, link)
      SELECT u, 'badge', ${JSON.stringify({ badge })}::jsonb, '/profile/badges'
      FROM unnest(${intArray(rows.map((r) => r.user_id))}) AS u`);
  return rows.map((r) => r.user_id);
}
