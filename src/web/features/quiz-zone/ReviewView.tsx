import { useTranslation } from '../../lib/use-translation';
import type { PlayQuestion, ReviewItem } from '../../../core/contract';

/** Every question with the player's answer, the correct one and the explanation. */
export function ReviewView({
  questions,
  review,
  onClose,
}: {
  questions: PlayQuestion[];
  review: ReviewItem[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const byId = new Map(review.map((r) => [r.question_id, r]));
  const text = (q: PlayQuestion, id: string | null | undefined) => q.options.find((o) => o.id === id)?.text;
  return (
    <section data-testid="review">
      <div className="page-title">
        <h1>{t('quiz.reviewAnswers')}</h1>
      </div>
      <ol className="review-list">
        {questions.map((q, i) => {
          const r = byId.get(q.id);
          const yours = text(q, r?.answer);
          return (
            <li key={q.id} className={`card review-item ${r?.is_correct ? 'good' : 'bad'}`}>
              <p className="review-q">
                <span className="counter">{i + 1}</span> <bdi>{q.question}</bdi>
              </p>
              <p>
                <span className="muted">{t('quiz.yourAnswer')}: </span>
                <strong className={r?.is_correct ? 'good' : 'bad'}>
                  {yours ? <bdi>{yours}</bdi> : t('quiz.notAnswered')}
                </strong>
              </p>
              {!r?.is_correct && (
                <p>
                  <span className="muted">{t('quiz.correctAnswer')}: </span>
                  <strong className="good">
                    <bdi>{text(q, r?.correct_answer ?? q.answer)}</bdi>
                  </strong>
                </p>
              )}
              {q.explanation && (
                <p className="explanation" dir="auto">
                  {q.explanation}
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
