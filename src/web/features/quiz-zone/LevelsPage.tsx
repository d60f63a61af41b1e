import { useTranslation } from '../../lib/use-translation';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { LevelData } from '../../../core/contract';
import { paths } from '../../app/paths';
import { useAppSelector } from '../../app/hooks';
import { selectLanguageId } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useLoad } from '../../lib/use-api';
import { LockIcon, StarIcon } from '../../ui/icons';
import { LoadState } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { titleFromSlug } from './slug-title';

type Level = LevelData['levels'][number];

/** The levels of a subcategory: locked, unlocked or cleared, with the best score. */
export default function LevelsPage() {
  const { t } = useTranslation();
  const { category = '', subcategory = '' } = useParams();
  const languageId = useAppSelector(selectLanguageId);
  const navTitle = (useLocation().state as { title?: string } | null)?.title;
  // Fetched on every visit, so a level unlocked by the last play shows at once.
  const [state, retry] = useLoad(
    () => api('get_level_data', { category_slug: category, subcategory_slug: subcategory, language_id: languageId }),
    [category, subcategory, languageId],
  );
  // A deep link has no title in its navigation state: the server's name, then the slug.
  const title = navTitle ?? (state.status === 'ready' ? state.data.subcategory_name : titleFromSlug(subcategory));

  function levelTile(l: Level) {
    const body = (
      <>
        <span className="level-number">{l.level}</span>
        <span className="level-status">
          {l.status === 'locked' ? (
            <LockIcon size={16} />
          ) : l.status === 'cleared' ? (
            <>
              <StarIcon size={14} /> {t('quiz.best', { score: l.best_score })}
            </>
          ) : (
            t('quiz.play')
          )}
        </span>
      </>
    );
    const common = { 'data-testid': `level-${l.level}`, 'data-status': l.status, className: `level-tile ${l.status}` };
    const label = t('quiz.levelLabel', { level: l.level, status: t(`quiz.status.${l.status}`) });
    if (l.status === 'locked') {
      return (
        <button type="button" {...common} aria-label={label} onClick={() => toast.error(t('errors.level_locked'))}>
          {body}
        </button>
      );
    }
    return (
      <Link to={paths.quizZonePlay(category, subcategory, l.level)} state={{ title }} {...common} aria-label={label}>
        {body}
      </Link>
    );
  }

  return (
    <>
      <PageTitle
        title={title}
        subtitle={t('quiz.pickLevel')}
        back={paths.quizZoneCategory(category)}
        backLabel={t('common.back')}
      />
      {state.status !== 'ready' ? (
        <LoadState state={state} retry={retry} />
      ) : (
        <ul className="grid levels-grid">
          {state.data.levels.map((l) => (
            <li key={l.level}>{levelTile(l)}</li>
          ))}
        </ul>
      )}
    </>
  );
}
