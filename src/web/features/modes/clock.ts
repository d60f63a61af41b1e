/** A `YYYY-MM-DD` calendar date written out in `locale` ("Tuesday, 3 June 2025"); the input when unreadable. */
export function longDate(date: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  // A calendar day, not an instant: formatted in UTC so no zone shifts it.
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  try {
    return new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(day);
  } catch {
    return date;
  }
}
