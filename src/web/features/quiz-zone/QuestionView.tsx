import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { PlayQuestion } from '../../../core/contract';
import { Timer } from './Timer';

interface Props {
  question: PlayQuestion;
  index: number;
  total: number;
  seconds: number;
  /** null while the question is open; the pick (or null for a time out) once revealed. */
  revealed: { picked: string | null } | null;
  onPick: (id: string) => void;
  onTimeout: () => void;
  onNext: () => void;
}

/** One question: counter, countdown, the options as big buttons, then the reveal and Next. */
export function QuestionView({ question: q, index, total, seconds, revealed, onPick, onTimeout, onNext }: Props) {
  const { t } = useTranslation();
  const last = index + 1 === total;
  const heading = useRef<HTMLHeadingElement>(null);
  // Each new question takes the focus, so keyboard and screen-reader players land on it.
  useEffect(() => {
    if (index > 0) heading.current?.focus();
  }, [q.id, index]);

  function optionClass(id: string) {
    if (!revealed) return 'option';
    if (id === q.answer) return 'option correct';
    if (id === revealed.picked) return 'option incorrect';
    return 'option dimmed';
  }

  return (
    <section className="card play-card">
      <div className="play-top">
        <span
          className="counter"
          data-testid="question-counter"
          aria-label={t('quiz.questionOf', { n: index + 1, total })}
        >
          {index + 1}/{total}
        </span>
        <Timer seconds={seconds} questionKey={q.id} running={!revealed} onExpire={onTimeout} />
      </div>
      <div className="progress" aria-hidden="true">
        <span style={{ inlineSize: `${((index + (revealed ? 1 : 0)) / total) * 100}%` }} />
      </div>
      {q.image && <img src={q.image} alt="" className="question-image" />}
      <h1 className="question-text" dir="auto" tabIndex={-1} ref={heading}>
        {q.question}
      </h1>
      <ul className="options">
        {q.options.map((o, i) => (
          <li key={o.id}>
            <button
              type="button"
              className={optionClass(o.id)}
              disabled={Boolean(revealed)}
              onClick={() => onPick(o.id)}
              data-testid={`option-${o.id}`}
            >
              <span className="option-key" aria-hidden="true">
                {String.fromCharCode(65 + i)}
              </span>
              <span className="option-text" dir="auto">
                {o.text}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {revealed && (
        <div className="reveal" role="status">
          <p className={revealed.picked === q.answer ? 'verdict good' : 'verdict bad'}>
            {revealed.picked === null
              ? t('quiz.timeUp')
              : revealed.picked === q.answer
                ? t('quiz.correct')
                : t('quiz.incorrect')}
          </p>
          {q.explanation && (
            <p className="explanation" dir="auto">
              {q.explanation}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={onNext}
            data-testid="next-question"
            autoFocus
          >
            {last ? t('quiz.finish') : t('quiz.next')}
          </button>
        </div>
      )}
    </section>
  );
}
