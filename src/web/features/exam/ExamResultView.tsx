import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ExamResult, SealedQuestion } from '../../../core/contract';
import type { MarksStatistic } from '../../../core/rules/exam';
import { paths } from '../../app/paths';
import { useTranslation } from '../../lib/use-translation';
import { ReviewView } from '../../ui/question/ReviewView';
import { clockText } from '../../lib/server-deadline';
import { asPlayQuestion } from '../../ui/question/SealedQuestion';

/** Why the exam was submitted: by the player, at the deadline, or for leaving the app. */
export type SubmitReason = 'manual' | 'time' | 'away' | 'earlier';

/**
 * A submitted exam: marks obtained of the total, right / wrong / unattempted, the time taken,
 * the rules-violated banner, the statistics by marks value, and (right after the play, when the
 * questions are still at hand) the review of every answer.
 */
export function ExamResultView({
  title,
  result: r,
  questions,
  reason,
}: {
  title: string;
  result: ExamResult;
  questions: SealedQuestion[] | null;
  reason: SubmitReason;
}) {
  const { t } = useTranslation();
  const [review, setReview] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!review) heading.current?.focus();
  }, [review]);
  const share = r.total_marks > 0 ? (r.obtained_marks / r.total_marks) * 100 : 0;

  if (review && questions)
    return (
      <ReviewView
        questions={questions.map(asPlayQuestion)}
        review={r.review}
        skipped={[]}
        onClose={() => setReview(false)}
      />
    );

  return (
    <section className="card result-card exam-result" data-testid="exam-result">
      {r.rules_violated && (
        <p className="exam-banner bad" role="alert" data-testid="exam-result-violated">
          ⚠ {reason === 'away' ? t('exam.play.leftApp') : t('exam.result.violated')}
        </p>
      )}
      {reason === 'time' && !r.rules_violated && <p className="exam-banner">{t('exam.play.timeUp')}</p>}
      <h1 tabIndex={-1} ref={heading} className="focus-target">
        {t('exam.result.title')}
      </h1>
      <p className="muted exam-result-name" dir="auto">
        {title}
      </p>
      <p className="exam-duration">
        {t('exam.result.duration')}:{' '}
        <strong data-testid="exam-result-duration" dir="ltr">
          {clockText(r.total_duration)}
        </strong>
      </p>
      <div
        className="ring"
        style={{ ['--p' as string]: `${share}` }}
        role="img"
        aria-label={t('exam.obtained', { obtained: r.obtained_marks, total: r.total_marks })}
      >
        <span className="exam-ring-marks" data-testid="exam-result-marks">
          <strong dir="ltr">
            {r.obtained_marks}/{r.total_marks}
          </strong>
          <small>{t('exam.result.marks')}</small>
        </span>
      </div>
      <dl className="stats four">
        <div>
          <dt>{t('exam.result.totalQuestions')}</dt>
          <dd data-testid="exam-result-total">{r.total_questions}</dd>
        </div>
        <div>
          <dt>{t('exam.result.correct')}</dt>
          <dd className="good" data-testid="exam-result-correct">
            {r.correct_answers}
          </dd>
        </div>
        <div>
          <dt>{t('exam.result.incorrect')}</dt>
          <dd className="bad" data-testid="exam-result-incorrect">
            {r.incorrect_answers}
          </dd>
        </div>
        <div>
          <dt>{t('exam.result.unattempted')}</dt>
          <dd data-testid="exam-result-unattempted">{r.unattempted}</dd>
        </div>
      </dl>
      {r.statistics.length > 0 && (
        <div className="marks-table-wrap">
          {/* One column per marks value (few), a row per figure: it fits a phone's width. */}
          <table className="marks-table" data-testid="exam-result-statistics">
            <caption>{t('exam.result.byMarks')}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">{t('exam.result.markValue')}</span>
                </th>
                {r.statistics.map((s) => (
                  <th scope="col" key={s.mark} className="mark-head">
                    {t('exam.marks', { count: s.mark })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(
                [
                  ['questions', (s) => s.questions, ''],
                  ['correct', (s) => s.correct_answer, 'good'],
                  ['incorrect', (s) => s.incorrect, 'bad'],
                  ['unattempted', (s) => s.unattempted, ''],
                ] as const satisfies readonly [string, (s: MarksStatistic) => number, string][]
              ).map(([key, value, cls]) => (
                <tr key={key}>
                  <th scope="row">{t(`exam.result.${key}`)}</th>
                  {r.statistics.map((s) => (
                    <td key={s.mark} className={cls}>
                      {value(s)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="actions">
        {questions && r.review.length > 0 && (
          <button
            type="button"
            className="btn btn-outline btn-block"
            onClick={() => setReview(true)}
            data-testid="exam-review"
          >
            {t('exam.result.review')}
          </button>
        )}
        <Link to={`${paths.examModule}?tab=completed`} className="btn btn-primary btn-block" data-testid="exam-back">
          {t('exam.result.back')}
        </Link>
      </div>
    </section>
  );
}
