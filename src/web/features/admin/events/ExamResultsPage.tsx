import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import type { AdminExamAttempt, AdminExamDetail } from '../../../../core/contract';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import { LoadState } from '../../../ui/LoadState';
import { useAdminT } from '../i18n';
import { DataTable, type Column } from '../ui/DataTable';
import { count, dateOnly, dateTime } from '../ui/format';
import { Tag, type Tone } from '../ui/Tag';
import { EXAMS } from './event-paths';
import { ExamStateTag } from './StateTag';
import { SubHead } from './SubHead';
import { clock } from './when';
import { operatorZone } from './zones';

const STATE_TONE: Record<AdminExamAttempt['state'], Tone> = {
  not_started: 'plain',
  ongoing: 'info',
  completed: 'good',
  finished: 'warn',
};

/** An exam's attempts: each player's marks, time taken, state and whether they broke the rules. */
export default function ExamResultsPage() {
  const { t, lang } = useAdminT();
  const id = Number(useParams().id);
  const ok = Number.isSafeInteger(id) && id > 0;
  const [state, retry] = useApiQuery('admin_get_exam', ok ? { exam_id: id, timezone: operatorZone() } : skipToken);
  if (!ok) return <Navigate to={EXAMS} replace />;
  const exam = state.status === 'ready' ? state.data : null;

  const columns: Column<AdminExamAttempt>[] = [
    {
      id: 'player',
      header: t('events.player'),
      cell: (a) => (
        <span className="admin-cell-stack">
          <strong dir="auto">{a.name || `#${a.user_id}`}</strong>
          <small className="muted" dir="ltr">
            {a.email}
          </small>
        </span>
      ),
    },
    {
      id: 'state',
      header: t('events.attemptState'),
      cell: (a) => (
        <span className="admin-cell-tags">
          <Tag tone={STATE_TONE[a.state]} testId="attempt-state">
            {t(`events.attempt.${a.state}`)}
          </Tag>
          {a.rules_violated && (
            <Tag tone="bad" testId="attempt-violated">
              {t('events.rulesViolated')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      id: 'marks',
      header: t('events.marks'),
      align: 'end',
      cell: (a) => (
        <span data-testid="attempt-marks">
          {a.obtained_marks === null ? '—' : `${a.obtained_marks} / ${a.total_marks}`}
        </span>
      ),
    },
    {
      id: 'correct',
      header: t('events.correct'),
      align: 'end',
      wide: true,
      cell: (a) => (a.correct_answers === null ? '—' : `${a.correct_answers} / ${a.total_questions}`),
    },
    {
      id: 'duration',
      header: t('events.timeTaken'),
      align: 'end',
      cell: (a) => (a.total_duration === null ? '—' : <span dir="ltr">{clock(a.total_duration)}</span>),
    },
    { id: 'started', header: t('events.startedAt'), wide: true, cell: (a) => dateTime(a.started_at, lang) },
  ];

  return (
    <>
      <SubHead
        back={EXAMS}
        backLabel={t('events.exams')}
        title={exam ? t('events.resultsOf', { name: exam.title }) : t('events.results')}
        tag={exam && <ExamStateTag exam={exam} />}
        actions={
          exam && (
            <Link to={`${EXAMS}/${exam.id}`} className="btn btn-outline btn-small">
              {t('events.edit')}
            </Link>
          )
        }
      />
      {exam ? <ExamFacts exam={exam} /> : <LoadState state={state} retry={retry} />}
      {exam && (
        <DataTable
          label={t('events.results')}
          testId="exam-results"
          columns={columns}
          rowKey={(a) => a.user_id}
          list={{
            action: 'admin_get_exam_results',
            fields: (q) => ({ exam_id: id, offset: q.offset, limit: q.limit }),
          }}
          empty={t('events.noAttempts')}
        />
      )}
    </>
  );
}

/** The exam's terms: days, duration, questions and marks, and its key (masked until revealed). */
function ExamFacts({ exam: e }: { exam: AdminExamDetail }) {
  const { t, lang } = useAdminT();
  const [shown, setShown] = useState(false);
  const day = (d: string) => dateOnly(`${d}T12:00:00`, lang);
  return (
    <dl className="card events-facts" data-testid="exam-facts">
      <div>
        <dt>{t('events.days')}</dt>
        <dd>{e.starts_on === e.ends_on ? day(e.starts_on) : `${day(e.starts_on)} – ${day(e.ends_on)}`}</dd>
      </div>
      <div>
        <dt>{t('events.duration')}</dt>
        <dd>{t('events.minutesN', { count: e.duration })}</dd>
      </div>
      <div>
        <dt>{t('events.questions')}</dt>
        <dd>{count(e.total_questions, lang)}</dd>
      </div>
      <div>
        <dt>{t('events.totalMarks')}</dt>
        <dd>{count(e.total_marks, lang)}</dd>
      </div>
      <div>
        <dt>{t('events.attempts')}</dt>
        <dd>{count(e.attempts, lang)}</dd>
      </div>
      <div>
        <dt>{t('events.examKey')}</dt>
        <dd className="events-key">
          <code dir="ltr" data-testid="exam-key">
            {shown ? e.exam_key : '••••••••'}
          </code>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
            data-testid="exam-key-reveal"
          >
            {shown ? t('events.hide') : t('events.reveal')}
          </button>
        </dd>
      </div>
    </dl>
  );
}
