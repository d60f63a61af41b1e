import type { ContestBoard, ContestBoardEntry, ContestLists, ContestSummary } from '../../core/contract';
import { contestPrizes, contestStatus, localDateTime, type Prize } from '../../core/rules/contest';
import { isKnownTimezone } from '../../core/rules/local-time';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db } from '../db/client';
import { contestPlays, contests, users } from '../db/schema';
import { intArray, jsonText } from '../db/sql-helpers';
import { AppError } from '../errors';
import { unlockBadgeFor } from './badges';
import { creditMany } from './ledger';
import { playerDay, type Zone } from './play/daily';
import type { Clock } from './clock';

// A player's play of a contest (entry, one question at a time, answers, finish) is in
// contest-play.ts; here: the lists, the boards, closing and prizes, making a contest.

// Contests are read as `c` (the count subqueries name their own tables).
export const c = alias(contests, 'c');

/**
 * A contest's own fields and counts, for the player's reads and the console's. The subqueries
 * name the contest `c` in their own text: drizzle writes a column of a one-table select
 * unqualified, which a subquery would read as its own table's.
 */
export const CONTEST_FIELDS = {
  id: c.id,
  name: c.name,
  description: c.description,
  image: c.image,
  starts_at: jsonText(c.starts_at),
  ends_at: jsonText(c.ends_at),
  entry_fee: c.entry_fee,
  prizes: sql<Prize[]>`${c.prizes}`,
  points_per_correct: c.points_per_correct,
  speed_bonus: c.speed_bonus,
  seconds_per_question: c.seconds_per_question,
  closed: sql<boolean>`${c.closed_at} IS NOT NULL`,
};
export const CONTEST_COUNTS = {
  participants: sql<number>`(SELECT count(*)::int FROM contest_plays p WHERE p.contest_id = c.id)`,
  total_questions: sql<number>`(SELECT count(*)::int FROM contest_questions x JOIN questions q ON q.id = x.question_id
    WHERE x.contest_id = c.id AND q.status = 1)`,
};

/** A contest's columns; `full` adds what lists and boards show (counts), which the play path skips. */
function contestColumns(userId: number, clock: Clock, full = true) {
  return {
    ...CONTEST_FIELDS,
    participants: full ? CONTEST_COUNTS.participants : sql<number>`0`,
    total_questions: full ? CONTEST_COUNTS.total_questions : sql<number>`0`,
    my_play: full
      ? sql<
          ContestSummary['my_play']
        >`coalesce((SELECT CASE WHEN p.finished_at IS NULL THEN 'playing' ELSE 'finished' END
          FROM contest_plays p WHERE p.contest_id = c.id AND p.user_id = ${userId}), 'none')`
      : sql<ContestSummary['my_play']>`'none'`,
    now: jsonText(clock.sql()),
  };
}

/** Published contests as the player sees them (see contestColumns). */
function selectContests(db: Db, userId: number, clock: Clock, full = true) {
  return db.orm.select(contestColumns(userId, clock, full)).from(c);
}

/** A contest as read for its lists, boards and plays. */
export type ContestRow = Awaited<ReturnType<typeof selectContests>>[number];

export function statusOf(c: Pick<ContestRow, 'starts_at' | 'ends_at' | 'now'>) {
  return contestStatus(Date.parse(c.now), Date.parse(c.starts_at), Date.parse(c.ends_at));
}

function summary(row: ContestRow, zone: { timezone?: string; offsetMinutes?: number }): ContestSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    status: statusOf(row),
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    start_date: localDateTime(new Date(row.starts_at), zone),
    end_date: localDateTime(new Date(row.ends_at), zone),
    entry_fee: row.entry_fee,
    prizes: [...row.prizes].sort((a, b) => a.rank - b.rank),
    participants: row.participants,
    total_questions: row.total_questions,
    seconds_per_question: row.seconds_per_question,
    points_per_correct: row.points_per_correct,
    speed_bonus: row.speed_bonus,
    my_play: row.my_play,
    closed: row.closed,
  };
}

/** The player's zone for showing times: their IANA zone, else their stated offset. */
function displayZone(z: Zone, now: Date): { timezone?: string; offsetMinutes?: number } {
  const { offset } = playerDay(now, z);
  return z.timezone && isKnownTimezone(z.timezone) ? { timezone: z.timezone } : { offsetMinutes: offset };
}

