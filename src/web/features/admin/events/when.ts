import { zonedToUtc } from '../../../../core/contract/zoned-time';

const STYLE = { dateStyle: 'medium', timeStyle: 'short' } as const;

/** "15 Jan 2030, 09:00 – 18:00": two instants in the browser's zone, as one range. */
export function instantRange(startIso: string, endIso: string, lang: string): string {
  const a = new Date(startIso);
  const b = new Date(endIso);
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return `${startIso} – ${endIso}`;
  const f = new Intl.DateTimeFormat(lang, STYLE);
  return b > a ? f.formatRange(a, b) : `${f.format(a)} – ${f.format(b)}`;
}

/** An instant's date and time, and the end's (only its time when it ends the same day). */
export function instantLines(startIso: string, endIso: string, lang: string): [string, string] {
  const a = new Date(startIso);
  const b = new Date(endIso);
  const f = new Intl.DateTimeFormat(lang, STYLE);
  const day = (d: Date) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(d);
  const sameDay = day(a) === day(b);
  return [f.format(a), sameDay ? new Intl.DateTimeFormat(lang, { timeStyle: 'short' }).format(b) : f.format(b)];
}

/** The instant a form's wall-clock time ("2030-01-15T09:00") names in `zone`, or null. */
export function instantOf(local: string, zone: string): Date | null {
  try {
    return local ? zonedToUtc(local, zone) : null;
  } catch {
    return null;
  }
}

/** An instant on the browser's clock, as the console writes dates. */
export function onMyClock(at: Date, lang: string): string {
  return new Intl.DateTimeFormat(lang, STYLE).format(at);
}

/** How long from one instant to another in the console's language: "2 hr 30 min", "3 days 4 hr". */
export function span(ms: number, lang: string): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const parts: [number, string][] = [
    [Math.floor(minutes / 1440), 'day'],
    [Math.floor((minutes % 1440) / 60), 'hour'],
    [minutes % 60, 'minute'],
  ];
  const unit = (n: number, u: string) =>
    new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
  const shown = parts.filter(([n]) => n > 0).map(([n, u]) => unit(n, u));
  return shown.length ? shown.join(' ') : unit(0, 'minute');
}

/** Seconds as "m:ss" (or "h:mm:ss"). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}
