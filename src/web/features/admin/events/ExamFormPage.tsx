import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import type { AdminExamDetail } from '../../../../core/contract';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useLoad } from '../../../lib/use-api';
import { LoadState } from '../../../ui/LoadState';
import { mutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { loadLanguages } from './event-data';
import { EXAMS } from './event-paths';
import { ExamForm } from './ExamForm';
import { ExamStateTag } from './StateTag';
import { SubHead } from './SubHead';
import { operatorZone } from './zones';

/** A new exam (`exams/new`) or a saved one (`exams/:id`) with its delete and results. */
export default function ExamFormPage() {
  const { t } = useAdminT();
  const { id } = useParams();
  const examId = id === undefined ? null : Number(id);
  const bad = examId !== null && !(Number.isSafeInteger(examId) && examId > 0);
  const [state, retry] = useLoad(
    () =>
      Promise.all([
        loadLanguages(),
        examId && !bad ? api('admin_get_exam', { exam_id: examId, timezone: operatorZone() }) : null,
      ]),
    [examId],
  );
  if (bad) return <Navigate to={EXAMS} replace />;
  const exam = state.status === 'ready' ? state.data[1] : null;

  return (
    <>
      <SubHead
        back={EXAMS}
        backLabel={t('events.exams')}
        title={exam ? exam.title : examId ? t('events.exam') : t('events.newExam')}
        tag={exam && <ExamStateTag exam={exam} />}
        actions={
          exam && (
            <>
              <Link
                to={`${EXAMS}/${exam.id}/results`}
                className="btn btn-outline btn-small"
                data-testid="exam-results-link"
              >
                {t('events.results')}
              </Link>
              <DeleteExam exam={exam} />
            </>
          )
        }
      />
      {state.status === 'ready' ? (
        <ExamForm key={exam?.id ?? 'new'} exam={exam} languages={state.data[0]} />
      ) : (
        <LoadState state={state} retry={retry} />
      )}
    </>
  );
}

/** Delete, asked first; not offered (and the reason said) once someone attempted it. */
function DeleteExam({ exam }: { exam: AdminExamDetail }) {
  const { t } = useAdminT();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const why = exam.attempts > 0 ? t('events.deleteAttempted', { count: exam.attempts }) : '';

  return (
    <>
      {why && (
        <small className="muted events-why" id="exam-delete-why" data-testid="exam-delete-why">
          {why}
        </small>
      )}
      <button
        type="button"
        className="btn btn-danger btn-small"
        disabled={Boolean(why)}
        aria-describedby={why ? 'exam-delete-why' : undefined}
        onClick={() => setAsking(true)}
        data-testid="exam-delete"
      >
        {t('events.delete')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('events.deleteExamTitle', { name: exam.title })}
          body={t('events.deleteExamBody')}
          confirmLabel={t('events.delete')}
          danger
          onConfirm={async () => {
            await mutate('admin_delete_exam', { exam_id: exam.id });
            toast.success(t('events.examDeleted', { name: exam.title }));
            void navigate(EXAMS);
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
