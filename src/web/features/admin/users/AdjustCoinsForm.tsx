import { useState, type FormEvent } from 'react';
import { adminActions } from '../../../../core/contract/admin';
import { toast } from '../../../lib/toast';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { useZodForm } from '../ui/form-kit';
import { FormError, TextField } from '../ui/FormFields';

const schema = adminActions.admin_adjust_coins.input;

/** A coin adjustment: a signed amount and the reason (one ledger row; never a balance edit). */
export function AdjustCoinsForm({ userId, onDone }: { userId: number; onDone: (coins: number) => void }) {
  const { t } = useAdminT();
  const mutate = useMutate();
  const form = useZodForm(schema, { user_id: userId, amount: '', reason: '' });
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = form.validate();
    if (!fields) return;
    setBusy(true);
    try {
      const { coins } = await mutate('admin_adjust_coins', fields, { expect: ['invalid_input', 'not_enough_coins'] });
      form.reset({ user_id: userId, amount: '', reason: '' });
      toast.success(t('users.adjusted', { coins }));
      onDone(coins);
    } catch (err) {
      if (!form.showServerError(err)) form.setErrors({ amount: t('users.adjustRefused') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-subform" onSubmit={(e) => void submit(e)} noValidate data-testid="adjust-coins">
      <h3>{t('users.adjustTitle')}</h3>
      <div className="admin-form-row">
        <TextField
          form={form}
          name="amount"
          type="number"
          label={t('users.amount')}
          hint={t('users.amountHint')}
          maxLength={8}
        />
        <TextField form={form} name="reason" label={t('users.reason')} maxLength={200} />
      </div>
      <FormError form={form} />
      <button type="submit" className="btn btn-primary btn-small" disabled={busy} data-testid="adjust-submit">
        {t('users.adjust')}
      </button>
    </form>
  );
}
