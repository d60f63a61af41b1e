import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadCatalogue } from '../lib/i18n';

type PageModule<P> = { default: ComponentType<P> };

/** A page in its own chunk that can be fetched before it is first rendered. */
export type LazyPage<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Fetches the page's chunk (once); resolves when it can render without suspending. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` with a preload; the page waits for the whole interface catalogue too (the first
 * screen ships only the shell's words, lib/i18n.ts). A page whose chunk has already arrived renders at once: React is
 * handed a thenable that resolves synchronously, so no Suspense fallback is shown — and none of
 * the 300 ms React 19 then waits before revealing the page behind a fallback.
 */
export function lazyPage<P>(load: () => Promise<PageModule<P>>): LazyPage<P> {
  let loaded: PageModule<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), loadCatalogue().catch(() => undefined)]).then(
      ([m]) => {
        loaded = m;
      },
      (e: unknown) => {
        // A failed fetch may be tried again (by the render, or the next preload).
        loading = undefined;
        throw e;
      },
    ));
  const Page = lazy(() =>
    loaded
      ? // Synchronous: React's lazy reads the module in the same call, without suspending.
        ({ then: (ok: (m: PageModule<P>) => void) => ok(loaded!) } as unknown as Promise<PageModule<P>>)
      : preload().then(() => loaded!),
  );
  return Object.assign(Page, { preload });
}
