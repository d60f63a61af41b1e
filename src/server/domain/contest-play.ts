import type { ContestFinish, ContestPlay, ContestStep } from '../../core/contract';
import type { BattleRules } from '../../core/rules/battle';
import { contestAnswerPoints } from '../../core/rules/contest';
import { isCorrectAnswer } from '../../core/rules/answers';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contestAnswers, contestPlays, contestQuestions, questions } from '../db/schema';
import { intArray, jsonText } from '../db/sql-helpers';
import { AppError } from '../errors';
import { contestById, statusOf, type ContestRow } from './contests';
import { HUMAN_FLOOR_MS_SQL } from './human-floor';
import { coinBalance, moveCoins } from './ledger';
import { loadSealedQuestions } from './play/sessions';
import { recordTrustEvent } from './trust-events';
import { clockAt, sqlInstant as at } from './clock';

// A player's play of a contest: the server serves one question at a time (the one now due,
// never a later one, never an answer) and grades each answer by its own clock.

/**
 * An answer arriving this long after its question's time still counts as attended, with the
 * points of an answer at the last moment (no speed bonus): the trip on a slow network.
 */
export const CONTEST_LATENCY_GRACE_MS = 2_000;
/** Answers are taken this long after the contest's end (the last question's trip). */
export const CONTEST_END_GRACE_SECONDS = 10;

const cp = contestPlays;

/** The player's play, locked, with the time since its question was served and the floor now. */
function lockPlayQuery(db: Db, contestId: number, userId: number, now: Date) {
  return db.orm
    .select({
      contest_id: cp.contest_id,
      user_id: cp.user_id,
      question_ids: cp.question_ids,
      answer_key: sql<Record<string, string>>`${cp.answer_key}`,
      question_types: sql<Record<string, string>>`${cp.question_types}`,
      served: cp.served,
      served_at: jsonText(cp.served_at),
      score: cp.score,
      correct_answers: cp.correct_answers,
      questions_attended: cp.questions_attended,
      finished: sql<boolean>`${cp.finished_at} IS NOT NULL`,
      /** Milliseconds since the question now served was served. */
      elapsed_ms: sql<number>`(extract(epoch FROM ${at(now)} - ${cp.served_at}) * 1000)::int`,
      /** The human floor now (system configuration). */
      floor_ms: sql<number>`${HUMAN_FLOOR_MS_SQL}`,
      now: sql<string>`${now.toISOString()}`,
    })
    .from(cp)
    .where(and(eq(cp.contest_id, contestId), eq(cp.user_id, userId)))
    .for('update');
}

type PlayRow = Awaited<ReturnType<typeof lockPlayQuery>>[number];

