import type { ContestBoard, ContestBoardEntry, ContestLists, ContestSummary } from '../../core/contract';
import { contestPrizes, contestStatus, localDateTime, type Prize } from '../../core/rules/contest';
import { isKnownTimezone } from '../../core/rules/local-time';
import { sql, type Db } from '../db/client';
import { AppError } from '../errors';
import { unlockBadgeFor } from './badges';
import { creditMany } from './ledger';
import { playerDay, type Zone } from './play/daily';
import type { Clock } from './clock';

// A player's play of a contest (entry, one question at a time, answers, finish) is in
// contest-play.ts; here: the lists, the boards, closing and prizes, making a contest.

export interface ContestRow {
  id: number;
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
  my_play: 'none' | 'playing' | 'finished';
  now: string;
}

/** A contest's columns; `full` adds what lists and boards show (counts), which the play path skips. */
const CONTEST_COLUMNS = (userId: number, clock: Clock, full = true) => sql`c.id, c.name, c.description, c.image,
  to_json(c.starts_at) #>> '{}' AS starts_at, to_json(c.ends_at) #>> '{}' AS ends_at, c.entry_fee, c.prizes,
  c.points_per_correct, c.speed_bonus, c.seconds_per_question, c.closed_at IS NOT NULL AS closed,
  ${
    full
      ? sql`(SELECT count(*)::int FROM contest_plays p WHERE p.contest_id = c.id) AS participants,
  (SELECT count(*)::int FROM contest_questions x JOIN questions q ON q.id = x.question_id
    WHERE x.contest_id = c.id AND q.status = 1) AS total_questions,
  coalesce((SELECT CASE WHEN p.finished_at IS NULL THEN 'playing' ELSE 'finished' END FROM contest_plays p
    WHERE p.contest_id = c.id AND p.user_id = ${userId}), 'none') AS my_play,`
      : sql`0 AS participants, 0 AS total_questions, 'none' AS my_play,`
  }
  to_json(${clock.sql()}) #>> '{}' AS now`;

export function statusOf(c: Pick<ContestRow, 'starts_at' | 'ends_at' | 'now'>) {
  return contestStatus(Date.parse(c.now), Date.parse(c.starts_at), Date.parse(c.ends_at));
}

function summary(c: ContestRow, zone: { timezone?: string; offsetMinutes?: number }): ContestSummary {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    image: c.image,
    status: statusOf(c),
    starts_at: new Date(c.starts_at).toISOString(),
    ends_at: new Date(c.ends_at).toISOString(),
    start_date: localDateTime(new Date(c.starts_at), zone),
    end_date: localDateTime(new Date(c.ends_at), zone),
    entry_fee: c.entry_fee,
    prizes: [...c.prizes].sort((a, b) => a.rank - b.rank),
    participants: c.participants,
    total_questions: c.total_questions,
    seconds_per_question: c.seconds_per_question,
    points_per_correct: c.points_per_correct,
    speed_bonus: c.speed_bonus,
    my_play: c.my_play,
    closed: c.closed,
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
  const rows = await db.rows<ContestRow>(sql`SELECT ${CONTEST_COLUMNS(userId, clock)} FROM contests c
    WHERE c.status = 1 AND c.language_id = ${o.languageId}
      AND c.ends_at > ${clock.sql()} - interval '30 days'
    ORDER BY c.starts_at, c.id`);
  const zone = displayZone(o, new Date(rows[0]?.now ?? clock.now()));
  const all = rows.map((c) => summary(c, zone));
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
  const c = await db.one<ContestRow>(sql`SELECT ${CONTEST_COLUMNS(userId, clock, full)} FROM contests c
    WHERE c.id = ${contestId} AND c.status = 1`);
  if (!c) throw new AppError('not_found', { field: 'contest_id', message: 'No such contest.' });
  return c;
}

interface BoardRow {
  user_id: number;
  name: string;
  profile: string;
  score: number;
  correct_answers: number;
  rank: number;
  prize: number;
}

/** A page of a contest's leaderboard (best first; equal scores share a rank) and the player's own row. */
export async function contestBoard(
  db: Db,
  clock: Clock,
  userId: number,
  o: { contestId: number; offset: number; limit: number },
): Promise<ContestBoard> {
  const c = await contestById(db, clock, userId, o.contestId);
  const entry = (r: BoardRow): ContestBoardEntry => ({
    rank: r.rank,
    user_id: r.user_id,
    name: r.name,
    profile: r.profile,
    score: r.score,
    correct_answers: r.correct_answers,
    prize: c.closed ? r.prize : 0,
  });
  const rows = await db.rows<BoardRow>(sql`SELECT p.user_id, u.name, u.profile, p.score, p.correct_answers, p.prize,
      (1 + (SELECT count(*) FROM contest_plays o WHERE o.contest_id = p.contest_id AND o.score > p.score))::int AS rank
    FROM contest_plays p JOIN users u ON u.id = p.user_id
    WHERE p.contest_id = ${c.id}
    ORDER BY p.score DESC, p.scored_at, p.user_id OFFSET ${o.offset} LIMIT ${o.limit}`);
  const mine = await db.one<BoardRow>(sql`SELECT p.user_id, u.name, u.profile, p.score, p.correct_answers, p.prize,
      (1 + (SELECT count(*) FROM contest_plays o WHERE o.contest_id = p.contest_id AND o.score > p.score))::int AS rank
    FROM contest_plays p JOIN users u ON u.id = p.user_id WHERE p.contest_id = ${c.id} AND p.user_id = ${userId}`);
  return {
    contest_id: c.id,
    name: c.name,
    status: statusOf(c),
    closed: c.closed,
    total: c.participants,
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
  const c = await db.one<{ id: number; name: string; prizes: Prize[] }>(sql`SELECT id, name, prizes FROM contests
    WHERE closed_at IS NULL AND ends_at <= ${now} ORDER BY ends_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`);
  if (!c) return null;
  await db.run(sql`UPDATE contest_plays SET finished_at = coalesce(finished_at, ${now})
    WHERE contest_id = ${c.id} AND finished_at IS NULL`);
  const entries = await db.rows<{ user_id: number; score: number; reached_ms: number }>(sql`SELECT user_id, score,
      (extract(epoch FROM scored_at) * 1000)::float8 AS reached_ms
    FROM contest_plays WHERE contest_id = ${c.id}`);
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
export async function createContest(db: Db, c: NewContest): Promise<number> {
  const row = await db.one<{ id: number }>(sql`INSERT INTO contests (language_id, name, description, image,
      starts_at, ends_at, entry_fee, prizes, points_per_correct, speed_bonus, seconds_per_question)
    VALUES (${c.languageId}, ${c.name}, ${c.description}, ${c.image ?? ''}, ${c.startsAt.toISOString()}::timestamptz,
      ${c.endsAt.toISOString()}::timestamptz, ${c.entryFee}, ${JSON.stringify(c.prizes)}::jsonb,
      ${c.pointsPerCorrect ?? 4}, ${c.speedBonus ?? true}, ${c.secondsPerQuestion ?? 20}) RETURNING id`);
  await db.run(sql`INSERT INTO contest_questions (contest_id, question_id, sort)
    SELECT ${row!.id}, q, n FROM unnest(${`{${c.questionIds.join(',')}}`}::integer[]) WITH ORDINALITY AS t(q, n)`);
  return row!.id;
}
