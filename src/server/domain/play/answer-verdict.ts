import type { AnswerVerdict } from '../../../core/contract';
import { canonicalAnswer, isCorrectAnswer, normalizeWord } from '../../../core/rules/answers';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { playAnswers, playSessions, type Row } from '../../db/schema';
import { AppError } from '../../errors';
import type { SettingsStore } from '../settings-store';
import { recordTrustEvent } from '../trust-events';
import { GRACE_SECONDS } from './sessions';

/** The columns of a session that grading one answer reads. */
export type VerdictSession = Pick<
  Row<typeof playSessions>,
  'id' | 'user_id' | 'question_ids' | 'answer_key' | 'question_types' | 'rewards'
>;

/** One stored answer: the first given to its question. */
export type StoredAnswer = Pick<Row<typeof playAnswers>, 'question_id' | 'answer' | 'is_correct' | 'fast'>;

/** The answer in its type's canonical form; null when none was given (or it is not one). */
function canonical(type: string, answer: string | null | undefined): string | null {
  if (answer === null || answer === undefined || answer.trim() === '') return null;
  const c = canonicalAnswer(type, answer);
  return c === null || c === '' ? null : c;
}

/** The session's clock: since the last verdict (or the start), and the time not yet credited to an answer, in ms. */
export interface SessionClock {
  gap: number;
  budget: number;
}

// A session and its answers, as the clock's SQL names them.
const p = alias(playSessions, 'p');
const a = alias(playAnswers, 'a');

/** The clock of a session `p` over its answers `a` (grouped by session). */
const CLOCK_FIELDS = {
  gap: sql<number>`(extract(epoch FROM now() - greatest(${p.started_at}, coalesce(max(${a.answered_at}), ${p.started_at}))) * 1000)::float8`,
  budget: sql<number>`(extract(epoch FROM now() - ${p.started_at}) * 1000 - coalesce(sum(${a.elapsed_ms}), 0))::float8`,
};

async function sessionClock(db: Db, sessionId: string): Promise<SessionClock> {
  const [clock] = await db.orm
    .select(CLOCK_FIELDS)
    .from(p)
    .leftJoin(a, eq(a.session_id, p.id))
    .where(eq(p.id, sessionId))
    .groupBy(p.id, p.started_at);
  return clock!;
}

/** The session's time not yet credited to an answer, in ms. */
export async function uncreditedMs(db: Db, sessionId: string): Promise<number> {
  return Math.max(0, (await sessionClock(db, sessionId)).budget);
}

/**
 * Grades and stores the first answer to a question of a locked session, on the server's clock.
 * The time it is credited runs from the later of the session's start and the previous answer's
 * verdict; a device may state less (a queued answer), never more than the session has left
 * uncredited, so no time can be claimed before it passed. Under the human floor the answer is
 * kept as given but earns nothing, and a paying session records a `fast_answer` trust event.
 */
export async function storeAnswer(
  db: Db,
  settings: SettingsStore,
  s: VerdictSession,
  questionId: number,
  given: string | null | undefined,
  statedMs?: number,
  clock?: SessionClock,
): Promise<StoredAnswer> {
  const type = s.question_types[String(questionId)] ?? 'mcq';
  const answer = canonical(type, given);
  const { gap, budget } = clock ?? (await sessionClock(db, s.id));
  const elapsed = Math.max(0, Math.floor(Math.min(statedMs ?? gap, budget)));
  const floor = (await settings.rules(db)).human_floor_ms;
  const fast = answer !== null && elapsed < floor;
  const isCorrect = isCorrectAnswer(type, s.answer_key[String(questionId)] ?? '', answer);
  await db.run(sql`INSERT INTO play_answers (session_id, question_id, answer, is_correct, elapsed_ms, fast)
    VALUES (${s.id}::uuid, ${questionId}, ${answer}, ${isCorrect}, ${elapsed}, ${fast})`);
  if (fast && s.rewards)
    await recordTrustEvent(db, s.user_id, 'fast_answer', s.id, { question_id: questionId, elapsed_ms: elapsed, floor });
  return { question_id: questionId, answer, is_correct: isCorrect, fast };
}

/**
 * Stores the answers of many questions of a locked session at once (submitSession's late ones),
 * each credited `elapsedMs` (the caller shares the uncredited time, so their sum stays within it):
 * one statement, plus a trust event for each fast one of a paying session.
 */
