import type { AnswerVerdict } from '../../../core/contract';
import { canonicalAnswer, isCorrectAnswer, normalizeWord } from '../../../core/rules/answers';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { playAnswers, playSessions, type Row } from '../../db/schema';
import { AppError } from '../../errors';
import type { SettingsStore } from '../settings-store';
import { recordTrustEvent, type TrustEventKind } from '../trust-events';
import { isUniqueViolation } from '../../db/pg-errors';
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
interface SessionClock {
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

/**
 * What answering one question of a session reads, in one statement and without a lock (built
 * once: it runs on every answer): the session's key and state, its clock, the number of questions
 * answered, the answer stored for this question (if any) and its explanation, and `answer_seq`,
 * which every answer stored one by one bumps.
 */
const readForAnswer = prepared((orm) => {
  const questionId = sql.placeholder('question_id');
  return orm
    .select({
      id: p.id,
      user_id: p.user_id,
      question_ids: p.question_ids,
      answer_key: p.answer_key,
      question_types: p.question_types,
      rewards: p.rewards,
      sealed: p.sealed,
      answer_seq: p.answer_seq,
      finished: sql<boolean>`${p.finished_at} IS NOT NULL`,
      expired: sql<boolean>`now() > ${p.deadline} + make_interval(secs => ${GRACE_SECONDS})`,
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
    .groupBy(p.id);
});

type AnswerRead = NonNullable<Awaited<ReturnType<typeof readForAnswer>>[number]>;

/**
 * Stores one graded answer if nothing changed the session since `s` was read: in one statement,
 * which bumps `answer_seq` only while it is still the one read and the session is open, stores
 * the answer on that and, for a fast answer of a paying session, its `fast_answer` trust event.
 * False when another answer or the finish came first (or the same question's answer, which the
 * primary key refuses): what was read is stale, read again.
 */
async function storeIfUnchanged(
  db: Db,
  s: AnswerRead,
  answer: StoredAnswer,
  elapsed: number,
  floor: number,
): Promise<boolean> {
  const noted = answer.fast && s.rewards;
  const detail = JSON.stringify({ question_id: answer.question_id, elapsed_ms: elapsed, floor });
  try {
    const [row] = await db.rows<{ n: number }>(sql`WITH bumped AS (
        UPDATE play_sessions SET answer_seq = answer_seq + 1
        WHERE id = ${s.id}::uuid AND answer_seq = ${s.answer_seq} AND finished_at IS NULL
          AND now() <= deadline + make_interval(secs => ${GRACE_SECONDS})
        RETURNING id
      ), stored AS (
        INSERT INTO play_answers (session_id, question_id, answer, is_correct, elapsed_ms, fast)
        SELECT id, ${answer.question_id}, ${answer.answer}, ${answer.is_correct}, ${elapsed}, ${answer.fast} FROM bumped
        RETURNING session_id
      ), noted AS (
        INSERT INTO trust_events (user_id, kind, ref, detail)
        SELECT ${s.user_id}, ${'fast_answer' satisfies TrustEventKind}, ${s.id}, ${detail}::jsonb FROM stored
        WHERE ${noted}
      )
      SELECT count(*)::int AS n FROM stored`);
    return row!.n === 1;
  } catch (e) {
    if (isUniqueViolation(e)) return false;
    throw e;
  }
}

/**
 * submit_answer: the verdict of one answer to a question of the player's open sealed session,
 * with that question's answer and explanation (and no other's). The same answer again answers
 * the stored verdict; a different one is refused and changes nothing.
 *
 * Graded on the server's clock: the time an answer is credited runs from the later of the
 * session's start and the previous answer's verdict; a device may state less (a queued answer),
 * never more than the session has left uncredited, so no time can be claimed before it passed.
 * Under the human floor the answer is kept as given but earns nothing, and a paying session
 * records a `fast_answer` trust event.
 *
 * Two statements and no transaction: a read, then one write that stores the answer only if the
 * session is still as read (`answer_seq`, open, not expired). Two answers of one session sent at
 * once cannot both spend the same uncredited time: the second one's write finds `answer_seq`
 * moved, reads again and is graded on what is left. Each failed write means another answer (one
 * per question) or the finish went through, so the questions' number bounds the attempts.
 */
export async function submitAnswer(
  db: Db,
  settings: SettingsStore,
  userId: number,
  o: { session_id: string; question_id: number; answer?: string; elapsed_ms?: number },
  /** Told when this is the same answer again (its stored verdict is the reply). */
  repeated?: () => void,
): Promise<AnswerVerdict> {
  for (let attempt = 0; ; attempt++) {
    const [s] = await readForAnswer(db, { id: o.session_id, question_id: o.question_id });
    // Another player's session is answered as if it did not exist.
    if (!s || s.user_id !== userId) throw new AppError('not_found', { field: 'session_id' });
    const key = s.answer_key[String(o.question_id)];
    if (!s.question_ids.includes(o.question_id) || key === undefined)
      throw new AppError('not_found', { field: 'question_id', message: 'This question is not in this quiz.' });
    const type = s.question_types[String(o.question_id)] ?? 'mcq';
    const given = canonical(type, o.answer);
    const verdict = (stored: StoredAnswer, answered: number): AnswerVerdict => ({
      session_id: s.id,
      question_id: o.question_id,
      answer: stored.answer,
      is_correct: stored.is_correct,
      correct_answer: type === 'word' ? normalizeWord(key) : key,
      explanation: s.explanation,
      answered,
    });
    if (s.prior) {
      if (s.prior.answer !== given)
        throw new AppError(s.finished ? 'session_finished' : 'already_answered', { field: 'question_id' });
      repeated?.();
      return verdict(s.prior, s.answered);
    }
    // An offline pack's play is graded whole when posted: it has no answers to take one by one.
    if (s.finished || !s.sealed) throw new AppError('session_finished');
    if (s.expired) throw new AppError('session_expired');
    const elapsed = Math.max(0, Math.floor(Math.min(o.elapsed_ms ?? s.gap, s.budget)));
    const floor = (await settings.rules(db)).human_floor_ms;
    const stored: StoredAnswer = {
      question_id: o.question_id,
      answer: given,
      is_correct: isCorrectAnswer(type, key, given),
      fast: given !== null && elapsed < floor,
    };
    if (await storeIfUnchanged(db, s, stored, elapsed, floor)) return verdict(stored, s.answered + 1);
    if (attempt > s.question_ids.length + 2) throw new Error(`submit_answer: session ${s.id} kept changing`);
  }
}
