import { localDateTime } from '../../../../core/rules/contest';
import { localDate } from '../../../../core/rules/local-time';
import { browserTimezone } from '../../../lib/zone';

// Browsers (ICU) still name some zones by their old IANA names: the console shows today's.
const RENAMED: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** A zone by its current IANA name ("Asia/Calcutta" → "Asia/Kolkata"). */
export const currentZoneName = (zone: string) => RENAMED[zone] ?? zone;

/** The operator's zone as the browser reports it ("UTC" when it does not say). */
export function operatorZone(): string {
  return currentZoneName(browserTimezone() || 'UTC');
}

let names: string[] | null = null;

/** Every IANA zone the browser knows, sorted, with UTC and the browser's own always among them. */
export function zoneNames(): string[] {
  if (!names) {
    let list: string[] = [];
    try {
      list = Intl.supportedValuesOf('timeZone');
    } catch {
      // An old browser: the operator's own zone and UTC still let them schedule.
    }
    names = [...new Set([...list.map(currentZoneName), 'UTC', operatorZone()])].sort();
  }
  return names;
}

/** "Asia/Kolkata (GMT+5:30)": a zone with its offset at `at`. */
export function zoneLabel(zone: string, at = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at);
    const offset = parts.find((p) => p.type === 'timeZoneName')?.value;
    return offset ? `${zone.replace(/_/g, ' ')} (${offset})` : zone;
  } catch {
    return zone;
  }
}

/** A `datetime-local` input's value for a wall-clock time "YYYY-MM-DD HH:mm" (and back). */
export const toInputDateTime = (local: string) => local.replace(' ', 'T');

/** The wall-clock time in `zone`, `plusMinutes` from now, as a `datetime-local` value. */
export function wallClockIn(zone: string, plusMinutes = 0): string {
  return toInputDateTime(localDateTime(new Date(Date.now() + plusMinutes * 60_000), { timezone: zone }));
}

/** Today's date in `zone`, "YYYY-MM-DD" (plus `days`). */
export function todayIn(zone: string, days = 0): string {
  return localDate(new Date(Date.now() + days * 86_400_000), { timezone: zone });
}
