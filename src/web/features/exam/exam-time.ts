/** The exam's last minute and last seconds, each told once to screen-reader players. */
export const EXAM_NOTICES = [60, 10] as const;

/**
 * The seconds left to tell a screen-reader player now (the last notice the clock has reached:
 * 60, then 10), or null before the last minute and once time is up. The announcer says a notice
 * when it changes, so each is said once, not every second.
 */
export function examTimeNotice(secondsLeft: number): number | null {
  if (secondsLeft <= 0) return null;
  return EXAM_NOTICES.filter((n) => secondsLeft <= n).at(-1) ?? null;
}
