import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { AdminQuestionDetail, QuestionType } from '../../../../core/contract';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import type { Loadable } from '../../../lib/loadable';
import { LoadState } from '../../../ui/LoadState';
import { adminPaths } from '../admin-paths';
import { useAdminT } from '../i18n';
import { contentPaths } from './content-paths';
import { draftFromFields, emptyDraft } from './question-draft';
import { newQuestionValues, questionValues } from './question-form';
import { QuestionEditor } from './QuestionEditor';
import { SectionHead } from '../ui/PageHead';
import { StatusTag } from './status';

/**
 * /admin/content/questions/new (placed from the address: ?language=&category=&subcategory=&text=)
 * and /admin/content/questions/:id: loads the question, then the editor.
 */
export function QuestionEditorScreen() {
  const { t } = useAdminT();
  const { questionId } = useParams();
  const id = questionId === 'new' ? null : Number(questionId);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const handed = (useLocation().state as { question?: AdminQuestionDetail } | null)?.question;
  // A question handed along by the link (or the save that made it) is not read again.
  const known = id === null ? null : handed?.id === id ? handed : undefined;
  const [read, reload] = useApiQuery(
    'admin_get_question',
    known === undefined && id !== null && id > 0 ? { id } : skipToken,
  );
  const state: Loadable<AdminQuestionDetail | null> = known === undefined ? read : { status: 'ready', data: known };

  const [latest, setLatest] = useState<AdminQuestionDetail | null>(null);

  if (id !== null && !(id > 0)) return <p className="card">{t('contentScreens.questions.notFound')}</p>;
  if (state.status !== 'ready') return <LoadState state={state} retry={reload} />;
  const q = latest && latest.id === id ? latest : state.data;

  return (
    <>
      <p className="cs-crumbs">
        <Link to={contentPaths.questions}>{t('contentScreens.questions.title')}</Link>
        <span aria-hidden="true"> / </span>
        <span>{q ? `#${q.id}` : t('contentScreens.questions.new')}</span>
      </p>
      <SectionHead
        title={q ? t('contentScreens.questions.editTitle', { id: q.id }) : t('contentScreens.questions.new')}
        action={
          q && (
            <span className="admin-cell-tags">
              <StatusTag status={q.status} />
              {q.open_reports > 0 && (
                <Link to={adminPaths.reports} className="cs-reports-link" data-testid="question-reports">
                  {t('contentScreens.questions.openReports', { count: q.open_reports })}
                </Link>
              )}
            </span>
          )
        }
      />
      <QuestionEditor
        key={q?.id ?? 'new'}
        saved={q}
        initial={q ? questionValues(q) : newQuestionValues(params)}
        initialDraft={q ? draftFromFields(q.type, q.fields) : emptyDraft((params.get('type') as QuestionType) || 'mcq')}
        onSaved={(saved) => {
          setLatest(saved);
          if (!q) void navigate(contentPaths.question(saved.id), { replace: true, state: { question: saved } });
        }}
      />
    </>
  );
}
