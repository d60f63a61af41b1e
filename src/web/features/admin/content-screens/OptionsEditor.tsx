import { useId } from 'react';
import type { QuestionType } from '../../../../core/contract';
import { useAdminT } from '../i18n';
import type { FormErrors } from '../ui/form-kit';
import { LETTERS, MAX_OPTIONS, MIN_OPTIONS, type AnswerDraft } from './question-draft';

/** A field's error under it (role alert), if any. */
function FieldNote({ error, uid, field }: { error?: string; uid: string; field: string }) {
  return error ? (
    <small className="field-error" role="alert" id={`${uid}-${field}`} data-testid={`error-${field}`}>
      {error}
    </small>
  ) : null;
}

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x!);
  return out;
};

/**
 * The answer part of a question, as its type needs it: choices with the right one (multiple
 * choice, true/false) or the right ones (multi-select), items in their right order (sequence),
 * pairs (match), or the word to guess. Errors show at the option, pair or answer they are about.
 */
export function OptionsEditor({
  type,
  draft,
  onChange,
  errors,
}: {
  type: QuestionType;
  draft: AnswerDraft;
  onChange: (d: AnswerDraft) => void;
  errors: FormErrors;
}) {
  const { t } = useAdminT();
  const uid = useId();
  const noteId = (field: string) => `${uid}-${field}`;

  if (type === 'word') {
    return (
      <div className={errors.answer ? 'field admin-field has-error' : 'field admin-field'}>
        <label htmlFor={noteId('word')}>{t('contentScreens.editor.word')}</label>
        <input
          id={noteId('word')}
          dir="auto"
          maxLength={1000}
          value={draft.word}
          onChange={(e) => onChange({ ...draft, word: e.target.value })}
          aria-invalid={Boolean(errors.answer)}
          aria-describedby={errors.answer ? noteId('answer') : noteId('wordhint')}
          data-testid="word-answer"
        />
        {errors.answer ? (
          <FieldNote error={errors.answer} uid={uid} field={'answer'} />
        ) : (
          <small className="field-hint" id={noteId('wordhint')}>
            {t('contentScreens.editor.wordHint')}
          </small>
        )}
      </div>
    );
  }

  const fixed = type === 'true_false';
  const choice = type === 'mcq' || type === 'true_false' || type === 'multi_select';
  const set = (k: number, text: string, key: 'options' | 'matches' = 'options') =>
    onChange({ ...draft, [key]: draft[key].map((o, i) => (i === k ? text : o)) });
  const remove = (k: number) =>
    onChange({
      ...draft,
      options: draft.options.filter((_, i) => i !== k),
      matches: draft.matches.filter((_, i) => i !== k),
      right: draft.right.filter((i) => i !== k).map((i) => (i > k ? i - 1 : i)),
    });
  const pick = (k: number) =>
    onChange({
      ...draft,
      right:
        type === 'multi_select'
          ? draft.right.includes(k)
            ? draft.right.filter((i) => i !== k)
            : [...draft.right, k]
          : [k],
    });
  const reorder = (k: number, to: number) =>
    onChange({ ...draft, options: move(draft.options, k, to), matches: move(draft.matches, k, to) });
  const groupError = errors.options ?? errors.answer;

  return (
    <fieldset className={groupError ? 'cs-options has-error' : 'cs-options'} data-testid="options-editor">
      <legend>{t(`contentScreens.editor.optionsOf.${type}`)}</legend>
      <p className="field-hint">{t(`contentScreens.editor.optionsHint.${type}`)}</p>
      <ol className="cs-option-list">
        {draft.options.map((o, k) => {
          const letter = LETTERS[k]!;
          const err = errors[`option_${letter}`];
          const pairErr = errors[`match_${letter}`];
          return (
            <li
              key={k}
              className={err || pairErr ? 'cs-option has-error' : 'cs-option'}
              data-testid={`option-row-${letter}`}
            >
              <div className="cs-option-line">
                {choice ? (
                  <label className="cs-right" title={t('contentScreens.editor.rightAnswer')}>
                    <input
                      type={type === 'multi_select' ? 'checkbox' : 'radio'}
                      name={`${uid}-right`}
                      checked={draft.right.includes(k)}
                      onChange={() => pick(k)}
                      data-testid={`right-${letter}`}
                    />
                    <span className="visually-hidden">
                      {t('contentScreens.editor.rightOption', { letter: letter.toUpperCase() })}
                    </span>
                  </label>
                ) : (
                  <span className="cs-option-rank" aria-hidden="true">
                    {type === 'sequence' ? k + 1 : letter.toUpperCase()}
                  </span>
                )}
                <input
                  className="cs-option-input"
                  dir="auto"
                  maxLength={1000}
                  value={o}
                  placeholder={t('contentScreens.editor.optionPlaceholder', { letter: letter.toUpperCase() })}
                  aria-label={t('contentScreens.editor.optionLabel', { letter: letter.toUpperCase() })}
                  aria-invalid={Boolean(err)}
                  aria-describedby={err ? noteId(`option_${letter}`) : undefined}
                  onChange={(e) => set(k, e.target.value)}
                  data-testid={`option-${letter}`}
                />
                {type === 'match' && (
                  <>
                    <span className="cs-pair-mark" aria-hidden="true">
                      ↔
                    </span>
                    <input
                      className="cs-option-input"
                      dir="auto"
                      maxLength={1000}
                      value={draft.matches[k] ?? ''}
                      placeholder={t('contentScreens.editor.matchPlaceholder')}
                      aria-label={t('contentScreens.editor.matchLabel', { letter: letter.toUpperCase() })}
                      aria-invalid={Boolean(pairErr)}
                      aria-describedby={pairErr ? noteId(`match_${letter}`) : undefined}
                      onChange={(e) => set(k, e.target.value, 'matches')}
                      data-testid={`match-${letter}`}
                    />
                  </>
                )}
                {type === 'sequence' && (
                  <span className="cs-option-moves">
                    <button
                      type="button"
                      className="admin-icon-button cs-small-icon"
                      disabled={k === 0}
                      onClick={() => reorder(k, k - 1)}
                      aria-label={t('contentScreens.editor.moveUp')}
                      data-testid={`option-up-${letter}`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="admin-icon-button cs-small-icon"
                      disabled={k === draft.options.length - 1}
                      onClick={() => reorder(k, k + 1)}
                      aria-label={t('contentScreens.editor.moveDown')}
                    >
                      ↓
                    </button>
                  </span>
                )}
                {!fixed && (
                  <button
                    type="button"
                    className="admin-icon-button cs-small-icon"
                    disabled={draft.options.length <= MIN_OPTIONS}
                    onClick={() => remove(k)}
                    aria-label={t('contentScreens.editor.removeOption', { letter: letter.toUpperCase() })}
                    data-testid={`option-remove-${letter}`}
                  >
                    ×
                  </button>
                )}
              </div>
              <FieldNote error={err} uid={uid} field={`option_${letter}`} />
              <FieldNote error={pairErr} uid={uid} field={`match_${letter}`} />
            </li>
          );
        })}
      </ol>
      {!fixed && draft.options.length < MAX_OPTIONS && (
        <button
          type="button"
          className="btn btn-outline btn-small"
          onClick={() => onChange({ ...draft, options: [...draft.options, ''], matches: [...draft.matches, ''] })}
          data-testid="option-add"
        >
          {t(type === 'match' ? 'contentScreens.editor.addPair' : 'contentScreens.editor.addOption')}
        </button>
      )}
      <FieldNote error={errors.options} uid={uid} field={'options'} />
      <FieldNote error={errors.answer} uid={uid} field={'answer'} />
    </fieldset>
  );
}
