import { useEffect, useEffectEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ExamSummary } from '../../../core/contract';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { useApiPages } from '../../app/server-state/use-api-pages';
import type { Loadable } from '../../lib/loadable';
import { useTranslation } from '../../lib/use-translation';
import { LoadState } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { browserTimezone, gmtOffset } from '../../lib/zone';
import { ExamResultView } from './ExamResultView';
import './exam.css';

const PAGE = 100;
/** The completed list is searched this many pages deep at most. */
const MAX_PAGES = 10;
const byId = (e: ExamSummary) => e.id;

/**
 * A completed exam of the player's, from the completed list: its pages read one after another
 * until the exam is on one (null when the list ends without it).
 */
function useCompletedExam(examId: number, languageId: number): [Loadable<ExamSummary | null>, () => void] {
  const list = useApiPages(
    'get_exam_module',
    { language_id: languageId, type: 2, limit: PAGE, timezone: browserTimezone(), gmt_format: gmtOffset() },
    byId,
  );
  const found = list.items.find((e) => e.id === examId) ?? null;
  const searching = !found && list.more && list.pages.length < MAX_PAGES;
  const readNext = useEffectEvent(() => list.loadMore());
  useEffect(() => {
    if (searching && list.state === 'ready') readNext();
  }, [searching, list.state, list.pages.length]);
  // LoadState shows one card, with Retry (the page that failed, again), whatever the failure's code.
  if (list.state === 'error') return [{ status: 'error', code: 'unknown' }, list.loadMore];
  if (found || (list.state === 'ready' && !searching)) return [{ status: 'ready', data: found }, list.loadMore];
  return [{ status: 'loading' }, list.loadMore];
}

/** A submitted exam's result, or why there is none (its time ran out unsubmitted). */
export default function ExamResultPage() {
  const { t } = useTranslation();
  const examId = Number(useParams().id);
  const languageId = useAppSelector(selectLanguageId);
  const [state, retry] = useCompletedExam(examId, languageId);

  if (state.status !== 'ready')
    return (
      <>
        <PageTitle title={t('exam.result.title')} back={paths.examModule} backLabel={t('common.back')} />
        <LoadState state={state} retry={retry} />
      </>
    );
  const exam = state.data;
  if (exam?.result) return <ExamResultView title={exam.title} result={exam.result} questions={null} reason="earlier" />;
  return (
    <>
      <PageTitle title={exam?.title ?? t('modes.examModule')} back={paths.examModule} backLabel={t('common.back')} />
      <section className="card empty" data-testid="exam-no-result">
        {exam?.state === 'finished' && (
          <span className="tag exam-state finished" data-testid="exam-state">
            {t('exam.state.finished')}
          </span>
        )}
        <p>{exam?.state === 'finished' ? t('exam.play.timeOver') : t('exam.result.notFound')}</p>
        <Link to={`${paths.examModule}?tab=completed`} className="btn btn-primary">
          {t('exam.result.back')}
        </Link>
      </section>
    </>
  );
}
