import type { ExamSummary } from '../../../core/contract';
import { useTranslation } from '../../lib/use-translation';

/** An exam's duration, number of questions and total marks, as a row of chips. */
export function ExamFacts({ exam }: { exam: Pick<ExamSummary, 'duration' | 'total_questions' | 'total_marks'> }) {
  const { t } = useTranslation();
  return (
    <dl className="event-facts">
      <div>
        <dt>{t('exam.duration')}</dt>
        <dd data-testid="exam-duration">
          <ClockGlyph /> {t('exam.minutes', { count: exam.duration })}
        </dd>
      </div>
      <div>
        <dt>{t('exam.questionsLabel')}</dt>
        <dd data-testid="exam-questions">
          <span aria-hidden="true">?</span> {t('exam.questions', { count: exam.total_questions })}
        </dd>
      </div>
      <div>
        <dt>{t('exam.marksLabel')}</dt>
        <dd data-testid="exam-total-marks">
          <span aria-hidden="true">★</span> {t('exam.marks', { count: exam.total_marks })}
        </dd>
      </div>
    </dl>
  );
}

function ClockGlyph() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
    >
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2.5 2M9 2h6" />
    </svg>
  );
}

/** Text isolated left to right inside a sentence of either direction ("09:59" in Arabic). */
export const ltr = (s: string | number) => `\u2066${s}\u2069`;
