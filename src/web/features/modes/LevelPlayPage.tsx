import { useParams } from 'react-router-dom';
import type { QuizResult } from '../../../core/contract';
import { useAppSelector } from '../../app/hooks';
import { selectLanguageId } from '../../app/selectors';
import { api, ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/use-translation';
import { PICKER_MODES } from '../../app/mode-defs';
import { nextItem } from './next-item';
import { findSubcategory, routeNumber, titleFromSlug, usePageTitle } from './nav';
import { SoloPlay } from '../../play/SoloPlay';

/** Modes whose subcategory plays one level or round at a time through this page. */
export type LevelPlayMode = 'guessTheWord' | 'audioQuestions' | 'mathMania' | 'multiMatch';

// Shown on the play card rather than as a toast.
const EXPECT = ['not_found', 'level_locked', 'premium_locked'];

const ROUND_ACTIONS = {
  guessTheWord: 'get_guess_the_word',
  audioQuestions: 'get_audio_questions',
  mathMania: 'get_maths_questions',
} as const;

/** Opens level (multi-match) or round `n` of a subcategory: the player's open session of it, if any. */
async function openLevel(key: LevelPlayMode, languageId: number, category: string, sub: string, n: number) {
  if (n < 1) throw new ApiError('not_found', 404, 'not_found');
  if (key === 'multiMatch') {
    return api(
      'get_multi_match_questions_by_level',
      { category, subcategory: sub, level: n, language_id: languageId, resume: 1 },
      { expect: EXPECT },
    );
  }
  const s = await findSubcategory(languageId, PICKER_MODES[key].type, category, sub);
  return api(
    ROUND_ACTIONS[key],
    { language_id: languageId, type: 'subcategory', type_id: s.id, round: n, resume: 1 },
    { expect: EXPECT },
  );
}

/** Plays a round (guess the word, audio, maths) or a multi-match level; next goes one further. */
export default function LevelPlayPage({ mode: key }: { mode: LevelPlayMode }) {
  const { t } = useTranslation();
  const mode = PICKER_MODES[key];
  const { category = '', subcategory = '', level } = useParams();
  const n = routeNumber(level);
  const languageId = useAppSelector(selectLanguageId);
  // The subcategory's name travels with the navigation, so the way back keeps its heading.
  const title = usePageTitle(languageId, titleFromSlug(subcategory));
  const list = mode.tree.subcategory(category, subcategory);
  const rounds = mode.holds === 'rounds';

  function next(r: QuizResult) {
    const to = nextItem(r, n, rounds ? 'rounds' : 'levels');
    if (to === null) return null;
    return {
      to: mode.tree.item(category, subcategory, to),
      label: rounds ? t('modes.picker.nextRound') : t('modes.picker.nextLevel'),
      state: { title },
    };
  }

  return (
    <SoloPlay
      open={() => openLevel(key, languageId, category, subcategory, n)}
      playKey={`${key}|${languageId}|${category}|${subcategory}|${n}`}
      back={{ to: list, label: rounds ? t('modes.picker.backToRounds') : t('quiz.backToLevels'), state: { title } }}
      next={next}
      expect={EXPECT}
    />
  );
}
