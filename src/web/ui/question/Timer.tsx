import { useEffect, useRef } from 'react';
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

/** The seconds left told once to screen-reader players ("10 seconds left"), not every second. */
export const LOW_TIME = 10;

/**
 * Whether a clock is in its last `LOW_TIME` seconds, to be told once: only a clock longer than
 * that (a ten-second question is told nothing it did not know), and not at zero (time is up).
 */
export function lowTime(seconds: number, left: number): boolean {
  return seconds > LOW_TIME && left > 0 && left <= LOW_TIME;
}

/**
 * A countdown: per question (restarted when `questionKey` changes) or for the whole quiz
 * (`wholeQuiz`). It turns red in its last seconds (`warnFrom`), its icon a warning sign too (not by
 * colour alone). Its figure is no live region (it would speak every second): `onLow` is called
 * once per question as the last ten seconds start, for the play screen's announcement.
 */
export function Timer({
  seconds,
  questionKey,
  running,
  onExpire,
  wholeQuiz = false,
  spent = 0,
  onLow,
}: {
  seconds: number;
  /** Seconds already used before this screen (a resumed question, by the server's clock). */
  spent?: number;
  questionKey: unknown;
  running: boolean;
  onExpire: () => void;
  wholeQuiz?: boolean;
  onLow?: () => void;
}) {
  const { t } = useTranslation();
  const left = useCountdown(seconds, questionKey, running, onExpire, spent);
  const long = seconds >= 60;
  const urgent = running && left <= warnFrom(seconds, wholeQuiz);
  // Time running out is heard and felt: a tick each second of the last five (ten for a whole quiz).
  useEffect(() => {
    if (running && left > 0 && left <= (wholeQuiz ? 10 : 5)) cue('tick');
  }, [left, running, wholeQuiz]);
  const told = useRef<unknown>(undefined);
  const low = useRef(onLow);
  low.current = onLow;
  useEffect(() => {
    if (!running || !lowTime(seconds, left) || Object.is(told.current, questionKey)) return;
    told.current = questionKey;
    low.current?.();
  }, [left, running, seconds, questionKey]);
  return (
    <span
      className={urgent ? 'timer urgent' : 'timer'}
      data-testid="timer"
      role="timer"
      aria-label={t('quiz.secondsLeft', { count: left })}
    >
      {urgent ? <WarnIcon /> : <ClockIcon />}
      {long ? <span dir="ltr">{clock(left)}</span> : t('quiz.secondsShort', { count: left })}
    </span>
  );
}

const stroke = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function ClockIcon() {
  return (
    <svg {...stroke} aria-hidden="true">
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2.5 2M9 2h6" />
    </svg>
  );
}

/** A warning sign: the clock's last seconds, shown by shape as well as by colour. */
export function WarnIcon() {
  return (
    <svg {...stroke} aria-hidden="true" className="timer-warn" data-testid="timer-warn">
      <path d="M12 3 2.5 20h19z" />
      <path d="M12 10v4.5M12 17.5v.01" />
    </svg>
  );
}
