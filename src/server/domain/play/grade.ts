import { CATEGORY_TYPES, type QuizResult, type ReviewItem } from '../../../core/contract';
import { levelOutcome, levelPassed } from '../../../core/rules/level-progress';
import { countAnswers, reachesPassMark, UNPAID_PASS_PERCENTAGE } from '../../../core/rules/quiz-grading';
import { quizReward, quizScore } from '../../../core/rules/quiz-reward';
import { isCorrectAnswer } from '../../../core/rules/answers';
import { modeRule } from '../../../core/rules/solo-modes';
import { and, eq, gte, ne } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { playSessions, users } from '../../db/schema';
import { intArray } from '../../db/sql-helpers';
import { AppError } from '../../errors';
import { subcategoryLevels } from '../content';
import { addScore, moveCoins, scoreWrites } from '../ledger';
import { readProgress } from '../level-progress';
import type { SettingsStore } from '../settings-store';
import { statisticsWrites } from '../statistics';
import { storeAnswers, uncreditedMs, type StoredAnswer } from './answer-verdict';
import { GRACE_SECONDS } from './sessions';

/** A session to grade, locked: what grading reads of it, and whether it is past its deadline and grace. */
async function lockSession(db: Db, sessionId: string) {
  const [s] = await lockToGrade(db, { id: sessionId });
  return s;
}

// Built once: it runs on every submitted quiz.
const lockToGrade = prepared((orm) =>
  orm
    .select({
      id: playSessions.id,
      user_id: playSessions.user_id,
      mode: playSessions.mode,
      category: playSessions.category,
      subcategory: playSessions.subcategory,
      level: playSessions.level,
      max_level: playSessions.max_level,
      unit: playSessions.unit,
      rewards: playSessions.rewards,
      question_ids: playSessions.question_ids,
      answer_key: playSessions.answer_key,
      question_types: playSessions.question_types,
      result: playSessions.result,
      finish_key: playSessions.finish_key,
      finish_hash: playSessions.finish_hash,
      sealed: playSessions.sealed,
      expired: sql<boolean>`now() > ${playSessions.deadline} + make_interval(secs => ${GRACE_SECONDS})`,
    })
    .from(playSessions)
    .where(eq(playSessions.id, sql.placeholder('id')))
    .for('update'),
);

type GradedSession = NonNullable<Awaited<ReturnType<typeof lockSession>>>;

interface Reward {
  coins: number;
  score: number;
  scoreGain: number;
  passed: boolean;
  firstClear: boolean;
  maxLevel: number;
  unlockedLevel: number;
  nextLevelUnlocked: boolean;
  rewarded: boolean;
}

const NO_REWARD: Omit<Reward, 'score' | 'passed'> = {
  coins: 0,
  scoreGain: 0,
  firstClear: false,
  maxLevel: 0,
  unlockedLevel: 0,
  nextLevelUnlocked: false,
  rewarded: false,
};

