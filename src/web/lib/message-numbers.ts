import type { FormatterModule } from 'i18next';
import { formatCount, formatPercent } from './format-number';

// Messages interpolate figures ("{{count}} coins", "Question {{n}} of {{total}}"); i18next writes
// a number as String(n), so 5000 would read "5000" in every language. With `alwaysFormat`, every
// value goes through here: numbers are written by Intl in the message's language (Indian grouping
// in Hindi, narrow no-break spaces in French), everything else is left as it is. A percentage out
// of 100 is written "{{value, percent}}" ("45%", "45 %" in French).

/** Values named so are identifiers, not quantities: "request #1234", never "#1,234". */
const IDENTIFIERS = new Set(['id', 'code', 'key']);

/** i18next's formatter: every interpolated number through formatCount (format-number.ts). */
export const messageNumbers: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format(value, format, lng, options) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return value as string;
    if (format === 'percent') return formatPercent(value, lng ?? 'en');
    const name = (options as { interpolationkey?: string } | undefined)?.interpolationkey;
    return name && IDENTIFIERS.has(name) ? String(value) : formatCount(value, lng ?? 'en');
  },
};
