import type { AdminExam, AdminLanguage } from '../../../../core/contract';
import { useAdminT } from '../i18n';
import type { Column } from '../ui/DataTable';
import { count, dateOnly } from '../ui/format';
import { EXAMS } from './event-paths';
import { EventList } from './EventList';
import { languageName } from './languages';
import { ExamStateTag } from './StateTag';
import { operatorZone } from './zones';

/** Exams: by state (against today in the operator's zone), language and title; a row opens its form. */
export default function ExamsPage() {
  const { t, lang } = useAdminT();

  const days = (e: AdminExam) =>
    e.starts_on === e.ends_on
      ? dateOnly(`${e.starts_on}T12:00:00`, lang)
      : `${dateOnly(`${e.starts_on}T12:00:00`, lang)} – ${dateOnly(`${e.ends_on}T12:00:00`, lang)}`;

  const columns = (languages: AdminLanguage[]): Column<AdminExam>[] => [
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
    <EventList
      spec={{
        kind: 'exam',
        path: EXAMS,
        label: t('events.exams'),
        note: t('events.examDaysNote', { zone: operatorZone() }),
        newLabel: t('events.newExam'),
        search: t('events.searchExams'),
        states: ['upcoming', 'open', 'past'],
        action: 'admin_get_exams',
        columns,
        empty: t('events.noExams'),
      }}
    />
  );
}
