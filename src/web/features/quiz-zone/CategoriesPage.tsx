import { useTranslation } from '../../lib/use-translation';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { useLoad } from '../../lib/use-api';
import { LockIcon } from '../../ui/icons';
import { LinkTile } from '../../ui/LinkTile';
import { Empty, LoadState } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { ContentLanguagePicker } from '../../app/ContentLanguagePicker';

/** Quiz zone: the category cards. */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const [state, retry] = useLoad(() => api('get_categories', { type: 1, language_id: languageId }), [languageId]);

  return (
    <>
      <PageTitle
        title={t('modes.quizZone')}
        subtitle={t('quiz.pickCategory')}
        back={paths.home}
        backLabel={t('common.back')}
      />
      <ContentLanguagePicker />
      {state.status !== 'ready' ? (
        <LoadState state={state} retry={retry} />
      ) : state.data.length === 0 ? (
        <Empty text={t('quiz.noCategories')} />
      ) : (
        <ul className="grid cards-grid">
          {state.data.map((c) => (
            <li key={c.id}>
              <LinkTile
                to={paths.quizZoneCategory(c.slug)}
                name={c.category_name}
                image={c.image}
                testId={`category-${c.slug}`}
              >
                {t('quiz.questionCount', { count: c.no_of_que })}
                {c.is_premium && !c.has_unlocked && (
                  <span className="tag">
                    <LockIcon size={14} /> {t('quiz.premium', { coins: c.coins })}
                  </span>
                )}
              </LinkTile>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
