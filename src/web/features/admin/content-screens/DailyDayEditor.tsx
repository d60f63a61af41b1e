import { useState } from 'react';
import type { AdminDailyQuiz, AdminQuestion } from '../../../../core/contract';
import { DAILY_QUIZ_MAX_QUESTIONS } from '../../../../core/contract/admin-content';
import { isApiFailure } from '../../../app/server-state/base-query';
import { errorMessage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { dateOnly } from '../ui/format';
import { sentence } from '../ui/form-kit';
import { DailyQuestionSearch } from './DailyQuestionSearch';

type Picked = Pick<AdminQuestion, 'id' | 'question' | 'type' | 'status'>;

const move = (list: Picked[], from: number, to: number) => {
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x!);
  return out;
};

/**
 * One day's daily quiz in a language: its questions in order (moved up or down, removed), more
 * found by a search, then saved; saving none removes the day's schedule (a draw is made then).
 */
export function DailyDayEditor({
  languageId,
  date,
  schedule,
}: {
  languageId: number;
  date: string;
  schedule: AdminDailyQuiz | null;
}) {
  const { t, lang } = useAdminT();
  const mutate = useMutate();
  const [list, setList] = useState<Picked[]>(schedule?.questions ?? []);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const changed = JSON.stringify(list.map((q) => q.id)) !== JSON.stringify(schedule?.question_ids ?? []);
  const full = list.length >= DAILY_QUIZ_MAX_QUESTIONS;

  function edit(next: Picked[]) {
    setList(next);
    setError('');
  }

  async function save() {
    setBusy(true);
    try {
      await mutate(
        'admin_set_daily_quiz',
        { language_id: languageId, date, question_ids: JSON.stringify(list.map((q) => q.id)) },
        { expect: ['invalid_input', 'not_found'] },
      );
      toast.success(list.length ? t('contentScreens.daily.saved') : t('contentScreens.daily.removed'));
    } catch (e) {
      if (isApiFailure(e))
        setError(
          e.code === 'invalid_input'
            ? sentence(e.message.replace(/^question_ids: /, ''))
            : e.message || errorMessage(e.code),
        );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card cs-day-editor" aria-label={date} data-testid="daily-editor">
      <div className="cs-subhead">
        <h3>{dateOnly(`${date}T12:00:00`, lang)}</h3>
        <span className="muted" data-testid="daily-count">
          {t('contentScreens.daily.questionCount', { count: list.length })}
        </span>
      </div>
      {!schedule && list.length === 0 && <p className="muted">{t('contentScreens.daily.nothingScheduled')}</p>}
      <ol className="cs-daily-list" data-testid="daily-list">
        {list.map((q, k) => (
          <li key={q.id} data-testid="daily-item">
            <span className="cs-option-rank">{k + 1}</span>
            <span className="admin-cell-stack cs-grow">
              <span dir="auto" className="admin-clamp">
                {q.question}
              </span>
              <small className="muted">
                #{q.id} · {t(`contentScreens.types.${q.type}`)}
                {q.status !== 1 && ` · ${t('contentScreens.inactive')}`}
              </small>
            </span>
            <span className="cs-option-moves">
              <button
                type="button"
                className="admin-icon-button cs-small-icon"
                disabled={k === 0}
                onClick={() => edit(move(list, k, k - 1))}
                aria-label={t('contentScreens.editor.moveUp')}
                data-testid="daily-up"
              >
                ↑
              </button>
              <button
                type="button"
                className="admin-icon-button cs-small-icon"
                disabled={k === list.length - 1}
                onClick={() => edit(move(list, k, k + 1))}
                aria-label={t('contentScreens.editor.moveDown')}
              >
                ↓
              </button>
              <button
                type="button"
                className="admin-icon-button cs-small-icon"
                onClick={() => edit(list.filter((x) => x.id !== q.id))}
                aria-label={t('contentScreens.daily.remove')}
                data-testid="daily-remove"
              >
                ×
              </button>
            </span>
          </li>
        ))}
      </ol>
      {error && (
        <p className="field-error" role="alert" data-testid="daily-error">
          {error}
        </p>
      )}
      <div className="row admin-form-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || !changed}
          onClick={() => (list.length === 0 ? setConfirmEmpty(true) : void save())}
          data-testid="daily-save"
        >
          {t('contentScreens.save')}
        </button>
      </div>
      <DailyQuestionSearch
        languageId={languageId}
        taken={new Set(list.map((q) => q.id))}
        full={full}
        onAdd={(q) => edit([...list, q])}
      />
      {confirmEmpty && (
        <ConfirmDialog
          title={t('contentScreens.daily.removeTitle')}
          body={t('contentScreens.daily.removeBody')}
          confirmLabel={t('contentScreens.daily.removeConfirm')}
          danger
          onConfirm={save}
          onClose={() => setConfirmEmpty(false)}
        />
      )}
    </section>
  );
}
