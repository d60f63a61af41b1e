import { byLanguage, i18n } from '../../lib/i18n';
import { catalogueNamespace, type CatalogueKey, type CatalogueT } from '../../lib/namespace-i18n';
import en from '../../../../locales/en/admin.json';

// The console's texts: their own namespace, shipped with the console.

/** A key of the console's catalogue (plural forms named by their base: `users.count`). */
export type AdminKey = CatalogueKey<typeof en>;

export type AdminT = CatalogueT<typeof en>;

/** The console's `t`, typed from the English catalogue; re-renders when the language changes. */
export const useAdminT = catalogueNamespace(
  'admin',
  en,
  byLanguage(import.meta.glob(['../../../../locales/*/admin.json', '!**/en/*'])),
);

/** True when the console's catalogue has `key` (keys made from data: a setting's label). */
export function isAdminKey(key: string): key is AdminKey {
  return (i18n.exists as (k: string, o: { ns: string }) => boolean)(key, { ns: 'admin' });
}
