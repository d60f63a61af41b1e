import { paths } from '../../app/paths';

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
  icon: string;
  live: boolean;
}

/** Every play mode of the spec, in the order the home grid shows them. */
export const MODES: Mode[] = [
  { key: 'quizZone', to: paths.quizZone, icon: '🧠', live: true },
  { key: 'dailyQuiz', to: paths.dailyQuiz, icon: '📅', live: false },
  { key: 'trueFalse', to: paths.trueFalse, icon: '✅', live: false },
  { key: 'funAndLearn', to: paths.funAndLearn, icon: '📚', live: false },
  { key: 'guessTheWord', to: paths.guessTheWord, icon: '🔤', live: false },
  { key: 'selfLearning', to: paths.selfLearning, icon: '🎯', live: false },
  { key: 'audioQuestions', to: paths.audioQuestions, icon: '🎧', live: false },
  { key: 'mathMania', to: paths.mathMania, icon: '➗', live: false },
  { key: 'multiMatch', to: paths.multiMatch, icon: '🧩', live: false },
  { key: 'examModule', to: paths.examModule, icon: '📝', live: false },
  { key: 'contestPlay', to: paths.contestPlay, icon: '🏆', live: false },
  { key: 'randomBattle', to: paths.randomBattle, icon: '⚔️', live: false },
  { key: 'groupBattle', to: paths.groupBattle, icon: '👥', live: false },
];
