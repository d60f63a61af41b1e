/** Dates as the daily quiz names them (YYYY-MM-DD) and the month grid of its calendar. */

const pad = (n: number) => String(n).padStart(2, '0');

/** A date's YYYY-MM-DD (its UTC fields: dates here are built at UTC midnight). */
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Today in the operator's own calendar (their clock, not UTC). */
export function today(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The month (YYYY-MM) of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** True for a YYYY-MM month. */
export const isMonth = (s: string | null): s is string => !!s && /^\d{4}-(0[1-9]|1[0-2])$/.test(s);

/** The month `n` months after `month` (before, when negative). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return iso(new Date(Date.UTC(y, m - 1 + n, 1))).slice(0, 7);
}

/** The first and last dates of a month. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: `${month}-01`, to: iso(new Date(Date.UTC(y, m, 0))) };
}

export interface CalendarDay {
  date: string;
  day: number;
  inMonth: boolean;
}

/** The weeks (Monday first) that show a month, with the neighbouring months' days to fill them. */
export function monthGrid(month: string): CalendarDay[][] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const start = new Date(first);
  start.setUTCDate(1 - ((first.getUTCDay() + 6) % 7));
  const weeks: CalendarDay[][] = [];
  const d = new Date(start);
  do {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({ date: iso(d), day: d.getUTCDate(), inMonth: d.getUTCMonth() === m - 1 });
      d.setUTCDate(d.getUTCDate() + 1);
    }
    weeks.push(week);
  } while (d.getUTCMonth() === m - 1);
  return weeks;
}

/** The short names of the weekdays, Monday first, in a language. */
export function weekdayNames(lang: string): string[] {
  const f = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

/** A month's name and year in a language ("March 2026"). */
export function monthName(month: string, lang: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}
