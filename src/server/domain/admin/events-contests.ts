import type { AdminContest, AdminContestDetail, AdminContestResult } from '../../../core/contract';
import { contestStatus, localDateTime } from '../../../core/rules/contest';
import { and, asc, count, desc, eq, gt, ilike, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db, type SQL } from '../../db/client';
import { coinLedger, contestPlays, users } from '../../db/schema';
import { isoSeconds, jsonText } from '../../db/sql-helpers';
import type { Clock } from '../clock';
import { c, CONTEST_COUNTS, CONTEST_FIELDS } from '../contests';
import { AppError } from '../../errors';
import { likePattern } from './content-common';
import { eventQuestions } from './events-questions';

// Contests are read as `c` (contests.ts), their plays as `p`, the fee and prize rows of the
// ledger as `f` and `w`: the correlated subqueries name their outer table by alias in their own
// text, since drizzle writes a column of a one-table select unqualified (a subquery would read
// its own table's).
const p = alias(contestPlays, 'p');
const f = alias(coinLedger, 'f');
const w = alias(coinLedger, 'w');

/** A contest as the console reads it, with the clock's now. */
const columns = (clock: Clock) => ({
  ...CONTEST_FIELDS,
  language_id: c.language_id,
  ...CONTEST_COUNTS,
  created_at: jsonText(c.created_at),
  now: jsonText(clock.sql()),
});

const selectContests = (db: Db, clock: Clock) => db.orm.select(columns(clock)).from(c);
type ContestRow = Awaited<ReturnType<typeof selectContests>>[number];

const iso = (s: string) => new Date(s).toISOString();

function contestOf(row: ContestRow, timezone: string): AdminContest {
  return {
    id: row.id,
    language_id: row.language_id,
    name: row.name,
    description: row.description,
    image: row.image,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    start_local: localDateTime(new Date(row.starts_at), { timezone }),
    end_local: localDateTime(new Date(row.ends_at), { timezone }),
    timezone,
    status: contestStatus(Date.parse(row.now), Date.parse(row.starts_at), Date.parse(row.ends_at)),
    closed: row.closed,
    entry_fee: row.entry_fee,
    prizes: [...row.prizes].sort((a, b) => a.rank - b.rank),
    points_per_correct: row.points_per_correct,
    speed_bonus: row.speed_bonus,
    seconds_per_question: row.seconds_per_question,
    participants: row.participants,
    total_questions: row.total_questions,
    created_at: iso(row.created_at),
  };
}

export interface ContestQuery {
  language_id?: number;
  state: 'all' | 'upcoming' | 'live' | 'past';
  search?: string;
  timezone: string;
  offset: number;
  limit: number;
}

const states = (now: SQL) => ({
  all: undefined,
  upcoming: gt(c.starts_at, now),
  live: and(lte(c.starts_at, now), gt(c.ends_at, now)),
  past: lte(c.ends_at, now),
});

/** A page of contests, latest start first, filtered by language, state and name. */
export async function listAdminContests(
  db: Db,
  clock: Clock,
  q: ContestQuery,
): Promise<{ rows: AdminContest[]; total: number }> {
  const like = likePattern(q.search);
  const where = and(
    q.language_id ? eq(c.language_id, q.language_id) : undefined,
    states(clock.sql())[q.state],
    like ? ilike(c.name, like) : undefined,
  );
  const rows = await selectContests(db, clock)
    .where(where)
    .orderBy(desc(c.starts_at), desc(c.id))
    .limit(q.limit)
    .offset(q.offset);
  const [n] = await db.orm.select({ n: count() }).from(c).where(where);
  return { rows: rows.map((row) => contestOf(row, q.timezone)), total: n!.n };
}

/** One contest with its questions and what its fees and prizes moved, or a 404. */
export async function adminContest(db: Db, clock: Clock, id: number, timezone = 'UTC'): Promise<AdminContestDetail> {
  const [contest] = await selectContests(db, clock).where(eq(c.id, id));
  if (!contest) throw new AppError('not_found', { field: 'contest_id', message: 'No such contest.' });
  const [money] = await db.orm
    .select({
      fees: sql<number>`coalesce(sum(-${f.delta}), 0)::int`,
      prizes: sql<number>`coalesce(sum(${w.delta}), 0)::int`,
    })
    .from(p)
    .leftJoin(f, and(eq(f.user_id, p.user_id), eq(f.op_id, `contest_fee:${id}`)))
    .leftJoin(w, and(eq(w.user_id, p.user_id), eq(w.op_id, `contest_prize:${id}`)))
    .where(eq(p.contest_id, id));
  return {
    ...contestOf(contest, timezone),
    questions: await eventQuestions(db, 'contest', id),
    fees_collected: money!.fees,
    prizes_paid: money!.prizes,
  };
}

/**
 * A page of a contest's players, best first: the final rank once closed (players without a
 * score are ranked after the others), the live one before; fees and prizes as the ledger has them.
 */
export async function contestResults(
  db: Db,
  o: { contestId: number; offset: number; limit: number },
): Promise<{ rows: AdminContestResult[]; total: number }> {
  const [contest] = await db.orm
    .select({ participants: CONTEST_COUNTS.participants })
    .from(c)
    .where(eq(c.id, o.contestId));
  if (!contest) throw new AppError('not_found', { field: 'contest_id', message: 'No such contest.' });
  const rows = await db.orm
    .select({
      rank: sql<number>`coalesce(${p.rank}, 1 + (SELECT count(*) FROM contest_plays o
        WHERE o.contest_id = ${p.contest_id} AND o.score > ${p.score}))::int`,
      user_id: p.user_id,
      name: users.name,
      email: users.email,
      score: p.score,
      correct_answers: p.correct_answers,
      questions_attended: p.questions_attended,
      started_at: isoSeconds(p.started_at),
      finished_at: sql<string | null>`${isoSeconds(p.finished_at)}`,
      fee_paid: sql<number>`coalesce((SELECT -l.delta FROM coin_ledger l WHERE l.user_id = ${p.user_id}
        AND l.op_id = ${`contest_fee:${o.contestId}`}), 0)::int`,
      prize_paid: sql<number>`coalesce((SELECT l.delta FROM coin_ledger l WHERE l.user_id = ${p.user_id}
        AND l.op_id = ${`contest_prize:${o.contestId}`}), 0)::int`,
    })
    .from(p)
    .innerJoin(users, eq(users.id, p.user_id))
    .where(eq(p.contest_id, o.contestId))
    .orderBy(desc(p.score), asc(p.scored_at), asc(p.user_id))
    .limit(o.limit)
    .offset(o.offset);
  return { rows, total: contest.participants };
}
