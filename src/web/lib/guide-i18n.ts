import { byLanguage } from './i18n';
import { catalogueNamespace, type CatalogueKey, type CatalogueT } from './namespace-i18n';
import en from '../../../locales/en/guide.json';

// The onboarding's and how to play's texts: their own namespace, shipped with those lazy chunks.

/** A key of the guide's catalogue, typed from the English texts. */
export type GuideKey = CatalogueKey<typeof en>;
export type GuideT = CatalogueT<typeof en>;

/** The guide's `t`; re-renders when the interface language changes or its texts arrive. */
export const useGuideT = catalogueNamespace(
  'guide',
  en,
  byLanguage(import.meta.glob(['../../../locales/*/guide.json', '!**/en/*'])),
);
