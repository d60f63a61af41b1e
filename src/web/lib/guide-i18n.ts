import { useEffect, useMemo, useState } from 'react';
import { i18n } from './i18n';
import { useTranslation } from './use-translation';
import en from '../../../locales/en/guide.json';

// The onboarding's and how to play's texts are their own namespace, shipped with those lazy
// chunks: the players' English catalogue (in the entry chunk) does not carry them. Another
// language's texts load when they are shown in it.
i18n.addResourceBundle('en', 'guide', en);
const loaders: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  ar: () => import('../../../locales/ar/guide.json'),
};

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the guide's catalogue, typed from the English texts. */
export type GuideKey = Leaves<typeof en>;
export type GuideT = (key: GuideKey, values?: Record<string, unknown>) => string;

/** The guide's `t`; re-renders when the interface language changes or its texts arrive. */
export function useGuideT(): { t: GuideT; lang: string } {
  const { i18n: i } = useTranslation();
  const lang = i.language;
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    const load = loaders[lang];
    if (!load || i18n.hasResourceBundle(lang, 'guide')) return;
    let live = true;
    load().then(
      (m) => {
        i18n.addResourceBundle(lang, 'guide', m.default);
        if (live) setLoaded((n) => n + 1);
      },
      // Not reachable (offline): the texts stay readable in English.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [lang]);
  const t = useMemo(
    () => (i.getFixedT as (l: string, ns: string) => unknown)(lang, 'guide') as GuideT,
    // A catalogue that arrived is new texts for the same language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i, lang, loaded],
  );
  return { t, lang };
}
