import { useEffect, useState } from 'react';
import { reducedMotion } from './motion';

/** The count-up's length: long enough to see, short enough not to wait for. */
export const COUNT_UP_MS = 800;

/** Ease-out cubic: fast at first, settling on the value. */
function easeOut(t: number): number {
  return 1 - (1 - t) ** 3;
}

/**
 * A number counting from 0 up to `target` over `ms` on animation frames, ease-out, ending on the
 * exact target; with reduced motion (or nothing to count) the target at once.
 */
export function useCountUp(target: number, ms = COUNT_UP_MS): number {
  const instant = target === 0 || reducedMotion();
  const [shown, setShown] = useState(instant ? target : 0);
  useEffect(() => {
    if (instant) {
      setShown(target);
      return;
    }
    let start: number | null = null;
    let frame = requestAnimationFrame(function step(now) {
      start ??= now;
      const t = Math.min(1, (now - start) / ms);
      setShown(t >= 1 ? target : Math.round(target * easeOut(t)));
      if (t < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, ms, instant]);
  return shown;
}
