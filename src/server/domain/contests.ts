import type {
  ContestBoard,
  ContestBoardEntry,
  ContestFinish,
  ContestLists,
  ContestPlay,
  ContestStep,
  ContestSummary,
} from '../../core/contract';
import type { BattleRules } from '../../core/rules/battle';
import { contestAnswerPoints, contestPrizes, contestStatus, localDateTime, type Prize } from '../../core/rules/contest';
import { isCorrectAnswer, isKnownTimezone } from '../../core/rules/solo-modes';
import { sql, type Db } from '../db/client';
import { AppError } from '../http/errors';
import { unlockBadgeFor } from './badges';
import { coinBalance, creditMany, moveCoins } from './ledger';
import { playerDay, type Zone } from './play/daily';
import { loadSealedQuestions } from './play/sessions';

/**
 * An answer arriving this long after its question's time still counts as attended, with the
 * points of an answer at the last moment (no speed bonus): the trip on a slow network.
 */
export const CONTEST_LATENCY_GRACE_MS = 2_000;
/** Answers are taken this long after the contest's end (the last question's trip). */
export const CONTEST_END_GRACE_SECONDS = 10;

interface ContestRow {
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
const CONTEST_COLUMNS = (userId: number, full = true) => sql`c.id, c.name, c.description, c.image,
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
  to_json(now()) #>> '{}' AS now`;

function statusOf(c: Pick<ContestRow, 'starts_at' | 'ends_at' | 'now'>) {
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
export async function listContests(db: Db, userId: number, o: { languageId: number } & Zone): Promise<ContestLists> {
  const rows = await db.rows<ContestRow>(sql`SELECT ${CONTEST_COLUMNS(userId)} FROM contests c
    WHERE c.status = 1 AND c.language_id = ${o.languageId}
      AND c.ends_at > now() - interval '30 days'
    ORDER BY c.starts_at, c.id`);
  const zone = displayZone(o, new Date(rows[0]?.now ?? Date.now()));
  const all = rows.map((c) => summary(c, zone));
  return {
    live: all.filter((c) => c.status === 'live').sort((a, b) => a.ends_at.localeCompare(b.ends_at)),
    upcoming: all.filter((c) => c.status === 'upcoming'),
    past: all.filter((c) => c.status === 'past').reverse(),
  };
}

async function contestById(db: Db, userId: number, contestId: number, full = true): Promise<ContestRow> {
  const c = await db.one<ContestRow>(sql`SELECT ${CONTEST_COLUMNS(userId, full)} FROM contests c
    WHERE c.id = ${contestId} AND c.status = 1`);
  if (!c) throw new AppError('not_found', { field: 'contest_id', message: 'No such contest.' });
  return c;
}

interface PlayRow {
  contest_id: number;
  user_id: number;
  question_ids: number[];
  answer_key: Record<string, string>;
  question_types: Record<string, string>;
  served: number;
  served_at: string;
  score: number;
  correct_answers: number;
  questions_attended: number;
  finished: boolean;
  /** Milliseconds since the question now served was served. */
  elapsed_ms: number;
  now: string;
}

const PLAY_COLUMNS = sql`contest_id, user_id, question_ids, answer_key, question_types, served,
  to_json(served_at) #>> '{}' AS served_at, score, correct_answers, questions_attended,
  finished_at IS NOT NULL AS finished,
  (extract(epoch FROM clock_timestamp() - served_at) * 1000)::int AS elapsed_ms,
  to_json(clock_timestamp()) #>> '{}' AS now`;

async function lockPlay(db: Db, contestId: number, userId: number): Promise<PlayRow | undefined> {
  return db.one<PlayRow>(sql`SELECT ${PLAY_COLUMNS} FROM contest_plays
    WHERE contest_id = ${contestId} AND user_id = ${userId} FOR UPDATE`);
}

async function playView(db: Db, p: PlayRow, c: Pick<ContestRow, 'id' | 'seconds_per_question'>): Promise<ContestPlay> {
  const total = p.question_ids.length;
  const qid = p.served <= total && !p.finished ? p.question_ids[p.served - 1] : undefined;
  const question = qid ? ((await loadSealedQuestions(db, p.user_id, [qid]))[0] ?? null) : null;
  const served = new Date(p.served_at);
  return {
    contest_id: c.id,
    total_questions: total,
    index: Math.min(p.served, total + 1),
    question,
    served_at: served.toISOString(),
    deadline: new Date(served.getTime() + c.seconds_per_question * 1000).toISOString(),
    server_time: new Date(p.now).toISOString(),
    seconds_per_question: c.seconds_per_question,
    score: p.score,
    questions_attended: p.questions_attended,
    coins: await coinBalance(db, p.user_id),
  };
}

/**
 * Records the answer to the question served (null: none) and serves the next one. The points
 * follow the contest's rule from the server's own clock: the time since it served the question.
 */
async function recordAnswer(
  db: Db,
  p: PlayRow,
  c: ContestRow,
  rules: Pick<BattleRules, 'speed_bonuses'>,
  answer: string | null,
): Promise<{ accepted: boolean; points: number }> {
  const qid = p.question_ids[p.served - 1]!;
  const limitMs = c.seconds_per_question * 1000;
  const accepted = answer !== null && p.elapsed_ms <= limitMs + CONTEST_LATENCY_GRACE_MS;
  const correct =
    accepted && isCorrectAnswer(p.question_types[String(qid)] ?? 'mcq', p.answer_key[String(qid)] ?? '', answer);
  const points = accepted
    ? contestAnswerPoints(correct, Math.min(p.elapsed_ms, limitMs), {
        points_per_correct: c.points_per_correct,
        speed_bonuses: c.speed_bonus ? rules.speed_bonuses : [],
        seconds_per_question: c.seconds_per_question,
      })
    : 0;
  await db.run(sql`INSERT INTO contest_answers (contest_id, user_id, question_id, answer, is_correct, points, elapsed_ms)
    VALUES (${c.id}, ${p.user_id}, ${qid}, ${accepted ? answer : null}, ${correct}, ${points}, ${p.elapsed_ms})`);
  const last = p.served >= p.question_ids.length;
  await db.run(sql`UPDATE contest_plays SET served = served + 1, served_at = clock_timestamp(),
      score = score + ${points}, correct_answers = correct_answers + ${correct ? 1 : 0},
      questions_attended = questions_attended + ${accepted ? 1 : 0},
      scored_at = CASE WHEN ${points} > 0 THEN clock_timestamp() ELSE scored_at END,
      finished_at = CASE WHEN ${last} THEN clock_timestamp() ELSE NULL END
    WHERE contest_id = ${c.id} AND user_id = ${p.user_id}`);
  return { accepted, points };
}

/** Questions whose time (and the network's grace) ran out while the player was away: unanswered. */
async function skipExpired(
  db: Db,
  p: PlayRow,
  c: ContestRow,
  rules: Pick<BattleRules, 'speed_bonuses'>,
): Promise<PlayRow> {
  if (p.finished || p.served > p.question_ids.length) return p;
  if (p.elapsed_ms <= c.seconds_per_question * 1000 + CONTEST_LATENCY_GRACE_MS) return p;
  await recordAnswer(db, p, c, rules, null);
  return (await lockPlay(db, c.id, p.user_id))!;
}

/**
 * Enters a live contest and serves the question now due. The first entry pays the entry fee
 * through the ledger (once, whatever the number of parallel tries); a play under way resumes;
 * a finished one is "you have already played".
 */
export async function enterContest(
  db: Db,
  rules: Pick<BattleRules, 'speed_bonuses'>,
  userId: number,
  contestId: number,
): Promise<{ play: ContestPlay; entered: boolean }> {
  const c = await contestById(db, userId, contestId, false);
  let p = await lockPlay(db, c.id, userId);
  if (p?.finished) throw new AppError('already_played', { field: 'contest_id' });
  if (statusOf(c) !== 'live' || c.closed) throw new AppError('contest_not_live', { field: 'contest_id' });
  let entered = false;
  if (!p) {
    const keys = await db.rows<{ id: number; type: string; answer: string }>(sql`
      SELECT q.id, q.type, q.answer #>> '{}' AS answer FROM contest_questions x
      JOIN questions q ON q.id = x.question_id
      WHERE x.contest_id = ${c.id} AND q.status = 1 ORDER BY x.sort, q.id`);
    if (keys.length === 0)
      throw new AppError('not_found', { field: 'contest_id', message: 'This contest has no questions yet.' });
    const by = (f: (k: (typeof keys)[number]) => string) =>
      JSON.stringify(Object.fromEntries(keys.map((k) => [k.id, f(k)])));
    // Parallel entries: one inserts; the others wait for it, insert nothing and resume its play.
    const inserted = await db.one<{ ok: number }>(sql`INSERT INTO contest_plays (contest_id, user_id, question_ids,
        answer_key, question_types, served_at, scored_at, started_at)
      VALUES (${c.id}, ${userId}, ${`{${keys.map((k) => k.id).join(',')}}`}::integer[], ${by((k) => k.answer)}::jsonb,
        ${by((k) => k.type)}::jsonb, clock_timestamp(), clock_timestamp(), clock_timestamp())
      ON CONFLICT (contest_id, user_id) DO NOTHING RETURNING 1 AS ok`);
    if (inserted && c.entry_fee > 0) {
      await moveCoins(db, {
        userId,
        delta: -c.entry_fee,
        reason: 'contest_fee',
        ref: String(c.id),
        opId: `contest_fee:${c.id}`,
      });
    }
    entered = Boolean(inserted);
    p = (await lockPlay(db, c.id, userId))!;
    if (p.finished) throw new AppError('already_played', { field: 'contest_id' });
  }
  p = await skipExpired(db, p, c, rules);
  return { play: await playView(db, p, c), entered };
}

/** The answer to the question on the player's screen; the reply serves the next one. */
export async function answerContest(
  db: Db,
  rules: Pick<BattleRules, 'speed_bonuses'>,
  userId: number,
  o: { contestId: number; questionId: number; answer: string | null },
): Promise<ContestStep> {
  const c = await contestById(db, userId, o.contestId, false);
  const p = await lockPlay(db, c.id, userId);
  if (!p) throw new AppError('contest_not_started', { field: 'contest_id' });
  const current = p.finished ? undefined : p.question_ids[p.served - 1];
  if (current !== o.questionId) {
    // A repeat of an answer already recorded (its reply was lost, even the last one's): where
    // the play is now, nothing recorded twice.
    const done = await db.one<{ accepted: boolean }>(sql`SELECT answer IS NOT NULL AS accepted FROM contest_answers
      WHERE contest_id = ${c.id} AND user_id = ${userId} AND question_id = ${o.questionId}`);
    if (done) return { accepted: done.accepted, play: await playView(db, p, c) };
    if (p.finished) throw new AppError('already_played', { field: 'contest_id' });
    throw new AppError('question_not_served', { field: 'question_id' });
  }
  if (Date.parse(p.now) > Date.parse(c.ends_at) + CONTEST_END_GRACE_SECONDS * 1000)
    throw new AppError('contest_not_live', { field: 'contest_id' });
  const { accepted } = await recordAnswer(db, p, c, rules, o.answer);
  return { accepted, play: await playView(db, (await lockPlay(db, c.id, userId))!, c) };
}

async function rankOf(db: Db, contestId: number, score: number): Promise<{ rank: number; participants: number }> {
  return (await db.one<{ rank: number; participants: number }>(sql`SELECT
      1 + count(*) FILTER (WHERE score > ${score})::int AS rank, count(*)::int AS participants
    FROM contest_plays WHERE contest_id = ${contestId}`))!;
}

/**
 * Ends the player's play (the questions not reached count as not attended) and answers their
 * score and rank. The score is the server's; a repeat answers the same.
 */
export async function finishContest(db: Db, userId: number, contestId: number): Promise<ContestFinish> {
  const p = await lockPlay(db, contestId, userId);
  if (!p) throw new AppError('contest_not_started', { field: 'contest_id' });
  if (!p.finished) {
    await db.run(sql`UPDATE contest_plays SET finished_at = clock_timestamp(), served = ${p.question_ids.length + 1}
      WHERE contest_id = ${contestId} AND user_id = ${userId}`);
  }
  const { rank, participants } = await rankOf(db, contestId, p.score);
  return {
    contest_id: contestId,
    score: p.score,
    correct_answers: p.correct_answers,
    questions_attended: p.questions_attended,
    total_questions: p.question_ids.length,
    rank,
    participants,
  };
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
  userId: number,
  o: { contestId: number; offset: number; limit: number },
): Promise<ContestBoard> {
  const c = await contestById(db, userId, o.contestId);
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
export async function closeDueContest(db: Db): Promise<{ contestId: number; paid: number } | null> {
  const c = await db.one<{ id: number; name: string; prizes: Prize[] }>(sql`SELECT id, name, prizes FROM contests
    WHERE closed_at IS NULL AND ends_at <= now() ORDER BY ends_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`);
  if (!c) return null;
  await db.run(sql`UPDATE contest_plays SET finished_at = coalesce(finished_at, now())
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
  await db.run(sql`UPDATE contests SET closed_at = now() WHERE id = ${c.id}`);
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
