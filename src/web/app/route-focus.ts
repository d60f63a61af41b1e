import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a lazy page may take to show its heading before focus stops waiting for it. */
const WAIT_MS = 5000;

/**
 * Moves focus to the page's main heading (made focusable with tabIndex -1), so a screen reader
 * reads the new page and Tab starts from it, as after a full page load. The heading may arrive
 * after the route (a lazy chunk, data): the main region is watched until it does.
 */
export function focusMainHeading(main: HTMLElement, waitMs = WAIT_MS): () => void {
  const tryFocus = () => {
    // The new page focused something of its own (an autofocused field): it knows better.
    if (main.contains(document.activeElement)) return true;
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/**
 * On every route change but the first load (where the browser starts at the top of the
 * document), focus goes to the new page's main heading (WCAG 2.4.3, issue 23).
 */
export function useRouteFocus(mainId = 'main'): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    return main ? focusMainHeading(main) : undefined;
  }, [pathname, mainId]);
}
