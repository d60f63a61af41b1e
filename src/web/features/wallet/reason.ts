import { i18n } from '../../lib/i18n';

/** What a ledger row was for, in words: a known reason's label, else the reason made readable. */
export function reasonLabel(reason: string): string {
  const key = `wallet.reason.${reason}`;
  if (i18n.exists(key)) return i18n.t(key as 'wallet.title');
  const words = reason.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toLocaleUpperCase() + words.slice(1) : reason;
}
