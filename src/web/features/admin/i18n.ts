import { useMemo } from 'react';
import { i18n } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import en from '../../../../locales/en/admin.json';
import ar from '../../../../locales/ar/admin.json';

// The console's texts are their own namespace, shipped in the console's chunk: the players'
// English catalogue (in the entry chunk) does not carry them.
i18n.addResourceBundle('en', 'admin', en);
i18n.addResourceBundle('ar', 'admin', ar);

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
  const t = useMemo(() => (i.getFixedT as (l: string, ns: string) => unknown)(lang, 'admin') as AdminT, [i, lang]);
  return { t, lang };
}

/** True when the console's catalogue has `key` (keys made from data: a setting's label). */
export function isAdminKey(key: string): key is AdminKey {
  return (i18n.exists as (k: string, o: { ns: string }) => boolean)(key, { ns: 'admin' });
}