/** A level, round or text: coins on the first pass, score beyond the best, unlocks. */
async function levelReward(
  db: Db,
  s: GradedSession,
  correct: number,
  total: number,
  settings: SettingsStore,
): Promise<Reward> {
  const rules = await settings.rules(db);
  const rule = modeRule(s.mode, rules);
  // Fun and learn keeps no levels: its unit is a text.
  const type = s.mode === 'fun_n_learn' ? undefined : CATEGORY_TYPES[s.mode as keyof typeof CATEGORY_TYPES];
  // Fun and learn keeps its results per text: the text's slug stands in the subcategory's place.
  const sub = s.mode === 'fun_n_learn' ? s.unit : s.subcategory;
  // As the session opened (the edition played); older sessions look it up.
  const maxLevel = !type
    ? 1
    : s.max_level > 0
      ? s.max_level
      : (await subcategoryLevels(db, s.category, s.subcategory, type)).maxLevel;
  const progress = await readProgress(db, s.user_id, s.mode, s.category, sub, true);
  const before = progress.results.get(s.level);
  const out = levelOutcome(
    correct,
    total,
    {
      level: s.level,
      maxLevel,
      unlockedLevel: rule.locks ? progress.unlockedLevel : maxLevel,
      clearedBefore: before?.cleared ?? false,
      bestScore: before?.best_score ?? 0,
    },
    rules,
    rule.maxCoins,
  );
  const results = sql`INSERT INTO level_results (user_id, mode, category, subcategory, level, best_score, plays, cleared_at)
    VALUES (${s.user_id}, ${s.mode}, ${s.category}, ${sub}, ${s.level}, ${out.points}, 1,
      ${out.passed ? sql`now()` : sql`NULL`})
    ON CONFLICT (user_id, mode, category, subcategory, level) DO UPDATE SET
      best_score = greatest(level_results.best_score, EXCLUDED.best_score),
      plays = level_results.plays + 1,
      cleared_at = coalesce(level_results.cleared_at, EXCLUDED.cleared_at)`;
  // With the unlock and the score gained, in one round trip (no two of them write one table).
  const unlock = sql`, progress AS (INSERT INTO level_progress (user_id, mode, category, subcategory, unlocked_level)
      VALUES (${s.user_id}, ${s.mode}, ${s.category}, ${sub}, ${out.unlockedLevel})
      ON CONFLICT (user_id, mode, category, subcategory) DO UPDATE SET
        unlocked_level = greatest(level_progress.unlocked_level, EXCLUDED.unlocked_level)
      RETURNING 1)`;
  const score = await scoreWrites(db, s.user_id, out.scoreGain, s.mode, s.id);
  await db.run(sql`WITH results AS (${results} RETURNING 1)${rule.locks ? unlock : sql``}${score ? sql`, ${score}` : sql``}
    SELECT 1`);
  if (out.coins > 0) {
    const ref = `${s.category}/${sub}/${s.level}`;
    // Keyed by level, not session: the first-pass reward exists once per player and level.
    await moveCoins(db, {
      userId: s.user_id,
      delta: out.coins,
      reason: `${s.mode}_level`,
      ref,
      opId: `first_clear:${s.mode}:${ref}`,
    });
  }
  return {
    coins: out.coins,
    score: out.points,
    scoreGain: out.scoreGain,
    passed: out.passed,
    firstClear: out.firstClear,
    maxLevel: type ? maxLevel : 0,
    unlockedLevel: rule.locks ? out.unlockedLevel : 0,
    nextLevelUnlocked: rule.locks && out.nextLevelUnlocked,
    rewarded: true,
  };
}

/** A daily quiz (once a local day) or a true/false quiz (a few a day): coins and score per play. */
async function perPlayReward(
  db: Db,
  s: GradedSession,
  correct: number,
  total: number,
  settings: SettingsStore,
): Promise<Reward> {
  const rules = await settings.rules(db);
  const rule = modeRule(s.mode, rules);
  const score = quizScore(correct, rules);
  const passed = levelPassed(correct, total, rules);
  let rewarded = s.rewards;
  if (rewarded && s.mode === 'true_false') {
    const [done] = await db.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(playSessions)
      .where(
        and(
          eq(playSessions.user_id, s.user_id),
          sql`${playSessions.mode} = 'true_false' AND ${playSessions.rewards}`,
          gte(playSessions.finished_at, sql`date_trunc('day', now())`),
          ne(playSessions.id, s.id),
        ),
      );
    rewarded = done!.n < rules.true_false_rewarded_per_day;
  }
  if (!rewarded) return { ...NO_REWARD, score, passed };
  const coins = quizReward(correct, total, rules, rule.maxCoins);
  if (coins > 0) {
    await moveCoins(db, {
      userId: s.user_id,
      delta: coins,
      reason: s.mode,
      ref: s.mode === 'daily_quiz' ? s.unit : s.id,
      opId: s.mode === 'daily_quiz' ? `daily_quiz:${s.unit}` : `${s.mode}:${s.id}`,
    });
  }
  await addScore(db, s.user_id, score, s.mode, s.id);
  return { ...NO_REWARD, coins, score, scoreGain: score, passed, rewarded: true };
}

