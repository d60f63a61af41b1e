import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import type { AdminQuestion } from '../../../../core/contract';
import { DAILY_QUIZ_MAX_QUESTIONS } from '../../../../core/contract/admin-content';
import { useApiQuery } from '../../../app/server-state/use-api-query';
import { useAdminT } from '../i18n';
import { SearchBox } from '../ui/SearchBox';
import { TEXT_MODE } from './mode-names';

/**
 * Finds active questions of the language (by text or id) to add to a day: fun-and-learn ones
 * belong to their texts and are not offered.
 */
export function DailyQuestionSearch({
  languageId,
  taken,
  full,
  onAdd,
}: {
  languageId: number;
  taken: Set<number>;
  full: boolean;
  onAdd: (q: AdminQuestion) => void;
}) {
  const { t } = useAdminT();
  const [search, setSearch] = useState('');
  const [state] = useApiQuery(
    'admin_get_questions',
    search ? { language_id: languageId, search, status: 'active', limit: 20 } : skipToken,
  );
  const found = (search && state.status === 'ready' ? state.data : []).filter((q) => q.category_type !== TEXT_MODE);

  return (
    <div className="admin-subform" data-testid="daily-search">
      <h3>{t('contentScreens.daily.addTitle')}</h3>
      <SearchBox
        label={t('contentScreens.daily.search')}
        value={search}
        onChange={setSearch}
        testId="daily-search-input"
      />
      {full && <p className="field-hint">{t('contentScreens.daily.full', { count: DAILY_QUIZ_MAX_QUESTIONS })}</p>}
      {search && state.status === 'ready' && found.length === 0 && (
        <p className="muted">{t('contentScreens.daily.noneFound')}</p>
      )}
      <ul className="cs-plain-list">
        {found.map((q) => (
          <li key={q.id} data-testid="daily-result">
            <span className="admin-cell-stack cs-grow">
              <span dir="auto" className="admin-clamp">
                {q.question}
              </span>
              <small className="muted" dir="auto">
                #{q.id} · {q.category_name}
              </small>
            </span>
            <button
              type="button"
              className="btn btn-outline btn-small"
              disabled={taken.has(q.id) || full}
              onClick={() => onAdd(q)}
              data-testid="daily-add"
            >
              {taken.has(q.id) ? t('contentScreens.daily.added') : t('contentScreens.daily.add')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
