import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { useLoad } from '../../lib/use-api';
import { ChevronIcon, LockIcon } from '../../ui/icons';
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
              <Link
                to={paths.quizZoneCategory(c.slug)}
                className="tile"
                state={{ title: c.category_name }}
                data-testid={`category-${c.slug}`}
              >
                <img
                  src={c.image || '/icons/icon.svg'}
                  alt=""
                  className="tile-image"
                  loading="lazy"
                  width={64}
                  height={64}
                />
                <span className="tile-body">
                  <span className="tile-name" dir="auto">
                    {c.category_name}
                  </span>
                  <span className="tile-meta">
                    {t('quiz.questionCount', { count: c.no_of_que })}
                    {c.is_premium && !c.has_unlocked && (
                      <span className="tag">
                        <LockIcon size={14} /> {t('quiz.premium', { coins: c.coins })}
                      </span>
                    )}
                  </span>
                </span>
                <ChevronIcon />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
