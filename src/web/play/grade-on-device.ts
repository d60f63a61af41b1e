import type { QuizResult } from '../../core/contract';
import { levelPassed } from '../../core/rules/level-progress';
import { countAnswers } from '../../core/rules/quiz-grading';
import { DEFAULT_REWARD_RULES } from '../../core/rules/reward-rules';
import { isCorrectAnswer } from '../../core/rules/answers';
import type { AnswerItem, Playing } from './play-machine';

/**
 * The play graded here, for feedback while its post waits to reach the server: right and wrong
 * from the keys on the device (an offline pack's, or the verdicts received); a question whose
 * verdict has not come yet counts as neither. No coins or score, which only the server derives.
 */
export function gradeOnDevice(p: Playing, items: readonly AnswerItem[]): QuizResult {
  const given = new Map(items.map((i) => [i.question_id, i.answer]));
  const keyed = new Set(p.session.questions.filter((q) => q.answer !== undefined).map((q) => q.id));
  const review = p.session.questions.map((q) => {
    const answer = p.skipped.includes(q.id) ? null : (given.get(q.id) ?? null);
    return {
      question_id: q.id,
      answer,
      correct_answer: q.answer ?? '',
      is_correct: q.answer !== undefined && isCorrectAnswer(q.question_type, q.answer, answer),
    };
  });
  // Wrong only where the key says so: an answer still waiting for its verdict is not.
  const counts = countAnswers(
    review
      .filter((r) => !p.skipped.includes(r.question_id))
      .map((r) => ({ answer: r.answer, right: r.is_correct, known: keyed.has(r.question_id) })),
  );
  return {
    session_id: p.session.session_id,
    mode: p.session.mode,
    total: counts.total,
    skipped: p.skipped.length,
    correct: counts.correct,
    incorrect: counts.incorrect,
    unanswered: counts.unanswered,
    percentage: counts.percentage,
    score: 0,
    score_gain: 0,
    coins: 0,
    // The operator may have moved the pass mark; the server's result will say.
    passed: levelPassed(counts.correct, counts.total, DEFAULT_REWARD_RULES),
    first_clear: false,
    coins_spent: 0,
    level: p.session.level,
    max_level: p.session.max_level,
    next_level_unlocked: false,
    unlocked_level: 0,
    user: { coins: 0, all_time_score: 0 },
    review,
  };
}
