import { useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { endSession } from '../../app/session';
import { useAppDispatch } from '../../app/hooks';
import { api } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/** Delete account behind a confirm dialog (delete_user_account), then a clean logout. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await api('delete_user_account');
      dialog.current?.close();
      endSession(dispatch);
      toast.success(t('profile.deleted'));
    } catch {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-danger-ghost btn-block"
        onClick={() => dialog.current?.showModal()}
        data-testid="delete-account"
      >
        {t('profile.deleteAccount')}
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby="delete-title">
        <h2 id="delete-title">{t('profile.deleteTitle')}</h2>
        <p>{t('profile.deleteBody')}</p>
        <div className="row">
          <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() => void confirm()}
            data-testid="confirm-delete"
          >
            {t('profile.deleteConfirm')}
          </button>
        </div>
      </dialog>
    </>
  );
}
