import { randomUUID } from 'node:crypto';
import type { PlayQuestion, PlaySession, QuizResult } from '../../core/contract';
import { isLevelPlayable, levelOutcome } from '../../core/rules/level-progress';
import { percentage } from '../../core/rules/quiz-reward';
import { sql, type Db } from '../db/client';
import { AppError } from '../http/errors';
import type { SettingsStore } from './settings-store';
import { subcategoryLevels } from './content';
import { readProgress } from './level-progress';
import { addScore, moveCoins } from './ledger';
import { recordStatistics } from './statistics';

const MODE = 'quiz_zone';
/** Late answers are accepted this long after the deadline (slow networks, retries). */
const GRACE_SECONDS = 120;

interface QuestionRow {
  id: number;
  question: string;
  type: PlayQuestion['question_type'];
  options: PlayQuestion['options'];
  answer: string;
  explanation: string;
  image: string;
  marks: number;
}

export interface OpenLevel {
  userId: number;
  languageId: number;
  category: string;
  subcategory: string;
  level: number;
}

/** Opens a play session for a quiz-zone level the player has unlocked. */
export async function openLevelSession(db: Db, settings: SettingsStore, o: OpenLevel): Promise<PlaySession> {
  const rules = await settings.rules(db);
  // One round trip for the subcategory, its levels in this language and the player's unlock.
  const ref = await db.one<{
    sub_id: number;
    premium_price: number;
    max_level: number | null;
    unlocked: number | null;
  }>(sql`
    SELECT s.id AS sub_id, c.premium_price,
      (SELECT max(q.level) FROM questions q WHERE q.subcategory_id = s.id AND q.status = 1) AS max_level,
      (SELECT p.unlocked_level FROM level_progress p WHERE p.user_id = ${o.userId} AND p.mode = ${MODE}
        AND p.category = ${o.category} AND p.subcategory = ${o.subcategory}) AS unlocked
    FROM categories c JOIN subcategories s ON s.category_id = c.id
    WHERE c.language_id = ${o.languageId} AND c.slug = ${o.category} AND s.slug = ${o.subcategory}
      AND c.status = 1 AND s.status = 1`);
  if (!ref) throw new AppError('not_found', { field: 'subcategory', message: 'No such category or subcategory.' });
  if (ref.premium_price > 0) throw new AppError('premium_locked');
  if (o.level > (ref.max_level ?? 0)) throw new AppError('not_found', { field: 'level', message: 'No such level.' });
  if (!isLevelPlayable(o.level, ref.unlocked ?? 1)) throw new AppError('level_locked', { field: 'level' });

  const questions = await db.rows<QuestionRow>(sql`
    SELECT id, question, type, options, answer #>> '{}' AS answer, explanation, image, marks
    FROM questions WHERE subcategory_id = ${ref.sub_id} AND level = ${o.level} AND status = 1
    ORDER BY random() LIMIT ${rules.quiz_zone_questions_per_level}`);
  if (questions.length === 0)
    throw new AppError('not_found', { field: 'level', message: 'This level has no questions yet.' });

  const id = randomUUID();
  const seconds = rules.quiz_zone_question_seconds;
  const key = Object.fromEntries(questions.map((q) => [q.id, q.answer]));
  const row = await db.one<{ started_at: string; deadline: string; now: string }>(sql`
    INSERT INTO play_sessions (id, user_id, mode, language_id, category, subcategory, level,
      question_ids, answer_key, deadline)
    VALUES (${id}::uuid, ${o.userId}, ${MODE}, ${o.languageId}, ${o.category}, ${o.subcategory}, ${o.level},
      ${`{${questions.map((q) => q.id).join(',')}}`}::integer[], ${JSON.stringify(key)}::jsonb,
      now() + make_interval(secs => ${seconds * questions.length}))
    RETURNING to_json(started_at) #>> '{}' AS started_at, to_json(deadline) #>> '{}' AS deadline,
      to_json(now()) #>> '{}' AS now`);
  return {
    session_id: id,
    mode: MODE,
    category: o.category,
    subcategory: o.subcategory,
    level: o.level,
    started_at: new Date(row!.started_at).toISOString(),
    deadline: new Date(row!.deadline).toISOString(),
    server_time: new Date(row!.now).toISOString(),
    seconds_per_question: seconds,
    questions: questions.map((q) => ({
      id: q.id,
      question: q.question,
      question_type: q.type,
      options: q.options,
      answer: q.answer,
      explanation: q.explanation,
      image: q.image,
      marks: q.marks,
    })),
  };
}

interface SessionRow {
  id: string;
  user_id: number;
  mode: string;
  category: string;
  subcategory: string;
  level: number;
  question_ids: number[];
  answer_key: Record<string, string>;
  finished_at: string | null;
  result: QuizResult | null;
  expired: boolean;
}

