// The player's zone as the API wants it (the daily quiz, exams, contests, offline packs).

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
