// What the play tests build their questions, sessions and results from: one complete value of
// each contract type, changed by each test only where it matters to it.
import type { PlayQuestion, PlaySession, QuizResult } from '../../core/contract';

/** A multiple-choice question (Alpha, Beta, Gamma; Alpha right). */
export const playQuestion = (id: number, over: Partial<PlayQuestion> = {}): PlayQuestion => ({
  id,
  question: `Question ${id}`,
  question_type: 'mcq',
  options: [
    { id: 'a', text: 'Alpha' },
    { id: 'b', text: 'Beta' },
    { id: 'c', text: 'Gamma' },
  ],
  match_options: [],
  answer: 'a',
  explanation: '',
  image: '',
  audio: '',
  latex: false,
  marks: 1,
  bookmarked: false,
  ...over,
});

/** A quiz-zone session of level 1 of 3, 30 s a question, no lifelines. */
export const playSession = (questions: PlayQuestion[], over: Partial<PlaySession> = {}): PlaySession => ({
  session_id: '00000000-0000-4000-8000-000000000001',
  mode: 'quiz_zone',
  category: 'c',
  subcategory: 's',
  level: 1,
  max_level: 3,
  title: '',
  started_at: '',
  deadline: '',
  server_time: '',
  seconds_per_question: 30,
  total_seconds: 0,
  rewards: true,
  lifelines: [],
  lifeline_cost: 0,
  hint_cost: 0,
  max_hints: 0,
  comprehension: null,
  daily_date: '',
  questions,
  ...over,
});

/** The server's result of a two-question play: one right, 4 points, 3 coins, not passed. */
export const quizResult = (over: Partial<QuizResult> = {}): QuizResult => ({
  session_id: '00000000-0000-4000-8000-000000000001',
  mode: 'quiz_zone',
  total: 2,
  skipped: 0,
  correct: 1,
  incorrect: 1,
  unanswered: 0,
  percentage: 50,
  score: 4,
  score_gain: 4,
  coins: 3,
  passed: false,
  first_clear: false,
  coins_spent: 0,
  level: 1,
  max_level: 3,
  next_level_unlocked: false,
  unlocked_level: 1,
  user: { coins: 13, all_time_score: 4 },
  review: [],
  ...over,
});
