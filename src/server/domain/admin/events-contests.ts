import type { AdminContest, AdminContestDetail, AdminContestResult } from '../../../core/contract';
import { contestStatus, localDateTime, type Prize } from '../../../core/rules/contest';
import { sql, type Db, type SQL } from '../../db/client';
import type { Clock } from '../clock';
import { AppError } from '../../errors';
import { likePattern } from './content-common';
import { eventQuestions } from './events-questions';

interface ContestRow {
  id: number;
  language_id: number;
  name: string;
  description: string;
  image: string;
  starts_at: string;
  ends_at: string;
  entry_fee: number;
  prizes: Prize[];
  points_per_correct: number;
  speed_bonus: boolean;
  seconds_per_question: number;
  closed: boolean;
  participants: number;
  total_questions: number;
  created_at: string;
  now: string;
}

const columns = (clock: Clock) => sql`c.id, c.language_id, c.name, c.description, c.image,
  to_json(c.starts_at) #>> '{}' AS starts_at, to_json(c.ends_at) #>> '{}' AS ends_at, c.entry_fee, c.prizes,
  c.points_per_correct, c.speed_bonus, c.seconds_per_question, c.closed_at IS NOT NULL AS closed,
  (SELECT count(*)::int FROM contest_plays p WHERE p.contest_id = c.id) AS participants,
  (SELECT count(*)::int FROM contest_questions x JOIN questions q ON q.id = x.question_id
    WHERE x.contest_id = c.id AND q.status = 1) AS total_questions,
  to_json(c.created_at) #>> '{}' AS created_at, to_json(${clock.sql()}) #>> '{}' AS now`;

const iso = (s: string) => new Date(s).toISOString();

function contestOf(c: ContestRow, timezone: string): AdminContest {
  return {
    id: c.id,
    language_id: c.language_id,
    name: c.name,
    description: c.description,
    image: c.image,
    starts_at: iso(c.starts_at),
    ends_at: iso(c.ends_at),
    start_local: localDateTime(new Date(c.starts_at), { timezone }),
    end_local: localDateTime(new Date(c.ends_at), { timezone }),
    timezone,
    status: contestStatus(Date.parse(c.now), Date.parse(c.starts_at), Date.parse(c.ends_at)),
    closed: c.closed,
    entry_fee: c.entry_fee,
    prizes: [...c.prizes].sort((a, b) => a.rank - b.rank),
    points_per_correct: c.points_per_correct,
    speed_bonus: c.speed_bonus,
    seconds_per_question: c.seconds_per_question,
    participants: c.participants,
    total_questions: c.total_questions,
    created_at: iso(c.created_at),
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
  all: sql``,
  upcoming: sql`AND c.starts_at > ${now}`,
  live: sql`AND c.starts_at <= ${now} AND c.ends_at > ${now}`,
  past: sql`AND c.ends_at <= ${now}`,
});

/** A page of contests, latest start first, filtered by language, state and name. */
export async function listAdminContests(
  db: Db,
  clock: Clock,
  q: ContestQuery,
): Promise<{ rows: AdminContest[]; total: number }> {
  const like = likePattern(q.search);
  const where = sql`WHERE TRUE ${q.language_id ? sql`AND c.language_id = ${q.language_id}` : sql``}
    ${states(clock.sql())[q.state]} ${like ? sql`AND c.name ILIKE ${like}` : sql``}`;
  const rows = await db.rows<ContestRow>(sql`SELECT ${columns(clock)} FROM contests c ${where}
    ORDER BY c.starts_at DESC, c.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`);
  const n = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM contests c ${where}`);
  return { rows: rows.map((c) => contestOf(c, q.timezone)), total: n!.n };
}

/** One contest with its questions and what its fees and prizes moved, or a 404. */
export async function adminContest(db: Db, clock: Clock, id: number, timezone = 'UTC'): Promise<AdminContestDetail> {
  const c = await db.one<ContestRow>(sql`SELECT ${columns(clock)} FROM contests c WHERE c.id = ${id}`);
  if (!c) throw new AppError('not_found', { field: 'contest_id', message: 'No such contest.' });
  const money = await db.one<{ fees: number; prizes: number }>(sql`SELECT
      coalesce(sum(-f.delta), 0)::int AS fees, coalesce(sum(w.delta), 0)::int AS prizes
    FROM contest_plays p
    LEFT JOIN coin_ledger f ON f.user_id = p.user_id AND f.op_id = ${`contest_fee:${id}`}
    LEFT JOIN coin_ledger w ON w.user_id = p.user_id AND w.op_id = ${`contest_prize:${id}`}
    WHERE p.contest_id = ${id}`);
  return {
    ...contestOf(c, timezone),
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
  const c = await db.one<{ participants: number }>(sql`SELECT
      (SELECT count(*)::int FROM contest_plays p WHERE p.contest_id = c.id) AS participants
    FROM contests c WHERE c.id = ${o.contestId}`);
  if (!c) throw new AppError('not_found', { field: 'contest_id', message: 'No such contest.' });
  const rows = await db.rows<AdminContestResult>(sql`SELECT
      coalesce(p.rank, 1 + (SELECT count(*) FROM contest_plays o
        WHERE o.contest_id = p.contest_id AND o.score > p.score))::int AS rank,
      p.user_id, u.name, u.email, p.score, p.correct_answers, p.questions_attended,
      to_char(p.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS started_at,
      to_char(p.finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS finished_at,
      coalesce((SELECT -l.delta FROM coin_ledger l WHERE l.user_id = p.user_id
        AND l.op_id = ${`contest_fee:${o.contestId}`}), 0)::int AS fee_paid,
      coalesce((SELECT l.delta FROM coin_ledger l WHERE l.user_id = p.user_id
        AND l.op_id = ${`contest_prize:${o.contestId}`}), 0)::int AS prize_paid
    FROM contest_plays p JOIN users u ON u.id = p.user_id
    WHERE p.contest_id = ${o.contestId}
    ORDER BY p.score DESC, p.scored_at, p.user_id LIMIT ${o.limit} OFFSET ${o.offset}`);
  return { rows, total: c.participants };
}