export async function storeAnswers(
  db: Db,
  settings: SettingsStore,
  s: VerdictSession,
  given: readonly { questionId: number; answer: string | null | undefined }[],
  elapsedMs: number,
): Promise<StoredAnswer[]> {
  const floor = (await settings.rules(db)).human_floor_ms;
  const elapsed = Math.max(0, Math.floor(elapsedMs));
  const out = given.map(({ questionId, answer: raw }): StoredAnswer => {
    const type = s.question_types[String(questionId)] ?? 'mcq';
    const answer = canonical(type, raw);
    const isCorrect = isCorrectAnswer(type, s.answer_key[String(questionId)] ?? '', answer);
    return { question_id: questionId, answer, is_correct: isCorrect, fast: answer !== null && elapsed < floor };
  });
  if (out.length === 0) return out;
  await db.run(sql`INSERT INTO play_answers (session_id, question_id, answer, is_correct, elapsed_ms, fast)
    SELECT ${s.id}::uuid, x.question_id, x.answer, x.is_correct, ${elapsed}, x.fast
    FROM json_to_recordset(${JSON.stringify(out)}::json) AS x(question_id int, answer text, is_correct boolean, fast boolean)`);
  for (const a of out) {
    if (a.fast && s.rewards)
      await recordTrustEvent(db, s.user_id, 'fast_answer', s.id, {
        question_id: a.question_id,
        elapsed_ms: elapsed,
        floor,
      });
  }
  return out;
}

/** A session locked to grade one answer (built once: it runs on every answer). */
const lockForAnswer = prepared((orm) => {
  const ps = playSessions;
  return orm
    .select({
      id: ps.id,
      user_id: ps.user_id,
      question_ids: ps.question_ids,
      answer_key: ps.answer_key,
      question_types: ps.question_types,
      rewards: ps.rewards,
      sealed: ps.sealed,
      finished: sql<boolean>`${ps.finished_at} IS NOT NULL`,
      expired: sql<boolean>`now() > ${ps.deadline} + make_interval(secs => ${GRACE_SECONDS})`,
    })
    .from(ps)
    .where(eq(ps.id, sql.placeholder('id')))
    .for('update');
});

/**
 * submit_answer: the verdict of one answer to a question of the player's open sealed session,
 * with that question's answer and explanation (and no other's). The same answer again answers
 * the stored verdict; a different one is refused and changes nothing.
 */
export async function submitAnswer(
  db: Db,
  settings: SettingsStore,
  userId: number,
  o: { session_id: string; question_id: number; answer?: string; elapsed_ms?: number },
  /** Told when this is the same answer again (its stored verdict is the reply). */
  repeated?: () => void,
): Promise<AnswerVerdict> {
  const [s] = await lockForAnswer(db, { id: o.session_id });
  // Another player's session is answered as if it did not exist.
  if (!s || s.user_id !== userId) throw new AppError('not_found', { field: 'session_id' });
  if (!s.question_ids.includes(o.question_id) || s.answer_key[String(o.question_id)] === undefined)
    throw new AppError('not_found', { field: 'question_id', message: 'This question is not in this quiz.' });
  const type = s.question_types[String(o.question_id)] ?? 'mcq';
  // Read after the lock (its own snapshot): an answer a concurrent twin stored is seen here.
  const state = await answerState(db, s.id, o.question_id);
  const prior = state.prior ?? undefined;
  if (prior && prior.answer !== canonical(type, o.answer))
    throw new AppError(s.finished ? 'session_finished' : 'already_answered', { field: 'question_id' });
  let stored = prior;
  if (stored) repeated?.();
  else {
    // An offline pack's play is graded whole when posted: it has no answers to take one by one.
    if (s.finished || !s.sealed) throw new AppError('session_finished');
    if (s.expired) throw new AppError('session_expired');
    stored = await storeAnswer(db, settings, s, o.question_id, o.answer, o.elapsed_ms, state);
  }
  const key = s.answer_key[String(o.question_id)]!;
  return {
    session_id: s.id,
    question_id: o.question_id,
    answer: stored.answer,
    is_correct: stored.is_correct,
    correct_answer: type === 'word' ? normalizeWord(key) : key,
    explanation: state.explanation,
    answered: state.answered + (prior ? 0 : 1),
  };
}

/**
 * What answering one question of a session needs, in one read: the answer stored for it (if
 * any), the session's clock, the number of questions answered and the question's explanation.
 */
async function answerState(db: Db, sessionId: string, questionId: number) {
  const [row] = await readAnswerState(db, { id: sessionId, question_id: questionId });
  return row!;
}

const readAnswerState = prepared((orm) => {
  const questionId = sql.placeholder('question_id');
  return orm
    .select({
      ...CLOCK_FIELDS,
      answered: sql<number>`count(${a.question_id})::int`,
      prior: sql<StoredAnswer | null>`(SELECT json_build_object('question_id', x.question_id, 'answer', x.answer,
          'is_correct', x.is_correct, 'fast', x.fast) FROM play_answers x
        WHERE x.session_id = ${p.id} AND x.question_id = ${questionId}::int)`,
      explanation: sql<string>`coalesce((SELECT explanation FROM questions WHERE id = ${questionId}::int), '')`,
    })
    .from(p)
    .leftJoin(a, eq(a.session_id, p.id))
    .where(eq(p.id, sql.placeholder('id')))
    .groupBy(p.id, p.started_at);
});
