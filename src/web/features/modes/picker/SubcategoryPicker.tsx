import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import type { Subcategory } from '../../../../core/contract';
import { useAppSelector } from '../../../app/hooks';
import { selectLanguageId } from '../../../app/selectors';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import { useTranslation } from '../../../lib/use-translation';
import { LinkTile } from '../../../ui/LinkTile';
import { Empty } from '../../../ui/LoadState';
import { PageTitle } from '../../../ui/PageTitle';
import type { PickerMode } from '../../../app/mode-defs';
import { PickerState } from './PickerState';
import { rememberSubcategories, rememberTitle, titleFromSlug, usePageTitle } from '../nav';

/** The subcategories (topics) of one of a mode's categories. */
export function SubcategoryPicker({ mode }: { mode: PickerMode }) {
  const { t } = useTranslation();
  const { category = '' } = useParams();
  const languageId = useAppSelector(selectLanguageId);
  const title = usePageTitle(languageId, titleFromSlug(category));
  const remember = useCallback(
    (list: Subcategory[]) => {
      for (const s of list) rememberTitle(languageId, mode.tree.subcategory(category, s.slug), s.subcategory_name);
      return rememberSubcategories(languageId, mode.type, category, list);
    },
    [languageId, mode, category],
  );
  const [state, retry] = useApiQuery(
    'get_subcategory_by_maincategory',
    { type: mode.type, language_id: languageId, category_slug: category, call: { expect: ['not_found'] } },
    remember,
  );

  const meta = (s: Subcategory) =>
    mode.holds === 'texts'
      ? t('quiz.questionCount', { count: s.no_of_que })
      : `${
          mode.holds === 'rounds'
            ? t('modes.picker.roundCount', { count: s.maxlevel })
            : t('quiz.levelCount', { count: s.maxlevel })
        } · ${t('quiz.questionCount', { count: s.no_of_que })}`;

  return (
    <>
      <PageTitle
        title={title}
        subtitle={t('quiz.pickSubcategory')}
        back={mode.tree.root}
        backLabel={t('common.back')}
      />
      {state.status !== 'ready' ? (
        <PickerState state={state} retry={retry} />
      ) : state.data.length === 0 ? (
        <Empty text={t('quiz.noSubcategories')} />
      ) : (
        <ul className="grid cards-grid">
          {state.data.map((s) => (
            <li key={s.id}>
              <LinkTile
                to={mode.tree.subcategory(category, s.slug)}
                name={s.subcategory_name}
                image={s.image}
                testId={`subcategory-${s.slug}`}
              >
                {meta(s)}
              </LinkTile>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
