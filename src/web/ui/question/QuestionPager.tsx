import { useTranslation } from '../../lib/use-translation';
import { ArrowIcon } from './play-icons';

/** The test ids of a pager's controls (the quiz and the exam keep their own). */
export interface PagerIds {
  prev: string;
  next: string;
  /** Prefix of each question's button: `${palette}-${n}`. */
  palette: string;
}

/** Previous / next between the questions of a quiz whose answers stay open (a whole-quiz clock, an exam). */
export function PrevNext({
  index,
  total,
  onGo,
  ids,
  className = 'nav-row',
}: {
  index: number;
  total: number;
  onGo: (i: number) => void;
  ids: PagerIds;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <button
        type="button"
        className="btn btn-outline"
        disabled={index === 0}
        onClick={() => onGo(index - 1)}
        data-testid={ids.prev}
      >
        <span className="flip-inline">
          <ArrowIcon />
        </span>
        {t('play.previous')}
      </button>
      <button
        type="button"
        className="btn btn-outline"
        disabled={index + 1 >= total}
        onClick={() => onGo(index + 1)}
        data-testid={ids.next}
      >
        {t('quiz.next')}
        <ArrowIcon />
      </button>
    </div>
  );
}

/** Every question's number, the answered ones marked and the current one shown: a tap goes there. */
export function Palette({
  answered,
  index,
  onGo,
  ids,
}: {
  /** Per question, in order: answered or not. */
  answered: readonly boolean[];
  index: number;
  onGo: (i: number) => void;
  ids: PagerIds;
}) {
  const { t } = useTranslation();
  return (
    <ol className="palette">
      {answered.map((done, i) => (
        <li key={i}>
          <button
            type="button"
            className={`palette-btn${done ? ' answered' : ''}${i === index ? ' current' : ''}`}
            aria-current={i === index ? 'step' : undefined}
            aria-label={t('play.paletteItem', {
              n: i + 1,
              state: done ? t('play.answered') : t('play.unanswered'),
            })}
            onClick={() => onGo(i)}
            data-testid={`${ids.palette}-${i + 1}`}
            data-answered={done}
          >
            {i + 1}
          </button>
        </li>
      ))}
    </ol>
  );
}
