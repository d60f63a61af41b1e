// Local days and UTC offsets of players' zones (daily quiz dates, contest and leaderboard days).
/** `YYYY-MM-DD` of an instant in a timezone (IANA name or a fixed "+05:30"/"-03:00" offset). */
export function localDate(at: Date, zone: { timezone?: string; offsetMinutes?: number }): string {
  if (zone.timezone) {
    try {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone.timezone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).formatToParts(at);
      const get = (t: string) => parts.find((p) => p.type === t)!.value;
      return `${get('year')}-${get('month')}-${get('day')}`;
    } catch {
      // an unknown zone falls back to the offset
    }
  }
  return new Date(at.getTime() + (zone.offsetMinutes ?? 0) * 60_000).toISOString().slice(0, 10);
}

/** The UTC offset in minutes of a zone at an instant (IANA name, else the fixed offset). */
export function zoneOffsetMinutes(at: Date, zone: { timezone?: string; offsetMinutes?: number }): number {
  if (zone.timezone && isKnownTimezone(zone.timezone)) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone.timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(at);
    const n = (t: string) => Number(parts.find((p) => p.type === t)!.value);
    const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
    return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
  }
  return zone.offsetMinutes ?? 0;
}

/**
 * Whether a player may open a daily quiz for `today`, given their latest one. One per local
 * day; never a day before the latest; and a player whose UTC offset changed since waits
 * `zoneChangeHours` from the latest (moving across the date line cannot buy extra days).
 */
export function dailyQuizAllowed(
  today: string,
  offset: number,
  now: Date,
  latest: { date: string; offset: number; startedAt: Date } | undefined,
  zoneChangeHours = 20,
): boolean {
  if (!latest) return true;
  if (today <= latest.date) return false;
  if (offset === latest.offset) return true;
  return now.getTime() - latest.startedAt.getTime() >= zoneChangeHours * 3_600_000;
}

/** Minutes of a "+05:30" / "-0300" / "GMT+5" offset within UTC−12..UTC+14, or null. */
export function parseGmtOffset(s: string): number | null {
  const m = /^(?:GMT|UTC)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(s.trim());
  if (!m) return null;
  const minutes = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
  if (Number(m[3] ?? 0) >= 60 || minutes < -12 * 60 || minutes > 14 * 60) return null;
  return minutes;
}

/** True when `zone` is a timezone this runtime knows. */
export function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
