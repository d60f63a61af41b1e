import type { PlayMode } from '../../../core/contract/play-modes';
import { paths } from '../../app/paths';

/** The soft colour family of a mode's icon well: learning, daily and contests, battles. */
export type ModeTone = 'primary' | 'good' | 'accent' | 'bad';

export interface Mode {
  key:
    | 'quizZone'
    | 'dailyQuiz'
    | 'trueFalse'
    | 'funAndLearn'
    | 'guessTheWord'
    | 'selfLearning'
    | 'audioQuestions'
    | 'mathMania'
    | 'multiMatch'
    | 'examModule'
    | 'contestPlay'
    | 'randomBattle'
    | 'groupBattle';
  /** The code the operator lists in system configuration's `disabled_modes` to switch it off. */
  code: PlayMode;
  to: string;
  /** The symbol's id in public/icons/modes.svg (Lucide's outline icons, one cached file, no JS). */
  icon: string;
  tone: ModeTone;
  live: boolean;
  /** Plays with no network, from the packs the device keeps (sw/README.md). */
  offline?: true;
}

/** Every play mode of the spec, in the order the home grid shows them. */
export const MODES: Mode[] = [
  { key: 'quizZone', code: 'quiz_zone', to: paths.quizZone, icon: 'quiz-zone', tone: 'primary', live: true },
  {
    key: 'dailyQuiz',
    code: 'daily_quiz',
    to: paths.dailyQuiz,
    icon: 'daily-quiz',
    tone: 'accent',
    live: true,
    offline: true,
  },
  { key: 'trueFalse', code: 'true_false', to: paths.trueFalse, icon: 'true-false', tone: 'primary', live: true },
  {
    key: 'funAndLearn',
    code: 'fun_and_learn',
    to: paths.funAndLearn,
    icon: 'fun-and-learn',
    tone: 'good',
    live: true,
    offline: true,
  },
  {
    key: 'guessTheWord',
    code: 'guess_the_word',
    to: paths.guessTheWord,
    icon: 'guess-the-word',
    tone: 'primary',
    live: true,
  },
  {
    key: 'selfLearning',
    code: 'self_challenge',
    to: paths.selfLearning,
    icon: 'self-learning',
    tone: 'good',
    live: true,
  },
  {
    key: 'audioQuestions',
    code: 'audio_questions',
    to: paths.audioQuestions,
    icon: 'audio-questions',
    tone: 'primary',
    live: true,
  },
  { key: 'mathMania', code: 'maths_mania', to: paths.mathMania, icon: 'math-mania', tone: 'good', live: true },
  { key: 'multiMatch', code: 'multi_match', to: paths.multiMatch, icon: 'multi-match', tone: 'primary', live: true },
  { key: 'examModule', code: 'exam', to: paths.examModule, icon: 'exam-module', tone: 'good', live: true },
  { key: 'contestPlay', code: 'contest', to: paths.contestPlay, icon: 'contest-play', tone: 'accent', live: true },
  {
    key: 'randomBattle',
    code: 'one_vs_one_battle',
    to: paths.randomBattle,
    icon: 'random-battle',
    tone: 'bad',
    live: true,
  },
  { key: 'groupBattle', code: 'group_battle', to: paths.groupBattle, icon: 'group-battle', tone: 'bad', live: true },
];
