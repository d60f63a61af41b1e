import { Link } from 'react-router-dom';
import type { AdminFunText } from '../../../../core/contract';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import { useAdminT } from '../i18n';
import { contentPaths } from './content-paths';
import { StatusTag } from './status';

/** The questions about a text, each opening the editor, and a way to add one. */
export function FunTextQuestions({ text }: { text: AdminFunText }) {
  const { t } = useAdminT();
  const [state] = useApiQuery('admin_get_questions', {
    comprehension_id: text.id,
    limit: 100,
    sort: 'id',
    order: 'asc',
  });
  const rows = state.status === 'ready' ? state.data : [];
  return (
    <section className="admin-subform" data-testid="fun-text-questions">
      <div className="cs-subhead">
        <h3>{t('contentScreens.funTexts.questions', { count: text.questions })}</h3>
        <Link
          to={contentPaths.newQuestion({ language: text.language_id, category: text.category_id, text: text.id })}
          className="btn btn-outline btn-small"
          data-testid="fun-text-add-question"
        >
          {t('contentScreens.funTexts.addQuestion')}
        </Link>
      </div>
      {state.status === 'ready' && rows.length === 0 && (
        <p className="muted">{t('contentScreens.funTexts.noQuestions')}</p>
      )}
      <ol className="cs-plain-list">
        {rows.map((q) => (
          <li key={q.id}>
            <Link to={contentPaths.question(q.id)} dir="auto">
              {q.question}
            </Link>
            <span className="admin-cell-tags">
              <small className="muted">{t(`contentScreens.types.${q.type}`)}</small>
              {q.status !== 1 && <StatusTag status={q.status} />}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
