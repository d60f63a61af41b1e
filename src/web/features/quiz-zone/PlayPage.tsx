import { useTranslation } from '../../lib/use-translation';
import { useLocation, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { api, ApiError } from '../../lib/api-client';
import { nextItem } from '../modes/next-item';
import { SoloPlay } from '../play/SoloPlay';

// The error card names these; a toast as well would say it twice.
const SHOWN_ON_CARD = ['level_locked', 'not_found', 'premium_locked'];

/** Plays one quiz-zone level with the solo play engine. */
export default function PlayPage() {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const { category = '', subcategory = '', level: levelParam = '' } = useParams();
  // Only a whole number from 1 names a level; anything else is not a page of ours.
  const level = /^[1-9]\d{0,3}$/.test(levelParam) ? Number(levelParam) : 0;
  // The subcategory's name travels with the navigation, so headings stay translated.
  const state = useLocation().state as unknown;
  const levels = paths.quizZoneLevels(category, subcategory);

  return (
    <SoloPlay
      playKey={`${category}/${subcategory}/${level}/${languageId}`}
      open={() =>
        level < 1
          ? Promise.reject(new ApiError('not_found', 404, 'not_found'))
          : api(
              'get_questions_by_level',
              { category, subcategory, level, language_id: languageId },
              { expect: SHOWN_ON_CARD },
            )
      }
      expect={SHOWN_ON_CARD}
      back={{ to: levels, label: t('quiz.backToLevels'), state }}
      next={(r) => {
        // The next level once it is open, by this play or an earlier one (as in the other modes).
        const to = nextItem(r, level, 'levels');
        return to === null
          ? null
          : { to: paths.quizZonePlay(category, subcategory, to), label: t('quiz.playNextLevel'), state };
      }}
    />
  );
}
