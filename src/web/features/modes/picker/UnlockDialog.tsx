import { useState } from 'react';
import type { Category } from '../../../../core/contract';
import { coinScoreChanged } from '../../../app/events';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectLanguageId, selectUser } from '../../../app/selectors';
import { api, isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import { CoinIcon } from '../../../ui/icons';
import { useModalOnMount } from '../../../ui/use-modal';

/**
 * "Unlock for N coins?" for a premium category: pays with unlock_premium_category, then calls
 * `onUnlocked`; a short balance is said in the dialog, not in a toast.
 */
export function UnlockDialog({
  category,
  type,
  onClose,
  onUnlocked,
}: {
  category: Category;
  type: number;
  onClose: () => void;
  onUnlocked: (c: Category) => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const languageId = useAppSelector(selectLanguageId);
  const dialog = useModalOnMount();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function unlock() {
    setBusy(true);
    setError('');
    try {
      const r = await api(
        'unlock_premium_category',
        { category: category.slug, type, language_id: languageId },
        { expect: ['not_enough_coins'] },
      );
      dispatch(coinScoreChanged({ coins: r.coins, all_time_score: user?.all_time_score ?? 0 }));
      onUnlocked(category);
    } catch (e) {
      if (isApiError(e, 'not_enough_coins')) setError(errorMessage('not_enough_coins'));
      setBusy(false);
    }
  }

  // Known short of coins: say so before the tap (the server refuses it anyway).
  const short = user !== null && user !== undefined && user.coins < category.coins;
  return (
    // Escape closes the dialog natively; `onClose` keeps the page's state in step.
    <dialog
      ref={dialog}
      className="dialog unlock-dialog"
      aria-labelledby="unlock-title"
      aria-describedby="unlock-question"
      onClose={onClose}
    >
      <h2 id="unlock-title">{t('modes.picker.unlockTitle')}</h2>
      <p id="unlock-question">
        {t('modes.picker.unlockQuestion', { name: `\u2068${category.category_name}\u2069`, count: category.coins })}
      </p>
      {user && (
        <p className="muted unlock-balance">
          <CoinIcon size={18} /> {t('modes.picker.unlockBalance', { count: user.coins })}
        </p>
      )}
      {(error || short) && (
        <p className="field-error" role="alert" data-testid="unlock-error">
          {error || errorMessage('not_enough_coins')}
        </p>
      )}
      <div className="row">
        <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || short}
          onClick={() => void unlock()}
          data-testid="unlock-confirm"
        >
          <CoinIcon size={18} /> {t('modes.picker.unlock')}
        </button>
      </div>
    </dialog>
  );
}
