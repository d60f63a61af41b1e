/** The browser's IANA zone ("Asia/Kolkata"), or "" when the platform does not say. */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** The UTC offset of `at` in this browser, as the API's gmt_format wants it: "+05:30", "-03:00". */
export function gmtOffset(at: Date = new Date()): string {
  const minutes = -at.getTimezoneOffset();
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

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