/**
 * Stores the posted answers of a sealed session's questions never answered one by one (the
 * verdicts lost, or a client that only finishes); all its stored answers. They share the time the
 * session has not credited yet, so a burst right after opening is under the human floor.
 */
async function settleAnswers(
  db: Db,
  settings: SettingsStore,
  s: GradedSession,
  given: Map<number, string | null>,
  stored: Map<number, StoredAnswer>,
): Promise<Map<number, StoredAnswer>> {
  const late = s.question_ids.filter(
    (qid) => !stored.has(qid) && s.answer_key[String(qid)] !== undefined && (given.get(qid) ?? null) !== null,
  );
  if (late.length === 0) return stored;
  const share = Math.floor((await uncreditedMs(db, s.id)) / late.length);
  const now = late.map((qid) => ({ questionId: qid, answer: given.get(qid) }));
  for (const a of await storeAnswers(db, settings, s, now, share)) stored.set(a.question_id, a);
  return stored;
}

/**
 * Grades a finished session from the answers the player sent, against the answers stored when
 * it opened, and applies coins, score, progress and statistics in one transaction. A session
 * is graded once: submitting it again answers the same result.
 */
export async function submitSession(
  db: Db,
  settings: SettingsStore,
  userId: number,
  sessionId: string,
  answers: { question_id: number; answer: string | null }[],
  /**
   * A self-keyed call's Idempotency-Key and request hash (kept with the result: the same key with
   * another body is refused), and who to tell when the stored result is the reply.
   */
  call: { request?: { key: string; hash: () => string }; repeated?: () => void } = {},
): Promise<QuizResult> {
  const s = await lockSession(db, sessionId);
  // Another player's session is answered as if it did not exist.
  if (!s || s.user_id !== userId) throw new AppError('not_found', { field: 'session_id' });
  if (s.result) {
    if (call.request && call.request.key === s.finish_key && call.request.hash() !== s.finish_hash)
      throw new AppError('idempotency_conflict');
    call.repeated?.();
    return s.result;
  }
  if (s.expired) throw new AppError('session_expired');
  // One grading at a time per player: two sessions of one level submitted together must not
  // both see the level as never passed (the progress row may not exist yet to lock). The same
  // statement reads the questions skipped, the explanations of the review and the answers stored
  // (none can be added meanwhile: they are stored under the session's lock, which this holds).
  const keyed = s.question_ids.filter((qid) => s.answer_key[String(qid)] !== undefined);
  const [read] = await db.orm
    .select({
      skipped: sql<number[]>`coalesce((SELECT array_agg(question_id) FROM play_lifelines
        WHERE session_id = ${s.id}::uuid AND lifeline = 'skip'), '{}')`,
      explanations: sql<Record<string, string> | null>`(SELECT json_object_agg(id, explanation) FROM questions
        WHERE id = ANY(${intArray(keyed)}))`,
      stored: sql<StoredAnswer[] | null>`(SELECT json_agg(json_build_object('question_id', a.question_id,
          'answer', a.answer, 'is_correct', a.is_correct, 'fast', a.fast))
        FROM play_answers a WHERE a.session_id = ${s.id}::uuid)`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  const skipped = new Set(read?.skipped ?? []);
  const given = new Map<number, string | null>();
  for (const a of answers) if (!given.has(a.question_id)) given.set(a.question_id, a.answer);
  // Sealed: what pays is what submit_answer stored, first answer per question; an answer posted
  // now for a question never answered is stored now, on the same clock and floor.
  const kept = new Map((read?.stored ?? []).map((a) => [a.question_id, a]));
  const stored = s.sealed ? await settleAnswers(db, settings, s, given, kept) : new Map<number, StoredAnswer>();
  // A question without a stored answer cannot be graded: it does not count.
  const review: ReviewItem[] = keyed.map((qid) => {
    const correct = s.answer_key[String(qid)]!;
    const kept = stored.get(qid);
    const answer = skipped.has(qid) ? null : kept ? kept.answer : (given.get(qid) ?? null);
    const type = s.question_types[String(qid)] ?? 'mcq';
    const is_correct = isCorrectAnswer(type, correct, answer);
    const explanation = read?.explanations?.[String(qid)] ?? '';
    return { question_id: qid, answer, correct_answer: correct, is_correct, explanation };
  });
  // An answer under the human floor is shown as given and earns nothing.
  const paying = (r: ReviewItem) => r.is_correct && !stored.get(r.question_id)?.fast;
  const counts = countAnswers(
    review.filter((r) => !skipped.has(r.question_id)).map((r) => ({ answer: r.answer, right: paying(r) })),
  );
  const { total, correct } = counts;

  const kind = modeRule(s.mode, await settings.rules(db)).reward;
  const reward =
    kind === 'level' && s.rewards
      ? await levelReward(db, s, correct, total, settings)
      : kind === 'per_play'
        ? await perPlayReward(db, s, correct, total, settings)
        : { ...NO_REWARD, score: 0, passed: reachesPassMark(correct, total, UNPAID_PASS_PERCENTAGE) };

  // The answers not stored yet (all of an offline pack's play), in one statement.
  const unstored = review.filter((r) => !stored.has(r.question_id));
  if (unstored.length > 0) {
    const rows = unstored.map(({ question_id, answer, is_correct }) => ({ question_id, answer, is_correct }));
    await db.run(sql`INSERT INTO play_answers (session_id, question_id, answer, is_correct)
      SELECT ${s.id}::uuid, x.question_id, x.answer, x.is_correct
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(question_id int, answer text, is_correct boolean)
      ON CONFLICT DO NOTHING`);
  }
  // The result is stored with the player's balance and score as they now stand, and with the
  // statistics written, in one statement.
  const graded = {
    session_id: s.id,
    mode: s.mode,
    total,
    skipped: skipped.size,
    correct,
    incorrect: counts.incorrect,
    unanswered: counts.unanswered,
    percentage: counts.percentage,
    score: reward.score,
    score_gain: reward.scoreGain,
    coins: reward.coins,
    passed: reward.passed,
    first_clear: reward.firstClear,
  };
  const level = {
    level: s.level,
    max_level: reward.maxLevel,
    next_level_unlocked: reward.nextLevelUnlocked,
    unlocked_level: reward.unlockedLevel,
  };
  const [now] = await db.rows<{ coins: number; all_time_score: number; spent: number }>(sql`WITH
    ${statisticsWrites(userId, s.category || null, total, correct)},
    balance AS (SELECT coins, score::integer AS all_time_score,
        (SELECT coalesce(-sum(delta), 0)::int FROM coin_ledger
          WHERE user_id = ${userId} AND ref = ${s.id} AND delta < 0) AS spent
      FROM users WHERE id = ${userId}),
    finished AS (UPDATE play_sessions SET finished_at = now(), rewards = ${reward.rewarded},
        result = ${JSON.stringify({ ...graded, ...level, review })}::jsonb || (SELECT jsonb_build_object('coins_spent', spent,
          'user', jsonb_build_object('coins', coins, 'all_time_score', all_time_score)) FROM balance),
        finish_key = ${call.request?.key ?? null}, finish_hash = ${call.request?.hash() ?? null}
      WHERE id = ${s.id}::uuid RETURNING 1)
    SELECT coins, all_time_score, spent FROM balance`);
  const result: QuizResult = {
    ...graded,
    coins_spent: now!.spent,
    ...level,
    user: { coins: now!.coins, all_time_score: now!.all_time_score },
    review,
  };
  return result;
}
