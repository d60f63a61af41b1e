import type { PlayQuestion } from '../../core/contract';
import { isCorrectAnswer } from '../../core/rules/answers';
import type { useTranslation } from '../lib/use-translation';
import { answerSentence, describeAnswer } from '../ui/question/answer-format';

type T = ReturnType<typeof useTranslation>['t'];

/** The key of "Correct!", "Not quite." or "Time's up!" for the answer given (null: none). */
export function verdict(q: PlayQuestion, picked: string | null) {
  if (picked === null) return 'quiz.timeUp' as const;
  return isCorrectAnswer(q.question_type, q.answer ?? '', picked)
    ? ('quiz.correct' as const)
    : ('quiz.incorrect' as const);
}

/**
 * The verdict as a screen reader says it: "Correct!", or "Wrong — the answer was X" with the
 * right answer in words (the screen shows it with colours and ticks).
 */
export function saidVerdict(t: T, q: PlayQuestion, picked: string | null): string {
  const key = verdict(q, picked);
  const answer = answerSentence(describeAnswer(q, q.answer));
  if (key === 'quiz.correct' || !answer) return t(key);
  return t(key === 'quiz.timeUp' ? 'play.saidTimeUp' : 'play.saidWrong', { answer });
}

/** The result said once it is on screen: how many were right, the score, and any coins won. */
export function saidResult(t: T, r: { correct: number; total: number; score: number; coins: number }): string {
  const result = t('play.saidResult', { correct: r.correct, total: r.total, score: r.score });
  return r.coins > 0 ? `${result} ${t('play.saidCoins', { count: r.coins })}` : result;
}