/** Live, upcoming and past contests in a language, with times in the player's zone. */
export async function listContests(
  db: Db,
  clock: Clock,
  userId: number,
  o: { languageId: number } & Zone,
): Promise<ContestLists> {
  const rows = await selectContests(db, userId, clock)
    .where(
      and(
        sql`${c.status} = 1`,
        eq(c.language_id, o.languageId),
        sql`${c.ends_at} > ${clock.sql()} - interval '30 days'`,
      ),
    )
    .orderBy(c.starts_at, c.id);
  const zone = displayZone(o, new Date(rows[0]?.now ?? clock.now()));
  const all = rows.map((row) => summary(row, zone));
  return {
    live: all.filter((c) => c.status === 'live').sort((a, b) => a.ends_at.localeCompare(b.ends_at)),
    upcoming: all.filter((c) => c.status === 'upcoming'),
    past: all.filter((c) => c.status === 'past').reverse(),
  };
}

/** A published contest by id; not_found otherwise. */
export async function contestById(
  db: Db,
  clock: Clock,
  userId: number,
  contestId: number,
  full = true,
): Promise<ContestRow> {
  const [row] = await selectContests(db, userId, clock, full).where(and(eq(c.id, contestId), sql`${c.status} = 1`));
  if (!row) throw new AppError('not_found', { field: 'contest_id', message: 'No such contest.' });
  return row;
}

// A board's rows: plays as `p` (the rank subquery compares with its own `o`).
const p = alias(contestPlays, 'p');

/** Board rows of a contest's plays, each with its rank (1 + the players who scored more). */
function selectBoard(db: Db) {
  return db.orm
    .select({
      user_id: p.user_id,
      name: users.name,
      profile: users.profile,
      score: p.score,
      correct_answers: p.correct_answers,
      prize: p.prize,
      rank: sql<number>`(1 + (SELECT count(*) FROM contest_plays o
        WHERE o.contest_id = ${p.contest_id} AND o.score > ${p.score}))::int`,
    })
    .from(p)
    .innerJoin(users, eq(users.id, p.user_id));
}

type BoardRow = Awaited<ReturnType<typeof selectBoard>>[number];

/** A page of a contest's leaderboard (best first; equal scores share a rank) and the player's own row. */
export async function contestBoard(
  db: Db,
  clock: Clock,
  userId: number,
  o: { contestId: number; offset: number; limit: number },
): Promise<ContestBoard> {
  const contest = await contestById(db, clock, userId, o.contestId);
  const entry = (r: BoardRow): ContestBoardEntry => ({
    rank: r.rank,
    user_id: r.user_id,
    name: r.name,
    profile: r.profile,
    score: r.score,
    correct_answers: r.correct_answers,
    prize: contest.closed ? r.prize : 0,
  });
  const rows = await selectBoard(db)
    .where(eq(p.contest_id, contest.id))
    .orderBy(desc(p.score), p.scored_at, p.user_id)
    .offset(o.offset)
    .limit(o.limit);
  const [mine] = await selectBoard(db).where(and(eq(p.contest_id, contest.id), eq(p.user_id, userId)));
  return {
    contest_id: contest.id,
    name: contest.name,
    status: statusOf(contest),
    closed: contest.closed,
    total: contest.participants,
    entries: rows.map(entry),
    me: mine ? entry(mine) : null,
  };
}

/**
 * Closes one contest past its end, if any: finishes the plays left open, ranks everyone, pays
 * the prize table (ties share) and notifies the winners, all in the caller's transaction. The
 * contest row is claimed with SKIP LOCKED and marked closed in the same transaction, and each
 * prize is a ledger move keyed by the contest: two nodes running this at once, or a restart in
 * the middle, pay each prize once.
 */
