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
import { keepSessionKey, keptSessionKey, type SessionKey } from './session-keys';

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

/** The fixed columns of a session (its key), read when this process has not kept them yet. */
const readSessionKey = prepared((orm) =>
  orm
    .select({
      id: p.id,
      user_id: p.user_id,
      question_ids: p.question_ids,
      answer_key: p.answer_key,
      question_types: p.question_types,
      sealed: p.sealed,
    })
    .from(p)
    .where(eq(p.id, sql.placeholder('id'))),
);

/** A session's key: kept in this process, or read and kept. */
async function sessionKey(db: Db, id: string): Promise<SessionKey | undefined> {
  const kept = keptSessionKey(id);
  if (kept) return kept;
  const [read] = await readSessionKey(db, { id });
  if (read) keepSessionKey(read);
  return read;
}

/** What the answer's statement found of the session (as it was before the answer) and did. */
interface AnswerOutcomeRow {
  finished: boolean;
  expired: boolean;
  answered: number;
  prior: StoredAnswer | null;
  explanation: string;
  /** The answer was stored. */
  stored: boolean;
}

/**
 * Stores one graded answer, in one statement, if nothing else is stored for the session at the
 * same time: it reads what changes of the session (open, deadline, clock, answers so far, this
 * question's stored answer and its explanation), credits the answer the time it may claim, bumps
 * `answer_seq` only while it is still the one read and the session is open, stores the answer on
 * that and, for a fast answer of a paying session, its `fast_answer` trust event. Answers what it
 * read, and whether it stored; not stored with nothing refused means another answer or the
 * finish came first: try again. 'raced' when the same question's answer was stored at the same
 * time (the primary key refused this one): try again too. Undefined when the session is not the
 * player's or no longer exists.
 */
