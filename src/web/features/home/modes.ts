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
  { key: 'quizZone', to: paths.quizZone, icon: 'quiz-zone', tone: 'primary', live: true },
  { key: 'dailyQuiz', to: paths.dailyQuiz, icon: 'daily-quiz', tone: 'accent', live: true, offline: true },
  { key: 'trueFalse', to: paths.trueFalse, icon: 'true-false', tone: 'primary', live: true },
  { key: 'funAndLearn', to: paths.funAndLearn, icon: 'fun-and-learn', tone: 'good', live: true, offline: true },
  { key: 'guessTheWord', to: paths.guessTheWord, icon: 'guess-the-word', tone: 'primary', live: true },
  { key: 'selfLearning', to: paths.selfLearning, icon: 'self-learning', tone: 'good', live: true },
  { key: 'audioQuestions', to: paths.audioQuestions, icon: 'audio-questions', tone: 'primary', live: true },
  { key: 'mathMania', to: paths.mathMania, icon: 'math-mania', tone: 'good', live: true },
  { key: 'multiMatch', to: paths.multiMatch, icon: 'multi-match', tone: 'primary', live: true },
  { key: 'examModule', to: paths.examModule, icon: 'exam-module', tone: 'good', live: true },
  { key: 'contestPlay', to: paths.contestPlay, icon: 'contest-play', tone: 'accent', live: true },
  { key: 'randomBattle', to: paths.randomBattle, icon: 'random-battle', tone: 'bad', live: true },
  { key: 'groupBattle', to: paths.groupBattle, icon: 'group-battle', tone: 'bad', live: true },
];
