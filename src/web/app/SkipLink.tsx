import type { MouseEvent } from 'react';
import { useTranslation } from '../lib/use-translation';

/**
 * "Skip to content", the first thing Tab reaches: a keyboard player passes the header in one
 * key (WCAG 2.4.1). Shown only while focused. Focus goes to the page's heading, or to the main
 * region when the page has none; the address is left as it is (no "#main" in it).
 */
export function SkipLink() {
  const { t } = useTranslation();
  function skip(e: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById('main');
    if (!main) return;
    e.preventDefault();
    const target = main.querySelector<HTMLElement>('h1') ?? main;
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus();
  }
  return (
    <a href="#main" className="skip-link" onClick={skip} data-testid="skip-link">
      {t('nav.skipToContent')}
    </a>
  );
}
