import { bucketEnd, leaderboardTimezone, periodKeys, scoreBucket, type PeriodKeys } from '../../core/rules/leaderboard';
import { parseGmtOffset } from '../../core/rules/local-time';
import { and, desc, eq } from 'drizzle-orm';
import { sql, type Db, type SQL } from '../db/client';
import { lbBuckets, lbScores, settings, users } from '../db/schema';

/** The battle bot's account: never on a leaderboard. */
export const BOT_FIREBASE_ID = 'bot:1';

const TIMEZONE_CACHE_MS = 3000;
let cachedTimezone: { at: number; tz: string } | undefined;

/**
 * The leaderboard timezone of the system configuration (`leaderboard_timezone`), UTC by default.
 * Cached for a few seconds like the settings store: an operator's change holds within that time.
 */
export async function configuredTimezone(db: Db): Promise<string> {
  if (cachedTimezone && Date.now() - cachedTimezone.at < TIMEZONE_CACHE_MS) return cachedTimezone.tz;
  const [row] = await db.orm
    .select({ tz: sql<string | null>`${settings.value}->>'leaderboard_timezone'` })
    .from(settings)
    .where(sql`${settings.key} = 'system'`);
  const tz = leaderboardTimezone(row?.tz);
  cachedTimezone = { at: Date.now(), tz };
  return tz;
}

/**
 * The local date of a timestamptz column in a configured timezone, in SQL: an IANA name through
 * AT TIME ZONE, a fixed offset ("+05:30") added to UTC (PostgreSQL reads a bare offset given to
 * AT TIME ZONE with the POSIX sign, the other way round).
 */
export function localDateSql(column: SQL, timezone: string): SQL {
  const offset = parseGmtOffset(timezone);
  return offset === null
    ? sql`(${column} AT TIME ZONE ${timezone})::date`
    : sql`((${column} AT TIME ZONE 'UTC') + make_interval(mins => ${offset}))::date`;
}

/** Forgets the cached timezone (after the configuration changed). */
export function forgetConfiguredTimezone(): void {
  cachedTimezone = undefined;
}

/**
 * The INSERT that adds `points` to the daily, monthly and all-time scores of the players of
 * `players` (a relation aliased `u` with `id` and `firebase_id`; the bot is left out). Rows go in
 * one fixed order (by period), so that concurrent writers lock buckets in one order; the
 * histogram follows by trigger. The one statement every score gain runs, alone or at the end of
 * a larger one (ledger.addScore).
 */
export function periodScoreInsert(players: SQL, points: number, p: PeriodKeys): SQL {
  return sql`INSERT INTO lb_scores (period, user_id, score)
    SELECT t.period, u.id, ${points}::bigint
    FROM (VALUES (${p.daily}::text), (${p.monthly}::text), (${p.global}::text)) AS t (period)
    JOIN ${players} ON u.firebase_id <> ${BOT_FIREBASE_ID}
    ORDER BY t.period
    ON CONFLICT (period, user_id) DO UPDATE SET score = lb_scores.score + EXCLUDED.score`;
}

/**
 * Adds points to a player's leaderboard scores alone (no score event, no all-time `users.score`),
 * in the caller's transaction. Only positive whole points count. Periods are those of `now` in
 * the configured timezone unless one is given.
 */
export async function addScore(db: Db, userId: number, delta: number, now = new Date(), timezone?: string) {
  if (!Number.isSafeInteger(delta) || delta <= 0) return;
  const p = periodKeys(now, timezone ?? (await configuredTimezone(db)));
  await db.run(periodScoreInsert(sql`(SELECT id, firebase_id FROM users WHERE id = ${userId}) u`, delta, p));
}

/** A player's score in a period (0 without one). */
export async function periodScore(db: Db, period: string, userId: number): Promise<number> {
  const [row] = await db.orm
    .select({ score: lbScores.score })
    .from(lbScores)
    .where(and(eq(lbScores.period, period), eq(lbScores.user_id, userId)));
  return Number(row?.score ?? 0);
}

/**
 * The rank of a score in a period: 1 + the number of players with a higher score (equal scores
 * share a rank). Reads the bucket counts above the score's bucket and the few higher scores
 * inside its bucket (an index range scan), never the whole board.
 */
export async function rankOfScore(db: Db, period: string, score: number): Promise<number> {
  const b = scoreBucket(score);
  const [row] = await db.orm
    .select({
      // An aggregate without GROUP BY: one row, the higher scores of the bucket counted.
      rank: sql<number>`1
        + coalesce((SELECT sum(${lbBuckets.n}) FROM ${lbBuckets}
            WHERE ${lbBuckets.period} = ${period} AND ${lbBuckets.bucket} > ${b}), 0)
        + count(*)`.mapWith(Number),
    })
    .from(lbScores)
    .where(
      and(
        eq(lbScores.period, period),
        sql`${lbScores.score} > ${score}::bigint`,
        sql`${lbScores.score} < ${bucketEnd(b)}::bigint`,
      ),
    );
  return row!.rank;
}

/** Players with a score in a period. */
export async function periodPlayers(db: Db, period: string): Promise<number> {
  const [row] = await db.orm
    .select({ n: sql<number>`coalesce(sum(${lbBuckets.n}), 0)` })
    .from(lbBuckets)
    .where(eq(lbBuckets.period, period));
  return Number(row!.n);
}

export interface BoardRow {
  user_id: number;
  score: number;
  rank: number;
  name: string;
  profile: string;
}

/** One page of a period's board, best first, each row with its rank (ties share a rank). */
export async function boardPage(db: Db, period: string, offset: number, limit: number): Promise<BoardRow[]> {
  const page = db.orm
    .select({ user_id: lbScores.user_id, score: lbScores.score })
    .from(lbScores)
    .where(eq(lbScores.period, period))
    .orderBy(desc(lbScores.score), lbScores.user_id)
    .limit(limit)
    .offset(offset)
    .as('s');
  const rows = await db.orm
    .select({ user_id: page.user_id, score: page.score, name: users.name, profile: users.profile })
    .from(page)
    .innerJoin(users, eq(users.id, page.user_id))
    .orderBy(desc(page.score), page.user_id);
  if (rows.length === 0) return [];
  const top = Number(rows[0]!.score);
  // The first row's score may continue from the page before: its rank comes from the histogram.
  // Any lower score starts on this page, so its rank is its position + 1.
  const topRank = offset === 0 ? 1 : await rankOfScore(db, period, top);
  const firstAt = new Map<number, number>();
  return rows.map((r, i) => {
    const score = Number(r.score);
    if (!firstAt.has(score)) firstAt.set(score, i);
    return { ...r, score, rank: score === top ? topRank : offset + firstAt.get(score)! + 1 };
  });
}
