import type { CategoryType } from '../../core/contract';
import type { PlayMode } from '../../core/contract/play-modes';
import { modeTree, paths, type ModeTree } from './paths';

/** The modes that pick category → subcategory → something. */
export type PickerModeKey = 'quizZone' | 'funAndLearn' | 'guessTheWord' | 'audioQuestions' | 'mathMania' | 'multiMatch';

// Category types as CATEGORY_TYPES numbers them (written out: core/contract/quiz.ts carries zod).
export interface PickerMode {
  /** Also the translation key of the mode's name (`modes.<key>`). */
  key: PickerModeKey;
  /** The `type` of get_categories and friends. */
  type: CategoryType;
  tree: ModeTree;
  /**
   * What a subcategory holds: levels that lock (quiz zone, multi-match), rounds that are all
   * open (guess the word, audio, maths) or texts to read (fun and learn).
   */
  holds: 'levels' | 'rounds' | 'texts';
  /** Its section of how to play. */
  playMode: PlayMode;
}

export const PICKER_MODES: Record<PickerModeKey, PickerMode> = {
  quizZone: { key: 'quizZone', type: 1, tree: modeTree(paths.quizZone), holds: 'levels', playMode: 'quiz_zone' },
  funAndLearn: {
    key: 'funAndLearn',
    type: 2,
    tree: modeTree(paths.funAndLearn),
    holds: 'texts',
    playMode: 'fun_and_learn',
  },
  guessTheWord: {
    key: 'guessTheWord',
    type: 3,
    tree: modeTree(paths.guessTheWord),
    holds: 'rounds',
    playMode: 'guess_the_word',
  },
  audioQuestions: {
    key: 'audioQuestions',
    type: 4,
    tree: modeTree(paths.audioQuestions),
    holds: 'rounds',
    playMode: 'audio_questions',
  },
  mathMania: {
    key: 'mathMania',
    type: 5,
    tree: modeTree(paths.mathMania),
    holds: 'rounds',
    playMode: 'maths_mania',
  },
  multiMatch: {
    key: 'multiMatch',
    type: 6,
    tree: modeTree(paths.multiMatch),
    holds: 'levels',
    playMode: 'multi_match',
  },
};

/** The mode name's translation key of a category type (bookmark filters, rows). */
export const TYPE_NAMES: Record<CategoryType, PickerModeKey> = {
  1: 'quizZone',
  2: 'funAndLearn',
  3: 'guessTheWord',
  4: 'audioQuestions',
  5: 'mathMania',
  6: 'multiMatch',
};
