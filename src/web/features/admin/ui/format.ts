/** A date and time in the console's language ('' for none). */
export function dateTime(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A date in the console's language. */
export function dateOnly(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(lang, { dateStyle: 'medium' });
}

/** A whole number with the language's grouping. */
export function count(n: number, lang: string): string {
  return new Intl.NumberFormat(lang).format(n);
}

/** A signed amount of coins: +50, −20 (a real minus sign). */
export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `−${Math.abs(n)}`;
}

/** A ledger reason made readable ("admin_adjust" → "Admin adjust"). */
export function words(code: string): string {
  const w = code.replace(/_/g, ' ').trim();
  return w ? w.charAt(0).toLocaleUpperCase() + w.slice(1) : code;
}
