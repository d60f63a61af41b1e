import { useEffect, useMemo, useState } from 'react';
import { i18n } from './i18n';
import { useTranslation } from './use-translation';

type Catalogue = { default: Record<string, unknown> };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of a catalogue, dotted; plural forms named by their base (`users.count` for `users.count_one`). */
export type CatalogueKey<T> =
  Leaves<T> extends infer K ? (K extends `${infer B}_${'zero' | 'one' | 'other'}` ? B : K) : never;

export type CatalogueT<T> = (key: CatalogueKey<T>, values?: Record<string, unknown>) => string;

/**
 * A catalogue of its own (the console's, home's today, the guide's), shipped with the chunk that
 * uses it: the players' English catalogue in the entry chunk does not carry it. English comes with
 * the chunk; another language's texts load when they are shown in it (offline without them, the
 * texts stay readable in English). Returns the hook giving that namespace's `t`, typed from the
 * English texts, which re-renders when the language changes or its texts arrive.
 */
export function catalogueNamespace<T extends Record<string, unknown>>(
  ns: string,
  en: T,
  others: Record<string, () => Promise<Catalogue>>,
): () => { t: CatalogueT<T>; lang: string } {
  i18n.addResourceBundle('en', ns, en);
  const loading = new Map<string, Promise<void>>();
  /** The language's texts, loaded once (undefined: there already, or none to load). */
  const ensure = (lang: string): Promise<void> | undefined => {
    const load = others[lang];
    if (!load || i18n.hasResourceBundle(lang, ns)) return undefined;
    let p = loading.get(lang);
    if (!p) {
      p = load().then(
        (m) => void i18n.addResourceBundle(lang, ns, m.default),
        () => void loading.delete(lang), // tried again when next shown
      );
      loading.set(lang, p);
    }
    return p;
  };
  // Asked for with the chunk, not after its first render.
  void ensure(i18n.language);

  return function useCatalogueT() {
    const { i18n: i } = useTranslation();
    const lang = i.language;
    const [arrived, setArrived] = useState(0);
    useEffect(() => {
      let live = true;
      void ensure(lang)?.then(() => live && setArrived((n) => n + 1));
      return () => {
        live = false;
      };
    }, [lang]);
    const t = useMemo(
      () => (i.getFixedT as (l: string, n: string) => unknown)(lang, ns) as CatalogueT<T>,
      // Texts that arrived are new texts for the same language.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [i, lang, arrived],
    );
    return { t, lang };
  };
}
