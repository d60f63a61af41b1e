import { useTranslation } from '../../../lib/use-translation';
import { useLocation, useParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { selectLanguageId } from '../../../app/selectors';
import { nextItem } from '../next-item';
import { SoloPlay } from '../../../play/SoloPlay';
import { answeredLevel, levelNumber, openLevel, SHOWN_ON_CARD } from './level-call';
import { drawableAtOnce } from '../../../play/use-solo-play';

/** Plays one quiz-zone level with the solo play engine. */
export default function PlayPage() {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const { category = '', subcategory = '', level: levelParam = '' } = useParams();
  const level = levelNumber(levelParam);
  // The subcategory's name travels with the navigation, so headings stay translated.
  const state = useLocation().state as unknown;
  const levels = paths.quizZoneLevels(category, subcategory);

  return (
    <SoloPlay
      playKey={`${category}/${subcategory}/${level}/${languageId}`}
      open={() => openLevel(category, subcategory, level, languageId)}
      opened={() => answeredLevel(category, subcategory, level, languageId, drawableAtOnce)}
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
