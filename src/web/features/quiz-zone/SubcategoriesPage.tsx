import { useTranslation } from '../../lib/use-translation';
import { useLocation, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { useLoad } from '../../lib/use-api';
import { LinkTile } from '../../ui/LinkTile';
import { Empty, LoadState } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { titleFromSlug } from './slug-title';

/** The subcategories of one category. */
export default function SubcategoriesPage() {
  const { t } = useTranslation();
  const { category = '' } = useParams();
  const languageId = useAppSelector(selectLanguageId);
  const title = (useLocation().state as { title?: string } | null)?.title ?? titleFromSlug(category);
  const [state, retry] = useLoad(
    () => api('get_subcategory_by_maincategory', { language_id: languageId, category_slug: category }),
    [languageId, category],
  );

  return (
    <>
      <PageTitle
        title={title}
        subtitle={t('quiz.pickSubcategory')}
        back={paths.quizZone}
        backLabel={t('common.back')}
      />
      {state.status !== 'ready' ? (
        <LoadState state={state} retry={retry} />
      ) : state.data.length === 0 ? (
        <Empty text={t('quiz.noSubcategories')} />
      ) : (
        <ul className="grid cards-grid">
          {state.data.map((s) => (
            <li key={s.id}>
              <LinkTile
                to={paths.quizZoneLevels(category, s.slug)}
                name={s.subcategory_name}
                image={s.image}
                testId={`subcategory-${s.slug}`}
              >
                {t('quiz.levelCount', { count: s.maxlevel })} · {t('quiz.questionCount', { count: s.no_of_que })}
              </LinkTile>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
