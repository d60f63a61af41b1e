import { useEffect, useRef } from 'react';
import type { PlayQuestion, ReviewItem } from '../../../core/contract';
import { useTranslation } from '../../lib/use-translation';
import { AnswerView } from './AnswerView';
import { Rich } from './Rich';

/** Every question with the player's answer, the correct one (in the type's form) and the explanation. */
export function ReviewView({
  questions,
  review,
  skipped,
  onClose,
}: {
  questions: PlayQuestion[];
  review: ReviewItem[];
  skipped: readonly number[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const byId = new Map(review.map((r) => [r.question_id, r]));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section data-testid="review">
      <div className="page-title">
        <h1 tabIndex={-1} ref={heading} className="focus-target">
          {t('quiz.reviewAnswers')}
        </h1>
      </div>
      <ol className="review-list">
        {questions.map((q, i) => {
          const r = byId.get(q.id);
          const was = skipped.includes(q.id);
          return (
            <li key={q.id} className={`card review-item ${r?.is_correct ? 'is-good' : was ? 'is-skip' : 'is-bad'}`}>
              <p className="review-q">
                <span className="counter">{i + 1}</span>{' '}
                <bdi>
                  <Rich text={q.question} latex={q.latex} />
                </bdi>
              </p>
              <div className="review-line">
                <span className="muted">{t('quiz.yourAnswer')}: </span>
                {r?.answer ? (
                  <span className={r.is_correct ? 'good' : 'bad'}>
                    <AnswerView q={q} answer={r.answer} />
                  </span>
                ) : (
                  <strong>{was ? t('play.skipped') : t('quiz.notAnswered')}</strong>
                )}
              </div>
              {!r?.is_correct && (
                <div className="review-line">
                  <span className="muted">{t('quiz.correctAnswer')}: </span>
                  <span className="good">
                    <AnswerView q={q} answer={r?.correct_answer ?? q.answer} />
                  </span>
                </div>
              )}
              {(r?.explanation || q.explanation) && (
                <p className="explanation" dir="auto">
                  <Rich text={r?.explanation || q.explanation || ''} latex={q.latex} />
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn-primary btn-block" onClick={onClose} data-testid="close-review">
        {t('quiz.backToResult')}
      </button>
    </section>
  );
}
