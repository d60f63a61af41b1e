import { useTranslation } from '../../lib/use-translation';
import { useCountdown } from './use-countdown';

/** "4:05" for clocks of a minute or more. */
function clock(s: number): string {
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A countdown: per question (restarted when `questionKey` changes) or for the whole quiz. It
 * turns red in the last five seconds (the last minute for a whole-quiz clock).
 */
export function Timer({
  seconds,
  questionKey,
  running,
  onExpire,
}: {
  seconds: number;
  questionKey: unknown;
  running: boolean;
  onExpire: () => void;
}) {
  const { t } = useTranslation();
  const left = useCountdown(seconds, questionKey, running, onExpire);
  const long = seconds >= 60;
  const urgent = running && left <= (long ? 60 : 5);
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
