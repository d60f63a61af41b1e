import { Link, useNavigate } from 'react-router-dom';
import type { AdminExam, AdminLanguage } from '../../../../core/contract';
import { useLoad } from '../../../lib/use-api';
import { loadPage } from '../admin-api';
import { useAdminT } from '../i18n';
import { DataTable, type Column } from '../ui/DataTable';
import { count, dateOnly } from '../ui/format';
import { EXAMS } from './event-paths';
import { loadLanguages } from './event-data';
import { languageName } from './languages';
import { ExamStateTag } from './StateTag';
import { operatorZone } from './zones';

const DEFAULTS = { filters: { state: 'all', language: 'all' } };

/** Exams: by state (against today in the operator's zone), language and title; a row opens its form. */
export default function ExamsPage() {
  const { t, lang } = useAdminT();
  const navigate = useNavigate();
  const [langs] = useLoad(loadLanguages, []);
  const languages: AdminLanguage[] = langs.status === 'ready' ? langs.data : [];
  const zone = operatorZone();

  const days = (e: AdminExam) =>
    e.starts_on === e.ends_on
      ? dateOnly(`${e.starts_on}T12:00:00`, lang)
      : `${dateOnly(`${e.starts_on}T12:00:00`, lang)} – ${dateOnly(`${e.ends_on}T12:00:00`, lang)}`;

  const columns: Column<AdminExam>[] = [
    {
      id: 'title',
      header: t('events.examTitle'),
      cell: (e) => (
        <span className="admin-cell-stack">
          <strong dir="auto" data-testid="exam-name">
            {e.title}
          </strong>
          <small className="muted">{languageName(languages, e.language_id)}</small>
        </span>
      ),
    },
    { id: 'days', header: t('events.days'), cell: (e) => <span data-testid="exam-days">{days(e)}</span> },
    {
      id: 'duration',
      header: t('events.duration'),
      align: 'end',
      wide: true,
      cell: (e) => t('events.minutesN', { count: e.duration }),
    },
    {
      id: 'questions',
      header: t('events.questions'),
      align: 'end',
      wide: true,
      cell: (e) => count(e.total_questions, lang),
    },
    { id: 'marks', header: t('events.totalMarks'), align: 'end', cell: (e) => count(e.total_marks, lang) },
    {
      id: 'attempts',
      header: t('events.attempts'),
      align: 'end',
      cell: (e) => <span data-testid="exam-attempts">{count(e.attempts, lang)}</span>,
    },
    { id: 'state', header: t('events.stateLabel'), cell: (e) => <ExamStateTag exam={e} /> },
  ];

  return (
    <>
      <div className="events-toolbar">
        <p className="muted">{t('events.examDaysNote', { zone })}</p>
        <Link to={`${EXAMS}/new`} className="btn btn-primary btn-small" data-testid="exam-new">
          {t('events.newExam')}
        </Link>
      </div>
      <DataTable
        label={t('events.exams')}
        testId="exams"
        columns={columns}
        rowKey={(e) => e.id}
        defaults={DEFAULTS}
        search={t('events.searchExams')}
        filters={[
          {
            name: 'state',
            label: t('events.stateLabel'),
            options: (['all', 'upcoming', 'open', 'past'] as const).map((s) => ({
              value: s,
              label: s === 'all' ? t('common.all') : t(`events.state.${s}`),
            })),
          },
          {
            name: 'language',
            label: t('events.language'),
            options: [
              { value: 'all', label: t('common.all') },
              ...languages.map((l) => ({ value: String(l.id), label: l.name })),
            ],
          },
        ]}
        load={(q) =>
          loadPage('admin_get_exams', {
            offset: q.offset,
            limit: q.limit,
            search: q.search,
            state: q.filters.state,
            language_id: q.filters.language === 'all' ? undefined : q.filters.language,
            timezone: zone,
          })
        }
        onRowClick={(e) => void navigate(`${EXAMS}/${e.id}`)}
        rowActions={(e) => (
          <>
            <Link to={`${EXAMS}/${e.id}/results`} className="btn btn-ghost btn-small" data-testid="exam-results">
              {t('events.results')}
            </Link>
            <Link to={`${EXAMS}/${e.id}`} className="btn btn-outline btn-small" data-testid="exam-edit">
              {t('events.edit')}
            </Link>
          </>
        )}
        empty={t('events.noExams')}
      />
    </>
  );
}
