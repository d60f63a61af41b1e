import { useEffect } from 'react';
import { i18n } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import en from '../../../../locales/en/home.json';

// Home's "today" texts are their own namespace, shipped with the today chunk: the English
// catalogue in the entry chunk does not carry them (the first screen's JS must not grow).
i18n.addResourceBundle('en', 'home', en);
const loaders: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  ar: () => import('../../../../locales/ar/home.json'),
};

function ensure(lang: string): void {
  const load = loaders[lang];
  if (!load || i18n.hasResourceBundle(lang, 'home')) return;
  // Offline without the chunk: the cards stay readable in English.
  load().then(
    (m) => i18n.addResourceBundle(lang, 'home', m.default),
    () => undefined,
  );
}
// Asked for with the chunk, not after its first render.
ensure(i18n.language);

/** A key of home's catalogue (plural forms named by their base: `streak`). */
export type HomeKey = keyof typeof en extends infer K ? (K extends `${infer B}_${'one' | 'other'}` ? B : K) : never;

type HomeT = (key: HomeKey, values?: Record<string, unknown>) => string;

/** The app's `t` and home's own (`ht`), re-rendering when the language or its texts change. */
export function useHomeT() {
  const { t, i18n: i } = useTranslation();
  const lang = i.language;
  useEffect(() => ensure(lang), [lang]);
  const ht = (i.getFixedT as (l: string, ns: string) => unknown)(lang, 'home') as HomeT;
  return { t, ht, i18n: i };
}
