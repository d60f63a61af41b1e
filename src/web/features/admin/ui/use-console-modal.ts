import { useLayoutEffect } from 'react';
import { useModalOnMount } from '../../../ui/use-modal';

/**
 * The console's dialogs and drawers: a modal `<dialog>` while mounted (focus kept inside, Escape
 * closes) that gives focus back, when it goes, to what had it before it opened: the row or the
 * button the operator came from, not the top of the page (the dialog leaves the document before
 * it is closed, so the browser's own return does not happen).
 */
export function useConsoleModal() {
  // A layout effect runs before the modal's own effect moves focus into the dialog.
  useLayoutEffect(() => {
    const before = document.activeElement;
    return () => {
      // Later than this cleanup: the modal is still open now, and the page under it inert.
      queueMicrotask(() => {
        if (before instanceof HTMLElement && before.isConnected) before.focus();
      });
    };
  }, []);
  return useModalOnMount();
}
