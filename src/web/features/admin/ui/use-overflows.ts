import { useEffect, useState, type RefObject } from 'react';

/**
 * True while the element's content is wider than the element (it scrolls sideways). A keyboard
 * can scroll only what it can focus, so a table that overflows becomes a tab stop; one that fits
 * is not an extra stop on the way to its rows.
 */
export function useOverflows(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    // jsdom has no ResizeObserver (nor layout): the table is taken as fitting.
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    measure();
    return () => watch.disconnect();
  }, [ref]);
  return overflows;
}
