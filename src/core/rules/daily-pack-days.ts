/**
 * Which days of the daily quiz an offline pack may carry (issue 21 §3): only days that have
 * begun in some time zone. The earliest zone is UTC+14 (Kiritimati), so day D has begun
 * somewhere once it is D 00:00 there: D − 1 at 10:00 UTC. A later day is not shipped at all,
 * so nobody can read (or look up) a coin-paying quiz's questions before its day.
 */
export const EARLIEST_UTC_OFFSET_MINUTES = 14 * 60;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day `n` days after the one of `at`. */
function utcDay(at: Date, n: number): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) + n * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

/** Whether the calendar day `date` (`YYYY-MM-DD`) has begun in some zone at `now`. */
export function dayBegunSomewhere(date: string, now: Date): boolean {
  return now.getTime() >= Date.parse(`${date}T00:00:00Z`) - EARLIEST_UTC_OFFSET_MINUTES * 60_000;
}

/**
 * The days a daily-quiz pack made at `now` carries, oldest first: the UTC day before (still
 * today in the westernmost zones, UTC−12, for part of the day, and a day a late post may name),
 * the UTC day, and the next one once it has begun in the earliest zone.
 */
export function dailyPackDates(now: Date): string[] {
  return [-1, 0, 1].map((n) => utcDay(now, n)).filter((d) => dayBegunSomewhere(d, now));
}
