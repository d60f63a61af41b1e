import { useId, useState, type FormEvent } from 'react';
import { useAdminT } from '../i18n';
import { useModalOnMount } from '../../../ui/use-modal';
import './dialogs.css';

interface ConfirmProps {
  title: string;
  body: string;
  confirmLabel: string;
  /** A destructive change: the button is red. */
  danger?: boolean;
  /** Asks for a reason (kept in the audit log); required when `reasonRequired`. */
  reasonLabel?: string;
  reasonRequired?: boolean;
  onConfirm: (reason: string) => Promise<unknown> | void;
  onClose: () => void;
  testId?: string;
}

/**
 * "Are you sure?" before a change that cannot simply be undone (deactivate, reject, delete),
 * with the reason the audit log keeps when one is asked for. Closes once the change is done.
 */
export function ConfirmDialog(p: ConfirmProps) {
  const { t } = useAdminT();
  const dialog = useModalOnMount();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (p.reasonRequired && !reason.trim()) {
      setError(t('confirm.reasonRequired'));
      return;
    }
    setBusy(true);
    try {
      await p.onConfirm(reason.trim());
      p.onClose();
    } catch {
      // The api client showed the failure; the dialog stays for another try.
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
        if (!busy) p.onClose();
      }}
      data-testid={p.testId ?? 'confirm-dialog'}
    >
      <form onSubmit={(e) => void submit(e)} className="form" noValidate>
        <h2 id={`${id}-title`}>{p.title}</h2>
        <p>{p.body}</p>
        {p.reasonLabel && (
          <div className={error ? 'field admin-field has-error' : 'field admin-field'}>
            <label htmlFor={`${id}-reason`}>{p.reasonLabel}</label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={300}
              dir="auto"
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError('');
              }}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              data-testid="confirm-reason"
            />
            {error && (
              <small id={`${id}-error`} className="field-error" role="alert">
                {error}
              </small>
            )}
          </div>
        )}
        <div className="row">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={p.onClose}
            disabled={busy}
            data-testid="confirm-cancel"
          >
            {t('confirm.cancel')}
          </button>
          <button
            type="submit"
            className={p.danger ? 'btn btn-danger' : 'btn btn-primary'}
            disabled={busy}
            data-testid="confirm-ok"
          >
            {p.confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
