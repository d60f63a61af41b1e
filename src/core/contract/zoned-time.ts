import { zoneOffsetMinutes } from '../rules/local-time';

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time ("2030-01-15 09:00", seconds optional) names in an IANA zone, or
 * null when it names none: not a real calendar time, or skipped by a clock change (02:30 on the
 * night summer time starts). A time that happens twice (the night it ends) is the first one.
 */
export function zonedToUtc(local: string, zone: string): Date | null {
  const m = LOCAL_RE.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const w = new Date(wall);
  if (w.getUTCFullYear() !== y || w.getUTCMonth() !== mo - 1 || w.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return null;
  // The zone's offsets a day either side cover any one change near this time; keep those that
  // map back to the same wall-clock time.
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((dt) => zoneOffsetMinutes(new Date(wall + dt), { timezone: zone })));
  const fits = [...offsets]
    .map((o) => wall - o * 60_000)
    .filter((t) => zoneOffsetMinutes(new Date(t), { timezone: zone }) * 60_000 === wall - t)
    .sort((a, b) => a - b);
  return fits.length ? new Date(fits[0]!) : null;
}
