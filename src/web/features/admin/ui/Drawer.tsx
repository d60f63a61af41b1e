import { useId, type ReactNode } from 'react';
import { useAdminT } from '../i18n';
import { AdminIcon } from './admin-icons';
import { useModalOnMount } from '../../../ui/use-modal';
import './dialogs.css';

/** A panel over the page's end side (a record's details and actions); Escape closes it. */
export function Drawer({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useAdminT();
  const dialog = useModalOnMount();
  const id = useId();
  return (
    <dialog
      ref={dialog}
      className="admin-drawer"
      aria-labelledby={id}
      onCancel={(e) => {
        e.preventDefault();
        // React carries the event up its own tree: a dialog opened from a drawer would close both.
        e.stopPropagation();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
      data-testid={testId}
    >
      <div className="admin-drawer-panel">
        <header className="admin-drawer-head">
          <h2 id={id} dir="auto">
            {title}
          </h2>
          <button
            type="button"
            className="admin-icon-button"
            onClick={onClose}
            aria-label={t('confirm.close')}
            data-testid="drawer-close"
          >
            <AdminIcon name="close" />
          </button>
        </header>
        <div className="admin-drawer-body">{children}</div>
      </div>
    </dialog>
  );
}
