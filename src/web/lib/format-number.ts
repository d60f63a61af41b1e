// Counts and money for players, written by Intl in the interface language (issue 22 §9, §11).

const made = new Map<string, Intl.NumberFormat>();

/**
 * Intl's formatter for `lang` and `options`, made once: making one is slow (a play screen's first
 * render, whose messages write a dozen figures, spent about 20 ms making the same one again).
 * `kind` names the options.
 */
function numberFormat(lang: string, kind: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang} ${kind}`;
  let f = made.get(key);
  if (!f) made.set(key, (f = new Intl.NumberFormat(lang, options)));
  return f;
}

/**
 * Languages that write numbers in Latin digits (CLDR's default for them): a whole count under
 * 1,000 is then its digits alone, so the first screen's counts (the header's coins) need not wake
 * Intl, whose first formatter on a page loads the locale's data (about 25 ms, 100 ms on a slow
 * phone, in the first render). Arabic and every other language go to Intl.
 */
export const LATIN_DIGITS = /^(?:en|fr|de|es|it|pt|nl|hi|id|tr|ru)(?:-[A-Z]{2})?$/i;

/** A count with the language's grouping ("5,000"; "5,000" or "٥٬٠٠٠" as the locale writes it). */
export function formatCount(n: number, lang: string): string {
  if (Number.isInteger(n) && n >= 0 && n < 1000 && LATIN_DIGITS.test(lang)) return String(n);
  return numberFormat(lang, 'count').format(n);
}

/** A percentage given out of 100 ("45%", "45 %" in French, "٤٥٪" where the locale writes so). */
export function formatPercent(percent: number, lang: string): string {
  return numberFormat(lang, 'percent', { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

const ISO_4217 = /^[A-Z]{3}$/;

/**
 * An amount of the payout currency: Intl's money format where `currency` is an ISO code ("$1.00",
 * "€2.50"), else the figure followed by the operator's own name for it ("1.00 points").
 */
export function formatMoney(amount: number, currency: string, lang: string): string {
  const code = currency.trim();
  if (ISO_4217.test(code)) {
    try {
      return numberFormat(lang, `currency ${code}`, {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
      }).format(amount);
    } catch {
      // A code Intl does not know: written as a name below.
    }
  }
  const figure = numberFormat(lang, 'money', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return code ? `${figure} ${code}` : figure;
}
