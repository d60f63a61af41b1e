import { useEffect, useRef } from 'react';

/** A `<dialog>` shown as a modal while the component is mounted (closed when it goes). */
export function useModalOnMount() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    // jsdom has no showModal: tests render the dialog's content without it.
    if (d && !d.open) d.showModal?.();
    return () => d?.close?.();
  }, []);
  return dialog;
}
