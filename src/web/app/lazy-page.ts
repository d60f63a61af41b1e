import { createElement, lazy, type ComponentType } from 'react';
import { loadCatalogue } from '../lib/i18n';

type PageModule<P> = { default: ComponentType<P> };

/** Pages whose chunk failed to load: React.lazy keeps a failure, so each needs a new one. */
const failed = new Set<() => void>();

/** Lets every page whose chunk failed fetch it again when next rendered (a route's Retry). */
export function renewFailedPages(): void {
  for (const renew of failed) renew();
  failed.clear();
}

/** A page in its own chunk that can be fetched before it is first rendered. */
export type LazyPage<P> = ComponentType<P> & {
  /** Fetches the page's chunk (once); resolves when it can render without suspending. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` with a preload; the page waits for the whole interface catalogue too unless
 * `catalogue` is false (a part of the first screen, which speaks the shell's words only; the first
 * screen ships only the shell's words, lib/i18n.ts). A page whose chunk has already arrived renders at once: React is
 * handed a thenable that resolves synchronously, so no Suspense fallback is shown — and none of
 * the 300 ms React 19 then waits before revealing the page behind a fallback. `React.lazy` keeps
 * a failed load for good: the route's error boundary shows the failure, and its Retry
 * (renewFailedPages) gives the page a new one, which fetches the chunk again.
 */
export function lazyPage<P>(load: () => Promise<PageModule<P>>, catalogue = true): LazyPage<P> {
  let loaded: PageModule<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), catalogue && loadCatalogue().catch(() => undefined)]).then(
      ([m]) => {
        loaded = m;
      },
      (e: unknown) => {
        // A failed fetch may be tried again: by the next preload, or a render after renewFailedPages.
        loading = undefined;
        failed.add(renew);
        throw e;
      },
    ));
  const fresh = () =>
    lazy(() =>
      loaded
        ? // Synchronous: React's lazy reads the module in the same call, without suspending.
          ({ then: (ok: (m: PageModule<P>) => void) => ok(loaded!) } as unknown as Promise<PageModule<P>>)
        : preload().then(() => loaded!),
    );
  let Lazy = fresh();
  const renew = () => (Lazy = fresh());
  const Page = (props: P) => createElement(Lazy as unknown as ComponentType<object>, props as object);
  return Object.assign(Page, { preload });
}
