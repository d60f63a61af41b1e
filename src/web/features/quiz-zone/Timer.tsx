import { useTranslation } from '../../lib/use-translation';
import { useCountdown } from './use-countdown';

/** The per-question countdown; it turns red in the last five seconds. */
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
  return (
    <span
      className={left <= 5 && running ? 'timer urgent' : 'timer'}
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
      {t('quiz.secondsShort', { count: left })}
    </span>
  );
}
