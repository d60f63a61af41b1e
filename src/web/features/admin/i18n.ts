import { useEffect, useMemo, useState } from 'react';
import { i18n } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import en from '../../../../locales/en/admin.json';

// The console's texts are their own namespace, shipped with the console: the players' English
// catalogue (in the entry chunk) does not carry them. English comes with the console's chunk;
// another language's texts load when the console is shown in it.
i18n.addResourceBundle('en', 'admin', en);
const loaders: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  ar: () => import('../../../../locales/ar/admin.json'),
};

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the console's catalogue (plural forms named by their base: `users.count`). */
export type AdminKey = Leaves<typeof en> extends infer K ? (K extends `${infer B}_${'one' | 'other'}` ? B : K) : never;

export type AdminT = (key: AdminKey, values?: Record<string, unknown>) => string;

/** The console's `t`, typed from the English catalogue; re-renders when the language changes. */
export function useAdminT(): { t: AdminT; lang: string } {
  const { i18n: i } = useTranslation();
  const lang = i.language;
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    const load = loaders[lang];
    if (!load || i18n.hasResourceBundle(lang, 'admin')) return;
    let live = true;
    load().then(
      (m) => {
        i18n.addResourceBundle(lang, 'admin', m.default);
        if (live) setLoaded((n) => n + 1);
      },
      // Not reachable (offline): the console stays readable in English.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [lang]);
  const t = useMemo(
    () => (i.getFixedT as (l: string, ns: string) => unknown)(lang, 'admin') as AdminT,
    // A catalogue that arrived is new texts for the same language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i, lang, loaded],
  );
  return { t, lang };
}

/** True when the console's catalogue has `key` (keys made from data: a setting's label). */
export function isAdminKey(key: string): key is AdminKey {
  return (i18n.exists as (k: string, o: { ns: string }) => boolean)(key, { ns: 'admin' });
}
