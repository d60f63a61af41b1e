import { Link, useParams } from 'react-router-dom';
import type { ExamSummary } from '../../../core/contract';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { useLoad } from '../../lib/use-api';
import { useTranslation } from '../../lib/use-translation';
import { LoadState } from '../../ui/LoadState';
import { PageTitle } from '../../ui/PageTitle';
import { browserTimezone, gmtOffset } from '../../lib/zone';
import { ExamResultView } from './ExamResultView';
import './exam.css';

const PAGE = 100;

/** A completed exam of the player's, from the completed list (paged through until found). */
async function findCompleted(examId: number, languageId: number): Promise<ExamSummary | null> {
  for (let offset = 0; offset < 10 * PAGE; offset += PAGE) {
    const list = await api('get_exam_module', {
      language_id: languageId,
      type: 2,
      offset,
      limit: PAGE,
      timezone: browserTimezone(),
      gmt_format: gmtOffset(),
    });
    const found = list.exams.find((e) => e.id === examId);
    if (found) return found;
    if (offset + PAGE >= list.total) return null;
  }
  return null;
}

/** A submitted exam's result, or why there is none (its time ran out unsubmitted). */
export default function ExamResultPage() {
  const { t } = useTranslation();
  const examId = Number(useParams().id);
  const languageId = useAppSelector(selectLanguageId);
  const [state, retry] = useLoad(() => findCompleted(examId, languageId), [examId, languageId]);

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
