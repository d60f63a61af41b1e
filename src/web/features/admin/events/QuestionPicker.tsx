import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState, type ReactNode } from 'react';
import { useAdminT } from '../i18n';
import { Tag } from '../ui/Tag';
import { useEveryRow } from '../ui/use-every-row';
import { questionLine, type EventKind, type PickedQuestion } from './event-data';

const SHOWN = 30;

/**
 * The questions of a contest or exam, in order (moved up or down, taken out, and for an exam
 * given their marks), and the language's questions of that kind to add, searched as typed.
 */
export function QuestionPicker({
  kind,
  languageId,
  picked,
  onChange,
  withMarks = false,
  locked = false,
  summary,
  error,
}: {
  kind: EventKind;
  languageId: number | null;
  picked: PickedQuestion[];
  onChange: (rows: PickedQuestion[]) => void;
  withMarks?: boolean;
  /** Shown but not changeable (a started contest, an attempted exam). */
  locked?: boolean;
  /** A line under the heading (an exam's total marks). */
  summary?: ReactNode;
  error?: string;
}) {
  const { t } = useAdminT();
  const move = (i: number, by: number) => {
    const next = [...picked];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    onChange(next);
  };

  return (
    <fieldset className={error ? 'events-group has-error' : 'events-group'} data-testid="question-picker">
      <legend>{t('events.questionsCount', { count: picked.length })}</legend>
      {summary}
      {picked.length === 0 ? (
        <p className="muted">{t('events.noQuestions')}</p>
      ) : (
        <ol className="events-picked" data-testid="picked-questions">
          {picked.map((q, i) => (
            <li key={q.id} data-testid="picked-question" data-question-id={q.id}>
              <span className="events-picked-n" dir="ltr">
                {i + 1}
              </span>
              <span className="events-picked-text">
                <span className="admin-clamp" dir="auto">
                  {questionLine(q)}
                </span>
                <small className="muted" dir="ltr">
                  #{q.id} · {q.type}
                </small>
                {q.off && (
                  <Tag tone="warn" testId="picked-question-off">
                    {t('events.questionOff')}
                  </Tag>
                )}
              </span>
              {withMarks && (
                <label className="events-marks">
                  <span className="visually-hidden">{t('events.marksOf', { n: i + 1 })}</span>
                  <input
                    inputMode="numeric"
                    dir="ltr"
                    maxLength={3}
                    value={q.marks}
                    disabled={locked}
                    onChange={(e) => onChange(picked.map((p, j) => (j === i ? { ...p, marks: e.target.value } : p)))}
                    data-testid="question-marks"
                  />
                  <span className="muted">{t('events.marks')}</span>
                </label>
              )}
              {!locked && (
                <span className="events-picked-actions">
                  <button
                    type="button"
                    className="admin-icon-button events-mini"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={t('events.moveUp', { n: i + 1 })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="admin-icon-button events-mini"
                    disabled={i === picked.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={t('events.moveDown', { n: i + 1 })}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger-ghost btn-small"
                    onClick={() => onChange(picked.filter((p) => p.id !== q.id))}
                    data-testid="question-remove"
                  >
                    {t('events.remove')}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {withMarks && picked.length > 0 && !locked && (
        <p className="muted events-group-hint">{t('events.marksShared')}</p>
      )}
      {error && (
        <small className="field-error" role="alert" data-testid="questions-error">
          {error}
        </small>
      )}
      {!locked && <Pool kind={kind} languageId={languageId} picked={picked} onAdd={(q) => onChange([...picked, q])} />}
    </fieldset>
  );
}

/** The questions that can be added, searched by their text or id. */
function Pool({
  kind,
  languageId,
  picked,
  onAdd,
}: {
  kind: EventKind;
  languageId: number | null;
  picked: PickedQuestion[];
  onAdd: (q: PickedQuestion) => void;
}) {
  const { t } = useAdminT();
  const [search, setSearch] = useState('');
  // The active questions of the language's contest (or exam) question bank: the categories of
  // type 8 (7) that the Content screens manage.
  const [state, retry] = useEveryRow(
    'admin_get_questions',
    languageId
      ? { category_type: kind, language_id: languageId, status: 'active', sort: 'id', order: 'asc' }
      : skipToken,
  );
  const taken = useMemo(() => new Set(picked.map((q) => q.id)), [picked]);
  const needle = search.trim().toLocaleLowerCase();
  const matches =
    state.status === 'ready'
      ? state.data.filter(
          (q) =>
            !taken.has(q.id) && (!needle || String(q.id) === needle || q.question.toLocaleLowerCase().includes(needle)),
        )
      : [];

  return (
    <div className="events-pool" data-testid="question-pool">
      <div className="events-pool-head">
        <strong>{t('events.addQuestions')}</strong>
        <input
          type="search"
          className="events-pool-search"
          placeholder={t('events.searchQuestions')}
          aria-label={t('events.searchQuestions')}
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="question-search"
        />
      </div>
      {!languageId ? (
        <p className="muted">{t('events.pickLanguageFirst')}</p>
      ) : state.status === 'loading' ? (
        <p className="muted" role="status">
          {t('table.loading')}
        </p>
      ) : state.status === 'error' ? (
        <p role="alert">
          {t('table.error')}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={retry}>
            {t('table.retry')}
          </button>
        </p>
      ) : matches.length === 0 ? (
        <p className="muted" data-testid="question-pool-empty">
          {state.data.length === 0
            ? t(kind === 'contest' ? 'events.poolEmptyContest' : 'events.poolEmptyExam')
            : t('events.poolNoMatch')}
        </p>
      ) : (
        <ul className="events-pool-list">
          {matches.slice(0, SHOWN).map((q) => (
            <li key={q.id} data-testid="pool-question">
              <span className="events-picked-text">
                <span className="admin-clamp" dir="auto">
                  {questionLine(q)}
                </span>
                <small className="muted" dir="ltr">
                  #{q.id} · {q.type}
                  {kind === 'exam' ? ` · ${t('events.marksN', { count: q.marks })}` : ''}
                </small>
              </span>
              <button
                type="button"
                className="btn btn-outline btn-small"
                onClick={() => onAdd({ id: q.id, type: q.type, question: q.question, marks: String(q.marks) })}
                data-testid="pool-add"
              >
                {t('events.add')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {matches.length > SHOWN && (
        <p className="muted">{t('events.poolMore', { shown: SHOWN, count: matches.length })}</p>
      )}
      <p className="muted events-pool-note">
        {t(kind === 'contest' ? 'events.poolSourceContest' : 'events.poolSourceExam')}
      </p>
    </div>
  );
}
