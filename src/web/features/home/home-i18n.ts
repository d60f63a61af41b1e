import { useTranslation } from '../../lib/use-translation';
import { byLanguage } from '../../lib/i18n';
import { catalogueNamespace, type CatalogueKey } from '../../lib/namespace-i18n';
import en from '../../../../locales/en/home.json';

// Home's "today" texts: their own namespace, shipped with the today chunk (the first screen's JS
// must not grow).
const useTodayT = catalogueNamespace(
  'home',
  en,
  byLanguage(import.meta.glob(['../../../../locales/*/home.json', '!**/en/*'])),
);

/** A key of home's catalogue (plural forms named by their base: `streak`). */
export type HomeKey = CatalogueKey<typeof en>;

/** The app's `t` and home's own (`ht`), re-rendering when the language or its texts change. */
export function useHomeT() {
  const { t, i18n } = useTranslation();
  const { t: ht } = useTodayT();
  return { t, ht, i18n };
}
