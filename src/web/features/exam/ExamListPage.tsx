import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ExamSummary } from '../../../core/contract';
import { ContentLanguagePicker } from '../../app/ContentLanguagePicker';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectLanguageId, selectUser } from '../../app/selectors';
import { useApiPages } from '../../app/server-state/use-api-pages';
import { useTranslation } from '../../lib/use-translation';
import { Empty } from '../../ui/LoadState';
import { MoreFooter } from '../../ui/MoreFooter';
import { PageTitle } from '../../ui/PageTitle';
import { Segmented } from '../../ui/Segmented';
import { browserTimezone, gmtOffset } from '../../lib/zone';
import { ExamFacts, ltr } from './ExamFacts';
import { ExamStartSheet } from './ExamStartSheet';
import { readExam, sessionStore } from './exam-store';
import { clockText, useDeadline } from '../../lib/server-deadline';
import './exam.css';
import { formatDateTime, formatDay } from '../../lib/format-date';

const PAGE = 20;
type Tab = 'today' | 'completed';
const byId = (e: ExamSummary) => e.id;

/**
 * The exam module: today's exams (an attempt under way first, with Resume and its time left)
 * and the completed ones with their marks. Starting one opens the rules and key sheet.
 */
export default function ExamListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'completed' ? 'completed' : 'today';
  const languageId = useAppSelector(selectLanguageId);
  const user = useAppSelector(selectUser);
  const {
    items: rows,
    state,
    more,
    loadMore,
  } = useApiPages(
    'get_exam_module',
    {
      language_id: languageId,
      type: tab === 'today' ? 1 : 2,
      limit: PAGE,
      timezone: browserTimezone(),
      gmt_format: gmtOffset(),
    },
    byId,
  );
  const [sheet, setSheet] = useState<ExamSummary | null>(null);

  // Sent back by the play screen for the key (a resume in a new tab): the sheet opens itself.
  const startId = Number(params.get('start') ?? 0);
  useEffect(() => {
    if (!startId || state !== 'ready') return;
    const exam = rows.find((r) => r.id === startId);
    if (exam) setSheet(exam);
    setParams((p) => {
      p.delete('start');
      return p;
    });
  }, [startId, state, rows, setParams]);

  /** Resume goes straight back in when this tab still holds the key; otherwise the sheet asks for it. */
  function open(exam: ExamSummary) {
    if (exam.state === 'ongoing' && user && readExam(sessionStore(), user.id, exam.id).key) {
      void navigate(paths.examPlay(exam.id));
      return;
    }
    setSheet(exam);
  }

  return (
    <>
      <PageTitle
        title={t('modes.examModule')}
        subtitle={t('exam.intro')}
        back={paths.home}
        backLabel={t('common.back')}
        howTo="exam"
      />
      <ContentLanguagePicker />
      <Segmented
        label={t('exam.tabs')}
        value={tab}
        onChange={(v) => setParams(v === 'completed' ? { tab: 'completed' } : {})}
        options={(['today', 'completed'] as const).map((k) => ({
          value: k,
          label: t(`exam.${k}`),
          testId: `exam-tab-${k}`,
        }))}
      />
      {state === 'ready' && rows.length === 0 ? (
        <div className="events-empty">
          <Empty text={tab === 'today' ? t('exam.emptyToday') : t('exam.emptyCompleted')} />
        </div>
      ) : (
        <ul className="events-list" data-testid="exam-list">
          {rows.map((e) => (
            <ExamCard key={e.id} exam={e} onOpen={() => open(e)} />
          ))}
        </ul>
      )}
      <MoreFooter state={state} more={more} onMore={loadMore} label={t('exam.more')} testId="exam-more" />
      {sheet && <ExamStartSheet exam={sheet} onClose={() => setSheet(null)} />}
    </>
  );
}

function ExamCard({ exam, onOpen }: { exam: ExamSummary; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const r = exam.result;
  return (
    <li className={`card event-card exam-card state-${exam.state}`} data-testid="exam-card" data-exam-id={exam.id}>
      <div className="event-head">
        <span className="event-icon exam-icon" aria-hidden="true">
          ✍
        </span>
        <div className="event-title">
          <h2 dir="auto">{exam.title}</h2>
          {exam.state !== 'not_started' && (
            <span className={`tag exam-state ${exam.state}`} data-testid="exam-state">
              {t(`exam.state.${exam.state}`)}
            </span>
          )}
        </div>
      </div>
      <ExamFacts exam={exam} />
      {r && (
        <span className="muted event-when">
          {t('exam.submittedOn', { date: formatDateTime(r.submitted_at, i18n.language) })}
        </span>
      )}
      {exam.state === 'completed' && r ? (
        <div className="exam-marks-row">
          <span className="exam-marks" data-testid="exam-marks">
            <strong dir="ltr">
              {r.obtained_marks}/{r.total_marks}
            </strong>
            <span className="muted">{t('exam.result.marks')}</span>
          </span>
          {r.rules_violated && (
            <span className="tag tag-bad" data-testid="exam-violated">
              ⚠ {t('exam.violated')}
            </span>
          )}
          <Link className="btn btn-outline btn-small" to={paths.examResult(exam.id)} data-testid="exam-see-result">
            {t('exam.seeResult')}
          </Link>
        </div>
      ) : exam.state === 'finished' ? (
        <p className="muted exam-note">{t('exam.finishedNote')}</p>
      ) : exam.state === 'ongoing' ? (
        <div className="event-actions">
          <TimeLeft deadline={exam.deadline} />
          <button type="button" className="btn btn-primary" onClick={onOpen} data-testid="exam-resume">
            {t('exam.resume')}
          </button>
        </div>
      ) : (
        <div className="event-actions">
          <span className="muted event-when">
            {t('exam.openUntil', { date: formatDay(exam.ends_on, i18n.language) })}
          </span>
          <button type="button" className="btn btn-primary" onClick={onOpen} data-testid="exam-open">
            {t('exam.start')}
          </button>
        </div>
      )}
    </li>
  );
}

/** An ongoing attempt's time left, by this device's clock (the list carries no server time). */
function TimeLeft({ deadline }: { deadline: string }) {
  const { t } = useTranslation();
  const left = useDeadline(deadline, 0, true, () => undefined);
  return (
    <span className="tag exam-time-left" data-testid="exam-time-left">
      {t('exam.timeLeft', { time: ltr(clockText(Math.ceil(left / 1000))) })}
    </span>
  );
}