async function storeAnswer(
  db: Db,
  userId: number,
  o: { session_id: string; question_id: number; elapsed_ms?: number },
  answer: { answer: string | null; is_correct: boolean },
  store: boolean,
  floor: number,
): Promise<AnswerOutcomeRow | 'raced' | undefined> {
  const questionId = o.question_id;
  const stated = o.elapsed_ms ?? null;
  try {
    return await db.one<AnswerOutcomeRow>(sql`WITH s AS (
        SELECT ${p.id} AS id, ${p.answer_seq} AS answer_seq, ${p.finished_at} IS NOT NULL AS finished,
          now() > ${p.deadline} + make_interval(secs => ${GRACE_SECONDS}) AS expired,
          ${CLOCK_FIELDS.gap} AS gap, ${CLOCK_FIELDS.budget} AS budget,
          count(${a.question_id})::int AS answered,
          (SELECT json_build_object('question_id', x.question_id, 'answer', x.answer, 'is_correct', x.is_correct,
              'fast', x.fast) FROM play_answers x
            WHERE x.session_id = ${p.id} AND x.question_id = ${questionId}::int) AS prior,
          coalesce((SELECT explanation FROM questions WHERE id = ${questionId}::int), '') AS explanation
        FROM play_sessions p LEFT JOIN play_answers a ON ${a.session_id} = ${p.id}
        WHERE ${p.id} = ${o.session_id}::uuid AND ${p.user_id} = ${userId}::int
        GROUP BY ${p.id}
      ), e AS (
        SELECT s.*, greatest(0, floor(least(coalesce(${stated}::float8, s.gap), s.budget)))::int AS elapsed FROM s
      ), bumped AS (
        UPDATE play_sessions SET answer_seq = play_sessions.answer_seq + 1 FROM e
        WHERE ${store}::boolean AND play_sessions.id = e.id AND play_sessions.answer_seq = e.answer_seq
          AND e.prior IS NULL AND play_sessions.finished_at IS NULL
          AND now() <= play_sessions.deadline + make_interval(secs => ${GRACE_SECONDS})
        RETURNING e.elapsed, play_sessions.rewards
      ), stored AS (
        INSERT INTO play_answers (session_id, question_id, answer, is_correct, elapsed_ms, fast)
        SELECT ${o.session_id}::uuid, ${questionId}::int, ${answer.answer}::text, ${answer.is_correct}::boolean, elapsed,
          ${answer.answer !== null}::boolean AND elapsed < ${floor}::int
        FROM bumped
        RETURNING elapsed_ms, fast
      ), noted AS (
        INSERT INTO trust_events (user_id, kind, ref, detail)
        SELECT ${userId}::int, ${'fast_answer' satisfies TrustEventKind}, ${o.session_id},
          jsonb_build_object('question_id', ${questionId}::int, 'elapsed_ms', stored.elapsed_ms, 'floor', ${floor}::int)
        FROM stored, bumped WHERE stored.fast AND bumped.rewards
      )
      SELECT e.finished, e.expired, e.answered, e.prior, e.explanation,
        EXISTS (SELECT 1 FROM stored) AS stored
      FROM e`);
  } catch (e) {
    if (isUniqueViolation(e)) return 'raced';
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
 * One statement and no transaction when this process keeps the session's key (it opened the
 * session, or graded an answer of it before), else two: the key's read first. The statement
 * stores the answer only if the session is still as it read it (`answer_seq`, open, not
 * expired). Two answers of one session sent at once cannot both spend the same uncredited time:
 * the second one's write finds `answer_seq` moved and is sent again, graded on what is left. Each
 * failed write means another answer (one per question) or the finish went through, so the
 * questions' number bounds the attempts.
 */
export async function submitAnswer(
  db: Db,
  settings: SettingsStore,
  userId: number,
  o: { session_id: string; question_id: number; answer?: string; elapsed_ms?: number },
  /** Told when this is the same answer again (its stored verdict is the reply). */
  repeated?: () => void,
): Promise<AnswerVerdict> {
  const k = await sessionKey(db, o.session_id);
  // Another player's session is answered as if it did not exist.
  if (!k || k.user_id !== userId) throw new AppError('not_found', { field: 'session_id' });
  const key = k.answer_key[String(o.question_id)];
  if (!k.question_ids.includes(o.question_id) || key === undefined)
    throw new AppError('not_found', { field: 'question_id', message: 'This question is not in this quiz.' });
  const type = k.question_types[String(o.question_id)] ?? 'mcq';
  const given = canonical(type, o.answer);
  const isCorrect = isCorrectAnswer(type, key, given);
  const floor = (await settings.rules(db)).human_floor_ms;
  const verdict = (stored: Pick<StoredAnswer, 'answer' | 'is_correct'>, s: AnswerOutcomeRow, answered: number) => ({
    session_id: k.id,
    question_id: o.question_id,
    answer: stored.answer,
    is_correct: stored.is_correct,
    correct_answer: type === 'word' ? normalizeWord(key) : key,
    explanation: s.explanation,
    answered,
  });
  for (let attempt = 0; ; attempt++) {
    if (attempt > k.question_ids.length + 2) throw new Error(`submit_answer: session ${k.id} kept changing`);
    // An offline pack's play is graded whole when posted: it has no answers to store one by one.
    const s = await storeAnswer(db, userId, o, { answer: given, is_correct: isCorrect }, k.sealed, floor);
    if (!s) throw new AppError('not_found', { field: 'session_id' });
    if (s === 'raced') continue;
    if (s.stored) return verdict({ answer: given, is_correct: isCorrect }, s, s.answered + 1);
    if (s.prior) {
      if (s.prior.answer !== given)
        throw new AppError(s.finished ? 'session_finished' : 'already_answered', { field: 'question_id' });
      repeated?.();
      return verdict(s.prior, s, s.answered);
    }
    if (s.finished || !k.sealed) throw new AppError('session_finished');
    if (s.expired) throw new AppError('session_expired');
  }
}