/**
 * Grades a finished level from the answers the player sent, against the answers stored when
 * the session opened, and applies coins, score, progress and statistics in one transaction.
 * A session is graded once: submitting it again answers the same result.
 */
export async function submitLevelSession(
  db: Db,
  settings: SettingsStore,
  userId: number,
  sessionId: string,
  answers: { question_id: number; answer: string | null }[],
): Promise<QuizResult> {
  const s = await db.one<SessionRow>(sql`SELECT id, user_id, mode, category, subcategory, level,
      question_ids, answer_key, finished_at, result,
      now() > deadline + make_interval(secs => ${GRACE_SECONDS}) AS expired
    FROM play_sessions WHERE id = ${sessionId}::uuid FOR UPDATE`);
  // Another player's session is answered as if it did not exist.
  if (!s || s.user_id !== userId || s.mode !== MODE) throw new AppError('not_found', { field: 'session_id' });
  if (s.result) return s.result;
  if (s.expired) throw new AppError('session_expired');
  // One grading at a time per player: two sessions of one level submitted together must not
  // both see the level as never cleared (the progress row may not exist yet to lock).
  await db.run(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);

  const given = new Map<number, string | null>();
  for (const a of answers) if (!given.has(a.question_id)) given.set(a.question_id, a.answer);
  const review = s.question_ids.map((qid) => {
    const correct = s.answer_key[String(qid)]!;
    const answer = given.get(qid) ?? null;
    return { question_id: qid, answer, correct_answer: correct, is_correct: answer === correct };
  });
  const total = review.length;
  const correct = review.filter((r) => r.is_correct).length;
  const unanswered = review.filter((r) => r.answer === null).length;

  const rules = await settings.rules(db);
  const { maxLevel } = await subcategoryLevels(db, s.category, s.subcategory);
  const progress = await readProgress(db, userId, MODE, s.category, s.subcategory, true);
  const before = progress.results.get(s.level);
  const out = levelOutcome(
    correct,
    total,
    {
      level: s.level,
      maxLevel,
      unlockedLevel: progress.unlockedLevel,
      clearedBefore: before?.cleared ?? false,
      bestScore: before?.best_score ?? 0,
    },
    rules,
  );

  for (const r of review) {
    await db.run(sql`INSERT INTO play_answers (session_id, question_id, answer, is_correct)
      VALUES (${s.id}::uuid, ${r.question_id}, ${r.answer}, ${r.is_correct})`);
  }
  await db.run(sql`INSERT INTO level_results (user_id, mode, category, subcategory, level, best_score, plays, cleared_at)
    VALUES (${userId}, ${MODE}, ${s.category}, ${s.subcategory}, ${s.level}, ${out.points}, 1,
      ${out.passed ? sql`now()` : sql`NULL`})
    ON CONFLICT (user_id, mode, category, subcategory, level) DO UPDATE SET
      best_score = greatest(level_results.best_score, EXCLUDED.best_score),
      plays = level_results.plays + 1,
      cleared_at = coalesce(level_results.cleared_at, EXCLUDED.cleared_at)`);
  await db.run(sql`INSERT INTO level_progress (user_id, mode, category, subcategory, unlocked_level)
    VALUES (${userId}, ${MODE}, ${s.category}, ${s.subcategory}, ${out.unlockedLevel})
    ON CONFLICT (user_id, mode, category, subcategory) DO UPDATE SET
      unlocked_level = greatest(level_progress.unlocked_level, EXCLUDED.unlocked_level)`);
  await recordStatistics(db, userId, s.category, total, correct);
  const ref = `${s.category}/${s.subcategory}/${s.level}`;
  if (out.coins > 0) {
    // Keyed by level, not session: the first-clear reward exists once per player and level.
    await moveCoins(db, {
      userId,
      delta: out.coins,
      reason: 'quiz_zone_level',
      ref,
      opId: `first_clear:${MODE}:${ref}`,
    });
  }
  await addScore(db, userId, out.scoreGain, MODE, s.id);
  const user = await db.one<{ coins: number; all_time_score: number }>(
    sql`SELECT coins, score::integer AS all_time_score FROM users WHERE id = ${userId}`,
  );

  const result: QuizResult = {
    session_id: s.id,
    total,
    correct,
    incorrect: total - correct - unanswered,
    unanswered,
    percentage: percentage(correct, total),
    score: out.points,
    score_gain: out.scoreGain,
    coins: out.coins,
    passed: out.passed,
    first_clear: out.firstClear,
    level: s.level,
    max_level: maxLevel,
    next_level_unlocked: out.nextLevelUnlocked,
    unlocked_level: out.unlockedLevel,
    user: user!,
    review,
  };
  await db.run(sql`UPDATE play_sessions SET finished_at = now(), result = ${JSON.stringify(result)}::jsonb
    WHERE id = ${s.id}::uuid`);
  return result;
}
