import { useEffect, useLayoutEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls Tab can reach inside `root`, in document order (hidden ones left out). */
function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden], [inert]') && el.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab inside the dialog: from its last control to its first, and Shift+Tab the other way.
 * A modal `<dialog>` makes the page behind it inert, but Tab would still leave it for the
 * browser's own bar; a keyboard player expects to go round the dialog (WAI-ARIA dialog pattern).
 */
export function trapTab(dialog: HTMLElement, e: KeyboardEvent): void {
  if (e.key !== 'Tab') return;
  const list = tabbables(dialog);
  if (list.length === 0) return;
  const first = list[0]!;
  const last = list[list.length - 1]!;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !dialog.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * A `<dialog>` shown as a modal while the component is mounted (closed when it goes). Escape
 * closes it natively (its `onClose` keeps the owner's state in step); Tab stays inside it; and
 * when it goes, focus goes back to what opened it, so a keyboard player carries on from there.
 */
export function useModalOnMount() {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Taken in a layout effect, before the effect below opens the dialog and moves focus into it:
  // the row or button the player came from, not a control of the dialog.
  useLayoutEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  useEffect(() => {
    const d = dialog.current;
    const onKey = (e: KeyboardEvent) => d && trapTab(d, e);
    d?.addEventListener('keydown', onKey);
    // jsdom has no showModal: tests render the dialog's content without it.
    if (d && !d.open) d.showModal?.();
    return () => {
      d?.removeEventListener('keydown', onKey);
      d?.close?.();
      // Unmounted without a close of its own (the dialog left the document first), the browser
      // has nowhere to return focus to.
      const lost =
        !document.activeElement || document.activeElement === document.body || d?.contains(document.activeElement);
      if (opener.current?.isConnected && lost) opener.current.focus();
    };
  }, []);
  return dialog;
}
