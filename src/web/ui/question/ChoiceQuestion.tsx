import { isCorrectAnswer } from '../../../core/rules/answers';
import { useTranslation } from '../../lib/use-translation';
import { OptionKeysHint } from './OptionKeysHint';
import { arrowBetweenOptions, pickedIndex, useOptionKeys } from './option-keys';
import type { PollShare, RendererProps } from './renderer-props';
import { Rich, textDir } from './Rich';

/** mcq and true/false: the options as big buttons (50/50 hides some, the poll adds shares). */
export function ChoiceQuestion({
  q,
  revealed,
  saved,
  totalClock,
  locked,
  onAnswer,
  removed,
  poll,
}: RendererProps & { removed: readonly string[]; poll: readonly PollShare[] | undefined }) {
  const { t } = useTranslation();
  const shares = new Map((poll ?? []).map((p) => [p.option_id, p.percent]));
  const right = (id: string) => isCorrectAnswer(q.question_type, q.answer ?? '', id);
  const open = !revealed && !locked;
  // The keys count the options shown: after a 50/50 "B" is the second option still there.
  const shown = q.options.filter((o) => !removed.includes(o.id));
  useOptionKeys(open, (k) => {
    const i = pickedIndex(k, shown.length);
    if (i === null) return false;
    onAnswer(shown[i]!.id);
    return true;
  });

  /** After the reveal: a tick on the right option, a cross on a wrong pick. */
  function mark(id: string): string | null {
    if (!revealed) return null;
    if (right(id)) return '✓';
    return id === revealed.picked ? '✗' : null;
  }

  function optionClass(id: string) {
    if (!revealed) return saved === id ? 'option selected' : 'option';
    if (right(id)) return 'option correct';
    if (id === revealed.picked) return 'option incorrect';
    return 'option dimmed';
  }

  return (
    <>
      <ul className="options" onKeyDown={arrowBetweenOptions}>
        {shown.map((o, i) => {
          const share = shares.get(o.id);
          return (
            <li key={o.id}>
              <button
                type="button"
                className={optionClass(o.id)}
                disabled={Boolean(revealed) || locked}
                aria-pressed={totalClock ? saved === o.id : undefined}
                aria-keyshortcuts={open ? `${i + 1} ${String.fromCharCode(65 + i)}` : undefined}
                onClick={() => onAnswer(o.id)}
                data-testid={`option-${o.id}`}
                // The pick pops (right) or shakes (wrong); the right answer lights up after (motion.css).
                data-picked={revealed && o.id === revealed.picked ? '' : undefined}
              >
                <span className="option-key" aria-hidden="true">
                  {mark(o.id) ?? String.fromCharCode(65 + i)}
                </span>
                <span className="option-text" dir={textDir(o.text)}>
                  <Rich text={o.text} latex={q.latex} />
                </span>
                {/* Not by colour alone: the saved pick carries a tick, which option was right, and which one the player picked. */}
                {!revealed && totalClock && saved === o.id && (
                  <span className="option-tick" aria-hidden="true">
                    ✓
                  </span>
                )}
                {revealed && right(o.id) && <span className="sr-only">{t('quiz.correctAnswer')}</span>}
                {revealed && !right(o.id) && o.id === revealed.picked && (
                  <span className="sr-only">{t('quiz.yourAnswer')}</span>
                )}
                {share !== undefined && (
                  <span className="poll" data-testid={`poll-${o.id}`}>
                    <span className="sr-only">{t('play.pollShare', { percent: share })}</span>
                    <span aria-hidden="true">{t('common.percent', { value: share })}</span>
                    <span className="poll-bar" aria-hidden="true">
                      <span style={{ inlineSize: `${share}%` }} />
                    </span>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {open && <OptionKeysHint count={shown.length} />}
    </>
  );
}
