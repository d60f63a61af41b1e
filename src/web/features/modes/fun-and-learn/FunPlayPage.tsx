import { useParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { selectLanguageId } from '../../../app/selectors';
import { api, ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { PICKER_MODES } from '../../../app/mode-defs';
import { routeNumber, titleFromSlug, usePageTitle } from '../nav';
import { SoloPlay } from '../../../play/SoloPlay';

const EXPECT = ['not_found', 'premium_locked'];

/** Fun and learn: the questions of one text. */
export default function FunPlayPage() {
  const { t } = useTranslation();
  const { category = '', subcategory = '', id: idParam } = useParams();
  const id = routeNumber(idParam);
  const languageId = useAppSelector(selectLanguageId);
  const title = usePageTitle(languageId, titleFromSlug(subcategory));
  const list = PICKER_MODES.funAndLearn.tree.subcategory(category, subcategory);

  return (
    <SoloPlay
      open={() =>
        id < 1
          ? Promise.reject(new ApiError('not_found', 404, 'not_found'))
          : api(
              'get_fun_n_learn_questions',
              // The player's open session of this text comes back after a reload.
              { language_id: languageId, fun_n_learn_id: id, resume: 1 },
              { expect: EXPECT },
            )
      }
      playKey={`fnl|${languageId}|${id}`}
      back={{ to: list, label: t('modes.fnl.backToTexts'), state: { title } }}
      expect={EXPECT}
    />
  );
}
