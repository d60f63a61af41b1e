import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { CheckBar } from './CheckBar';
import { arrowBetweenOptions, pickedIndex, useOptionKeys } from './option-keys';
import { OptionKeysHint } from './OptionKeysHint';
import { idList, type RendererProps } from './renderer-props';
import { Rich, textDir } from './Rich';

/** multi_select: a checkbox per option, then "Check" (every correct option, nothing else). */
export function MultiSelectQuestion({ q, revealed, saved, totalClock, locked, onAnswer }: RendererProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string[]>(() => idList(saved));
  const correct = idList(q.answer);
  const given = revealed ? idList(revealed.picked) : picked;

  function toggle(id: string) {
    const next = picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id];
    setPicked(next);
    if (totalClock) onAnswer(next.join(','));
  }

  // A key ticks or unticks its option; Check stays a deliberate press (Enter on the button).
  useOptionKeys(!revealed && !locked, (k) => {
    const i = pickedIndex(k, q.options.length);
    if (i === null) return false;
    toggle(q.options[i]!.id);
    return true;
  });

  function optionClass(id: string) {
    if (!revealed) return picked.includes(id) ? 'option check selected' : 'option check';
    if (correct.includes(id)) return 'option check correct';
    if (given.includes(id)) return 'option check incorrect';
    return 'option check dimmed';
  }

  return (
    <fieldset className="plain-fieldset">
      <legend className="play-hint">{t('play.multiHint')}</legend>
      <ul className="options" onKeyDown={arrowBetweenOptions}>
        {q.options.map((o, i) => (
          <li key={o.id}>
            <label className={optionClass(o.id)} data-testid={`option-${o.id}`}>
              <input
                type="checkbox"
                aria-keyshortcuts={`${i + 1} ${String.fromCharCode(65 + i)}`}
                className="sr-only"
                checked={given.includes(o.id)}
                disabled={Boolean(revealed) || locked}
                onChange={() => toggle(o.id)}
              />
              <span className="check-box" aria-hidden="true" />
              <span className="option-text" dir={textDir(o.text)}>
                <Rich text={o.text} latex={q.latex} />
              </span>
              {/* Not by colour alone: the options that were right, and the wrong ones ticked. */}
              {revealed && correct.includes(o.id) && <span className="sr-only">{t('quiz.correctAnswer')}</span>}
              {revealed && !correct.includes(o.id) && given.includes(o.id) && (
                <span className="sr-only">{t('quiz.incorrect')}</span>
              )}
            </label>
          </li>
        ))}
      </ul>
      {!revealed && !locked && <OptionKeysHint count={q.options.length} />}
      <CheckBar
        ready={picked.length > 0}
        revealed={Boolean(revealed)}
        totalClock={totalClock}
        saved={saved !== null}
        locked={locked}
        onCheck={() => onAnswer(picked.join(','))}
      />
    </fieldset>
  );
}
