import type { Lifeline, PlayQuestion } from '../../core/contract';
import { lifelineRefusal } from '../../core/rules/lifelines';
import { useTranslation } from '../lib/use-translation';
import { CoinIcon } from '../ui/icons';
import type { Playing } from './play-machine';

/**
 * The lifelines the session allows, each with its cost; disabled once used, where the rules
 * refuse it on this question (50/50 after the poll and the reverse, skip on the last question),
 * and while a call is running. 50/50 is not shown on a true/false question.
 */
export function Lifelines({
  play,
  q,
  open,
  busy,
  onUse,
}: {
  play: Playing;
  q: PlayQuestion;
  /** The question still takes an answer. */
  open: boolean;
  busy: boolean;
  onUse: (l: Lifeline) => void;
}) {
  const { t } = useTranslation();
  const { session } = play;
  const shown = session.lifelines.filter((l) => !(l === 'fifty_fifty' && q.question_type === 'true_false'));
  if (shown.length === 0) return null;
  return (
    <ul className="lifelines" aria-label={t('play.lifelines')}>
      {shown.map((l) => {
        const name = t(`play.lifeline.${l}`);
        const refusal = lifelineRefusal({
          lifeline: l,
          allowed: session.lifelines,
          used: play.used,
          questionId: q.id,
          questionType: q.question_type,
          isLastQuestion: play.index + 1 >= session.questions.length,
        });
        const used = refusal === 'lifeline_used';
        return (
          <li key={l}>
            <button
              type="button"
              className={used ? 'lifeline used' : 'lifeline'}
              disabled={!open || busy || refusal !== null}
              onClick={() => onUse(l)}
              data-testid={`lifeline-${l}`}
            >
              {/* Named by its text, said in full ("50/50, costs 10 coins"): the name starts with the
                  visible words, so a voice command saying them finds it (WCAG 2.5.3). */}
              <span className="lifeline-name" aria-hidden="true">
                {name}
              </span>
              <span className="lifeline-cost" aria-hidden="true">
                <CoinIcon size={14} />
                {session.lifeline_cost}
              </span>
              <span className="sr-only">
                {used
                  ? t('play.lifelineUsed', { name })
                  : t('play.lifelineCost', { name, count: session.lifeline_cost })}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