async function lockPlay(db: Db, contestId: number, userId: number, now: Date): Promise<PlayRow | undefined> {
  const [play] = await lockPlayQuery(db, contestId, userId, now);
  return play;
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
  // Faster than a human reads: attended, worth nothing (not even a correct answer), recorded.
  const fast = accepted && p.elapsed_ms < p.floor_ms;
  const correct =
    accepted &&
    !fast &&
    isCorrectAnswer(p.question_types[String(qid)] ?? 'mcq', p.answer_key[String(qid)] ?? '', answer);
  const points = accepted
    ? contestAnswerPoints(correct, Math.min(p.elapsed_ms, limitMs), {
        points_per_correct: c.points_per_correct,
        speed_bonuses: c.speed_bonus ? rules.speed_bonuses : [],
        seconds_per_question: c.seconds_per_question,
        human_floor_ms: p.floor_ms,
      })
    : 0;
  if (fast)
    await recordTrustEvent(db, p.user_id, 'fast_answer', `contest:${c.id}`, {
      mode: 'contest',
      question_id: qid,
      elapsed_ms: p.elapsed_ms,
      floor_ms: p.floor_ms,
    });
  await db.run(sql`INSERT INTO contest_answers (contest_id, user_id, question_id, answer, is_correct, points, elapsed_ms)
    VALUES (${c.id}, ${p.user_id}, ${qid}, ${accepted ? answer : null}, ${correct}, ${points}, ${p.elapsed_ms})`);
  const last = p.served >= p.question_ids.length;
  const now = at(new Date(p.now));
  await db.run(sql`UPDATE contest_plays SET served = served + 1, served_at = ${now},
      score = score + ${points}, correct_answers = correct_answers + ${correct ? 1 : 0},
      questions_attended = questions_attended + ${accepted ? 1 : 0},
      scored_at = CASE WHEN ${points} > 0 THEN ${now} ELSE scored_at END,
      finished_at = CASE WHEN ${last} THEN ${now} ELSE NULL END
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
  return (await lockPlay(db, c.id, p.user_id, new Date(p.now)))!;
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
  now: Date,
): Promise<{ play: ContestPlay; entered: boolean }> {
  const c = await contestById(db, clockAt(now), userId, contestId, false);
  let p = await lockPlay(db, c.id, userId, now);
  if (p?.finished) throw new AppError('already_played', { field: 'contest_id' });
  if (statusOf(c) !== 'live' || c.closed) throw new AppError('contest_not_live', { field: 'contest_id' });
  let entered = false;
  if (!p) {
    const [x, q] = [contestQuestions, questions];
    const keys = await db.orm
      .select({ id: q.id, type: q.type, answer: sql<string>`${q.answer} #>> '{}'` })
      .from(x)
      .innerJoin(q, eq(q.id, x.question_id))
      .where(and(eq(x.contest_id, c.id), sql`${q.status} = 1`))
      .orderBy(x.sort, q.id);
    if (keys.length === 0)
      throw new AppError('not_found', { field: 'contest_id', message: 'This contest has no questions yet.' });
    const by = (f: (k: (typeof keys)[number]) => string) =>
      JSON.stringify(Object.fromEntries(keys.map((k) => [k.id, f(k)])));
    // Parallel entries: one inserts; the others wait for it, insert nothing and resume its play.
    const [inserted] = await db.orm
      .insert(cp)
      .values({
        contest_id: c.id,
        user_id: userId,
        question_ids: intArray(keys.map((k) => k.id)),
        answer_key: sql`${by((k) => k.answer)}::jsonb`,
        question_types: sql`${by((k) => k.type)}::jsonb`,
        served_at: at(now),
        scored_at: at(now),
        started_at: at(now),
      })
      .onConflictDoNothing({ target: [cp.contest_id, cp.user_id] })
      .returning({ ok: sql<number>`1` });
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
    p = (await lockPlay(db, c.id, userId, now))!;
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
  now: Date,
): Promise<ContestStep> {
  const c = await contestById(db, clockAt(now), userId, o.contestId, false);
  const p = await lockPlay(db, c.id, userId, now);
  if (!p) throw new AppError('contest_not_started', { field: 'contest_id' });
  const current = p.finished ? undefined : p.question_ids[p.served - 1];
  if (current !== o.questionId) {
    // A repeat of an answer already recorded (its reply was lost, even the last one's): where
    // the play is now, nothing recorded twice.
    const ca = contestAnswers;
    const [done] = await db.orm
      .select({ accepted: sql<boolean>`${ca.answer} IS NOT NULL` })
      .from(ca)
      .where(and(eq(ca.contest_id, c.id), eq(ca.user_id, userId), eq(ca.question_id, o.questionId)));
    if (done) return { accepted: done.accepted, play: await playView(db, p, c) };
    if (p.finished) throw new AppError('already_played', { field: 'contest_id' });
    throw new AppError('question_not_served', { field: 'question_id' });
  }
  if (Date.parse(p.now) > Date.parse(c.ends_at) + CONTEST_END_GRACE_SECONDS * 1000)
    throw new AppError('contest_not_live', { field: 'contest_id' });
  const { accepted } = await recordAnswer(db, p, c, rules, o.answer);
  return { accepted, play: await playView(db, (await lockPlay(db, c.id, userId, now))!, c) };
}

/** The rank a score has in a contest now (equal scores share it) and how many play it. */
async function rankOf(db: Db, contestId: number, score: number): Promise<{ rank: number; participants: number }> {
  const [row] = await db.orm
    .select({
      rank: sql<number>`1 + count(*) FILTER (WHERE ${cp.score} > ${score})::int`,
      participants: count(),
    })
    .from(cp)
    .where(eq(cp.contest_id, contestId));
  return row!;
}

/**
 * Ends the player's play (the questions not reached count as not attended) and answers their
 * score and rank. The score is the server's; a repeat answers the same.
 */
export async function finishContest(db: Db, userId: number, contestId: number, now: Date): Promise<ContestFinish> {
  const p = await lockPlay(db, contestId, userId, now);
  if (!p) throw new AppError('contest_not_started', { field: 'contest_id' });
  if (!p.finished) {
    await db.run(sql`UPDATE contest_plays SET finished_at = ${at(now)}, served = ${p.question_ids.length + 1}
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
