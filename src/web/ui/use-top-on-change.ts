import { useLayoutEffect } from 'react';

/**
 * Scrolls the page to its top whenever `view` changes: a screen that replaces another on the same
 * address (a quiz after its start form, the result after the last question, the review after the
 * result, a battle's result after its rounds) opens at its top, not where the last one was
 * scrolled to (issue 22). Route changes have `app/ScrollToTop`.
 */
export function useTopOnChange(view: unknown): void {
  useLayoutEffect(() => {
    // Only when scrolled (jsdom, which has no scrolling, is never asked).
    if (window.scrollY !== 0) window.scrollTo(0, 0);
  }, [view]);
}
