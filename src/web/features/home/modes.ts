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
  /** A glyph every system font has (emoji fonts are not everywhere). */
  icon: string;
  color: string;
  live: boolean;
  /** Plays with no network, from the packs the device keeps (sw/README.md). */
  offline?: true;
}

/** Every play mode of the spec, in the order the home grid shows them. */
export const MODES: Mode[] = [
  { key: 'quizZone', to: paths.quizZone, icon: '?', color: '#5b3cc4', live: true },
  { key: 'dailyQuiz', to: paths.dailyQuiz, icon: '☀', color: '#e08a00', live: true, offline: true },
  { key: 'trueFalse', to: paths.trueFalse, icon: '✓', color: '#17803d', live: true },
  { key: 'funAndLearn', to: paths.funAndLearn, icon: '✎', color: '#0f7aa8', live: true, offline: true },
  { key: 'guessTheWord', to: paths.guessTheWord, icon: 'Aa', color: '#b0367a', live: true },
  { key: 'selfLearning', to: paths.selfLearning, icon: '◎', color: '#c2410c', live: true },
  { key: 'audioQuestions', to: paths.audioQuestions, icon: '♪', color: '#7c3aed', live: true },
  { key: 'mathMania', to: paths.mathMania, icon: '∑', color: '#0e7490', live: true },
  { key: 'multiMatch', to: paths.multiMatch, icon: '⇄', color: '#4d7c0f', live: true },
  { key: 'examModule', to: paths.examModule, icon: '✍', color: '#9f1239', live: true },
  { key: 'contestPlay', to: paths.contestPlay, icon: '★', color: '#b45309', live: true },
  { key: 'randomBattle', to: paths.randomBattle, icon: '⚔', color: '#be123c', live: true },
  { key: 'groupBattle', to: paths.groupBattle, icon: '⚑', color: '#1d4ed8', live: true },
];
