import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { EXAMS } from './event-paths';
import { EventFormShell } from './EventFormShell';
import { ExamForm } from './ExamForm';
import { ExamStateTag } from './StateTag';
import { operatorZone } from './zones';

/** A new exam (`exams/new`) or a saved one (`exams/:id`) with its delete and results. */
export default function ExamFormPage() {
  const { t } = useAdminT();
  const mutate = useMutate();
  return (
    <EventFormShell
      spec={{
        kind: 'exam',
        listPath: EXAMS,
        listLabel: t('events.exams'),
        newTitle: t('events.newExam'),
        savedTitle: t('events.exam'),
        read: { action: 'admin_get_exam', fields: (id) => ({ exam_id: id, timezone: operatorZone() }) },
        nameOf: (e) => e.title,
        tag: (e) => <ExamStateTag exam={e} />,
        form: (e, languages) => <ExamForm key={e?.id ?? 'new'} exam={e} languages={languages} />,
        // Not once someone attempted it.
        deleteWhy: (e) => (e.attempts > 0 ? t('events.deleteAttempted', { count: e.attempts }) : ''),
        deleteTitle: (e) => t('events.deleteExamTitle', { name: e.title }),
        deleteBody: t('events.deleteExamBody'),
        remove: (e) => mutate('admin_delete_exam', { exam_id: e.id }),
        deleted: (e) => t('events.examDeleted', { name: e.title }),
      }}
    />
  );
}
