import { useId, useState } from 'react';
import { isApiFailure } from '../../../app/server-state/base-query';
import { errorMessage } from '../../../lib/i18n';
import { useAdminT } from '../i18n';
import { useModalOnMount } from '../../../ui/use-modal';
import './dialogs.css';

/**
 * "Delete this?" for a row the server deletes only when empty (a category, a subcategory): its 409
 * (`category_not_empty`, ...) is shown here with its reason, and the dialog then offers what the
 * reason suggests, deactivating instead.
 */
export function DeleteDialog({
  title,
  body,
  onDelete,
  onDeactivate,
  onClose,
}: {
  title: string;
  body: string;
  onDelete: () => Promise<unknown>;
  /** Offered once the server said the thing is not empty (absent when it is inactive already). */
  onDeactivate?: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useAdminT();
  const dialog = useModalOnMount();
  const id = useId();
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(change: () => Promise<unknown>) {
    setBusy(true);
    try {
      await change();
      onClose();
    } catch (e) {
      if (isApiFailure(e) && e.status === 409) setRefusal(errorMessage(e.code));
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className="dialog admin-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        // React carries the event up its own tree: a dialog opened from a drawer would close both.
        e.stopPropagation();
        if (!busy) onClose();
      }}
      data-testid="delete-dialog"
    >
      <div className="form">
        <h2 id={`${id}-title`}>{title}</h2>
        {refusal ? (
          <p className="field-error" role="alert" data-testid="delete-refused">
            {refusal}
          </p>
        ) : (
          <p>{body}</p>
        )}
        <div className="row">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy} data-testid="delete-cancel">
            {refusal ? t('confirm.close') : t('confirm.cancel')}
          </button>
          {!refusal ? (
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => void run(onDelete)}
              disabled={busy}
              data-testid="delete-ok"
            >
              {t('contentScreens.delete')}
            </button>
          ) : (
            onDeactivate && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void run(onDeactivate)}
                disabled={busy}
                data-testid="delete-deactivate"
              >
                {t('contentScreens.deactivateInstead')}
              </button>
            )
          )}
        </div>
      </div>
    </dialog>
  );
}
