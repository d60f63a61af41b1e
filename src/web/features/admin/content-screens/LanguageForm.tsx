import { useState, type FormEvent } from 'react';
import type { AdminLanguage } from '../../../../core/contract';
import { adminContentActions } from '../../../../core/contract/admin-content';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { useZodForm } from '../ui/form-kit';
import { FormError, SwitchField, TextField } from '../ui/FormFields';
import { submitForm } from './form-submit';

const schema = adminContentActions.admin_save_language.input;
const flag = (b: boolean) => (b ? '1' : '0');

/**
 * A content language: its code, name, direction, whether it is the default and active. There is
 * one default, and it stays active: the server refuses otherwise and says why at the switch.
 */
export function LanguageForm({
  language,
  onSaved,
}: {
  language: AdminLanguage | null;
  onSaved: (l: AdminLanguage) => void;
}) {
  const { t } = useAdminT();
  const mutate = useMutate();
  const form = useZodForm(schema, {
    id: language?.id,
    code: language?.code ?? '',
    name: language?.name ?? '',
    rtl: flag(language?.rtl ?? false),
    is_default: flag(language?.is_default ?? false),
    status: String(language?.status ?? 1),
  });
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = form.validate();
    if (!fields) return;
    setBusy(true);
    const saved = await submitForm(
      form,
      (expect) => mutate('admin_save_language', form.values, { expect }),
      t('contentScreens.saved'),
    );
    setBusy(false);
    if (saved) onSaved(saved);
  }

  return (
    <form className="form admin-form" onSubmit={(e) => void submit(e)} noValidate data-testid="language-form">
      <div className="admin-form-row">
        <TextField
          form={form}
          name="code"
          label={t('contentScreens.languages.code')}
          hint={t('contentScreens.languages.codeHint')}
          dir="ltr"
          maxLength={14}
        />
        <TextField form={form} name="name" label={t('contentScreens.languages.name')} maxLength={60} />
      </div>
      <SwitchField form={form} name="rtl" label={t('contentScreens.languages.rtl')} />
      <SwitchField
        form={form}
        name="is_default"
        label={t('contentScreens.languages.default')}
        hint={t('contentScreens.languages.defaultHint')}
      />
      <SwitchField form={form} name="status" label={t('contentScreens.active')} />
      <FormError form={form} />
      <div className="row admin-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="language-save">
          {t('contentScreens.save')}
        </button>
      </div>
    </form>
  );
}