export async function closeDueContest(db: Db, clock: Clock): Promise<{ contestId: number; paid: number } | null> {
  const now = clock.sql();
  const [due] = await db.orm
    .select({ id: contests.id, name: contests.name, prizes: sql<Prize[]>`${contests.prizes}` })
    .from(contests)
    .where(and(isNull(contests.closed_at), sql`${contests.ends_at} <= ${now}`))
    .orderBy(contests.ends_at, contests.id)
    .limit(1)
    .for('update', { skipLocked: true });
  if (!due) return null;
  const c = due;
  await db.run(sql`UPDATE contest_plays SET finished_at = coalesce(finished_at, ${now})
    WHERE contest_id = ${c.id} AND finished_at IS NULL`);
  const cp = contestPlays;
  const entries = await db.orm
    .select({
      user_id: cp.user_id,
      score: cp.score,
      reached_ms: sql<number>`(extract(epoch FROM ${cp.scored_at}) * 1000)::float8`,
    })
    .from(cp)
    .where(eq(cp.contest_id, c.id));
  const awards = contestPrizes(
    entries.map((e) => ({ userId: e.user_id, score: e.score, reachedAtMs: e.reached_ms })),
    c.prizes,
  );
  // Every ranked player's rank and prize in one statement (a contest may have thousands).
  await db.run(sql`UPDATE contest_plays p SET rank = x.rank, prize = x.coins
    FROM json_to_recordset(${JSON.stringify(awards)}::json) AS x("userId" int, rank int, coins int)
    WHERE p.contest_id = ${c.id} AND p.user_id = x."userId"`);
  // The prizes as ledger rows keyed by the contest (each once), and the winners notified.
  const credited = await creditMany(db, {
    reason: 'contest_prize',
    ref: String(c.id),
    opId: `contest_prize:${c.id}`,
    credits: awards.map((a) => ({ userId: a.userId, delta: a.coins })),
  });
  const rankOf = new Map(awards.map((a) => [a.userId, a.rank]));
  if (credited.length)
    await db.run(sql`INSERT INTO notifications (user_id, type, params, link)
      SELECT x.user_id, 'contest_prize', jsonb_build_object('contest', ${c.name}::text, 'rank', x.rank, 'coins', x.coins),
        ${`/contest-play/${c.id}/leaderboard`}
      FROM json_to_recordset(${JSON.stringify(
        credited.map((x) => ({ user_id: x.userId, rank: rankOf.get(x.userId), coins: x.delta })),
      )}::json) AS x(user_id int, rank int, coins int)`);
  await db.run(sql`UPDATE contests SET closed_at = ${now} WHERE id = ${c.id}`);
  // First place unlocks the contest winner badge (other badges a prize may bring, such as Elite,
  // unlock at the player's next check: not thousands of badge checks inside this transaction).
  await unlockBadgeFor(
    db,
    awards.filter((a) => a.rank === 1).map((a) => a.userId),
    'contest_winner',
  );
  const paid = credited.reduce((sum, x) => sum + x.delta, 0);
  return { contestId: c.id, paid };
}

export interface NewContest {
  languageId: number;
  name: string;
  description: string;
  image?: string;
  startsAt: Date;
  endsAt: Date;
  entryFee: number;
  prizes: Prize[];
  pointsPerCorrect?: number;
  speedBonus?: boolean;
  secondsPerQuestion?: number;
  /** In the order the contest asks them. */
  questionIds: number[];
}

/** Makes a contest of existing questions (operators, the demo content, tests). */
export async function createContest(db: Db, n: NewContest): Promise<number> {
  const [row] = await db.orm
    .insert(contests)
    .values({
      language_id: n.languageId,
      name: n.name,
      description: n.description,
      image: n.image ?? '',
      starts_at: sql`${n.startsAt.toISOString()}::timestamptz`,
      ends_at: sql`${n.endsAt.toISOString()}::timestamptz`,
      entry_fee: n.entryFee,
      prizes: sql`${JSON.stringify(n.prizes)}::jsonb`,
      points_per_correct: n.pointsPerCorrect ?? 4,
      speed_bonus: n.speedBonus ?? true,
      seconds_per_question: n.secondsPerQuestion ?? 20,
    })
    .returning({ id: contests.id });
  await db.run(sql`INSERT INTO contest_questions (contest_id, question_id, sort)
    SELECT ${row!.id}, q, n FROM unnest(${intArray(n.questionIds)}) WITH ORDINALITY AS t(q, n)`);
  return row!.id;
}
