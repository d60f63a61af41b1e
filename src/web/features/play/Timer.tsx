import { useEffect } from 'react';
import { cue } from '../../lib/feedback/cues';
import { useTranslation } from '../../lib/use-translation';
import { useCountdown } from './use-countdown';

/** "4:05" for clocks of a minute or more. */
function clock(s: number): string {
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * From how many seconds left a clock shows the warning colour: the last minute of a whole-quiz
 * clock, the last 10 seconds of a long question clock (a minute or more: guess the word, multi
 * match), the last 5 of a short one — never from the start of a question (issue 22).
 */
export function warnFrom(seconds: number, wholeQuiz: boolean): number {
  if (wholeQuiz) return 60;
  return seconds >= 60 ? 10 : 5;
}

/**
 * A countdown: per question (restarted when `questionKey` changes) or for the whole quiz
 * (`wholeQuiz`). It turns red in its last seconds (`warnFrom`).
 */
export function Timer({
  seconds,
  questionKey,
  running,
  onExpire,
  wholeQuiz = false,
  spent = 0,
}: {
  seconds: number;
  /** Seconds already used before this screen (a resumed question, by the server's clock). */
  spent?: number;
  questionKey: unknown;
  running: boolean;
  onExpire: () => void;
  wholeQuiz?: boolean;
}) {
  const { t } = useTranslation();
  const left = useCountdown(seconds, questionKey, running, onExpire, spent);
  const long = seconds >= 60;
  const urgent = running && left <= warnFrom(seconds, wholeQuiz);
  // Time running out is heard and felt: a tick each second of the last five (ten for a whole quiz).
  useEffect(() => {
    if (running && left > 0 && left <= (wholeQuiz ? 10 : 5)) cue('tick');
  }, [left, running, wholeQuiz]);
  return (
    <span
      className={urgent ? 'timer urgent' : 'timer'}
      data-testid="timer"
      role="timer"
      aria-label={t('quiz.secondsLeft', { count: left })}
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      >
        <circle cx="12" cy="13" r="8" />
        <path d="M12 9v4l2.5 2M9 2h6" />
      </svg>
      {long ? <span dir="ltr">{clock(left)}</span> : t('quiz.secondsShort', { count: left })}
    </span>
  );
}
