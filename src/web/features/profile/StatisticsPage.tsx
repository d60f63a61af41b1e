import { useTranslation } from '../../lib/use-translation';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectNamingLanguageId } from '../../app/selectors';
import { useApiQuery } from '../../app/server-state/use-api-query';
import { formatCount } from '../../lib/format-number';
import { LoadState } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { BattleHistory } from './BattleHistory';

/** The player's statistics (get_users_statistics). */
export default function StatisticsPage() {
  const { t, i18n } = useTranslation();
  // Category names in the interface's language where the content has it, not the quiz language's.
  const languageId = useAppSelector(selectNamingLanguageId);
  const [state, retry] = useApiQuery('get_users_statistics', { language_id: languageId });
  return (
    <>
      <PageTitle title={t('profile.statistics')} back={paths.profile} backLabel={t('common.back')} />
      {state.status !== 'ready' ? (
        <LoadState state={state} retry={retry} />
      ) : (
        <section className="card">
          <dl className="stats stats-grid" data-testid="statistics">
            <div>
              <dt>{t('stats.quizzesPlayed')}</dt>
              <dd>{state.data.quizzes_played}</dd>
            </div>
            <div>
              <dt>{t('stats.questionsAnswered')}</dt>
              <dd>{formatCount(state.data.questions_answered, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('stats.correctAnswers')}</dt>
              <dd>{formatCount(state.data.correct_answers, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('stats.ratio')}</dt>
              <dd>{t('common.percent', { value: Math.round(state.data.ratio) })}</dd>
            </div>
            <div>
              <dt>{t('stats.bestCategory')}</dt>
              <dd className="small" dir="auto" data-testid="stats-best">
                {state.data.best_category_name || '—'}
              </dd>
            </div>
            <div>
              <dt>{t('stats.weakCategory')}</dt>
              <dd className="small" dir="auto" data-testid="stats-weak">
                {state.data.weak_category_name || '—'}
              </dd>
            </div>
          </dl>
        </section>
      )}
      <BattleHistory />
    </>
  );
}
