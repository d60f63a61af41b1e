// The one place dates and times are written for players (issue 22 §8): Intl.DateTimeFormat in the
// interface language and the player's zone, so every screen says "26 Nov 2026" the same way.
import { browserTimezone } from './zone';

type Style = Intl.DateTimeFormatOptions;

// Fields rather than dateStyle: Arabic's "medium" is all digits ("26/11/2026"); these name the month.
const DATE: Style = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Style = { hour: 'numeric', minute: '2-digit' };
const DATE_TIME: Style = { ...DATE, ...TIME };
const LONG_DAY: Style = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };

function write(at: Date, lang: string, style: Style, zone: string): string {
  try {
    return new Intl.DateTimeFormat(lang, { ...style, ...(zone ? { timeZone: zone } : {}) }).format(at);
  } catch {
    // An unknown zone or language: the browser's own rather than nothing.
    return new Intl.DateTimeFormat(undefined, style).format(at);
  }
}

function instant(v: string | number | Date): Date | null {
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** An instant as date and time ("Nov 26, 2026, 6:53 PM") in the player's zone; the input when unreadable. */
export function formatDateTime(v: string | number | Date, lang: string, zone = browserTimezone()): string {
  const d = instant(v);
  return d ? write(d, lang, DATE_TIME, zone) : String(v);
}

/** The day of an instant ("Nov 26, 2026") in the player's zone; the input when unreadable. */
export function formatDate(v: string | number | Date, lang: string, zone = browserTimezone()): string {
  const d = instant(v);
  return d ? write(d, lang, DATE, zone) : String(v);
}

/** The clock time of an instant ("18:53" / "6:53 PM") in the player's zone. */
export function formatTime(v: string | number | Date, lang: string, zone = browserTimezone()): string {
  const d = instant(v);
  return d ? write(d, lang, TIME, zone) : String(v);
}

function calendarDay(date: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  // A calendar day, not an instant: written in UTC so no zone shifts it.
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** A `YYYY-MM-DD` calendar day ("Nov 26, 2026"), never shifted by a zone; the input when unreadable. */
export function formatDay(date: string, lang: string): string {
  const d = calendarDay(date);
  return d ? write(d, lang, DATE, 'UTC') : date;
}

/** A `YYYY-MM-DD` calendar day written out ("Tuesday, June 3, 2025"); the input when unreadable. */
export function formatLongDay(date: string, lang: string): string {
  const d = calendarDay(date);
  return d ? write(d, lang, LONG_DAY, 'UTC') : date;
}
