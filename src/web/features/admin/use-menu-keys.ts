import { useEffect, type RefObject } from 'react';

/**
 * The narrow screen's menu, open over the page: Escape closes it and gives focus back to its
 * button, and Tab goes round the button and the menu's links (what lies under the open menu
 * cannot be seen, so focus must not go there).
 */
export function useMenuKeys(
  open: boolean,
  button: RefObject<HTMLButtonElement | null>,
  menu: RefObject<HTMLElement | null>,
  close: () => void,
) {
  useEffect(() => {
    if (!open) return;
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        close();
        button.current?.focus();
        return;
      }
      if (e.key !== 'Tab' || !button.current || !menu.current) return;
      const ring = [button.current, ...menu.current.querySelectorAll<HTMLElement>('a[href]')];
      const at = ring.indexOf(document.activeElement as HTMLElement);
      const next = at === -1 ? 0 : (at + (e.shiftKey ? -1 : 1) + ring.length) % ring.length;
      e.preventDefault();
      ring[next]!.focus();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, button, menu, close]);
}
