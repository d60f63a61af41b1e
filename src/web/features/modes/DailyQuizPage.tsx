import { ContentLanguagePicker } from '../../app/ContentLanguagePicker';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { useApiQuery } from '../../app/server-state/use-api-query';
import { api } from '../../lib/api-client';
import { formatCount } from '../../lib/format-number';
import { useTranslation } from '../../lib/use-translation';
import { CoinIcon, StarIcon } from '../../ui/icons';
import { LoadState } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { browserTimezone, gmtOffset } from '../../lib/zone';
import { formatLongDay } from '../../lib/format-date';
import { SoloPlay } from '../../play/SoloPlay';
import { useRun } from './use-run';

const EXPECT = ['already_played', 'not_found'];

/** The daily quiz: today's date, played or not (with today's result), the streak, then the play. */
export default function DailyQuizPage() {
  const { t } = useTranslation();
  const languageId = useAppSelector(selectLanguageId);
  const [run, start] = useRun<object>();

  if (run) {
    return (
      <SoloPlay
        open={() =>
          api(
            'get_daily_quiz',
            { language_id: languageId, timezone: browserTimezone(), gmt_format: gmtOffset() },
            { expect: EXPECT },
          )
        }
        playKey={`daily|${languageId}|${run.key}`}
        back={{ to: paths.dailyQuiz, label: t('modes.daily.back') }}
        expect={EXPECT}
      />
    );
  }
  return <Dashboard start={() => start({})} />;
}

function Dashboard({ start }: { start: () => void }) {
  const { t, i18n } = useTranslation();
  // Asked each time the dashboard shows: after a play it says "played".
  const [state, retry] = useApiQuery('get_daily_quiz_status', { timezone: browserTimezone(), gmt_format: gmtOffset() });

  return (
    <>
      <PageTitle
        title={t('modes.dailyQuiz')}
        subtitle={t('modes.daily.intro')}
        back={paths.home}
        backLabel={t('common.back')}
        howTo="daily_quiz"
      />
      <ContentLanguagePicker />
      {state.status !== 'ready' ? (
        <LoadState state={state} retry={retry} />
      ) : (
        <section
          className="card start-card daily-card"
          data-testid="daily-status"
          data-played={state.data.played}
          aria-labelledby="daily-date"
        >
          <p className="muted daily-today">{t('modes.daily.today')}</p>
          <h2 id="daily-date" className="daily-date">
            <time dateTime={state.data.date}>{formatLongDay(state.data.date, i18n.language)}</time>
          </h2>
          <p className={state.data.played ? 'tag tag-live' : 'tag'}>
            {state.data.played ? t('modes.daily.played') : t('modes.daily.notPlayed')}
          </p>
          <dl className="stats daily-stats">
            {state.data.result && (
              <>
                <div>
                  <dt>{t('modes.daily.correct')}</dt>
                  <dd data-testid="daily-correct">
                    {t('modes.daily.result', {
                      correct: state.data.result.correct,
                      total: state.data.result.total,
                    })}
                  </dd>
                </div>
                <div>
                  <dt>{t('modes.daily.coins')}</dt>
                  <dd>
                    <CoinIcon size={18} /> {formatCount(state.data.result.coins, i18n.language)}
                  </dd>
                </div>
                <div>
                  <dt>{t('modes.daily.score')}</dt>
                  <dd>
                    <StarIcon size={18} /> {formatCount(state.data.result.score, i18n.language)}
                  </dd>
                </div>
              </>
            )}
            <div>
              <dt>{t('modes.daily.streak')}</dt>
              <dd data-testid="daily-streak">{t('modes.daily.streakDays', { count: state.data.streak })}</dd>
            </div>
          </dl>
          {state.data.played ? (
            <p className="notice" role="status" data-testid="daily-played">
              {t('modes.daily.alreadyPlayed')}
            </p>
          ) : (
            <button type="button" className="btn btn-primary btn-block" onClick={start} data-testid="start-quiz">
              {t('modes.daily.start')}
            </button>
          )}
        </section>
      )}
    </>
  );
}
