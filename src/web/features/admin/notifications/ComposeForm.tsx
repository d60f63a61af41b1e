import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { AdminUser } from '../../../../core/contract';
import { adminActions } from '../../../../core/contract/admin';
import { useAppSelector } from '../../../app/hooks';
import { selectWebSettings } from '../../../app/selectors';
import { toast } from '../../../lib/toast';
import languages from '../../../../../locales/index.json';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { useZodForm } from '../ui/form-kit';
import { FormError, SelectField, TextArea, TextField } from '../ui/FormFields';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { UserPicker } from './UserPicker';

const schema = adminActions.admin_send_notification.input;
type Fields = z.output<typeof schema>;
const EMPTY = { audience: 'all', language_code: '', user_id: '', title: '', message: '' };

/**
 * A notification to every player, to the players of one interface language, or to one player,
 * with a preview of how it shows in the app and as a push; sent once the operator confirms.
 */
export function ComposeForm() {
  const { t } = useAdminT();
  const mutate = useMutate();
  const settings = useAppSelector(selectWebSettings);
  const form = useZodForm(schema, EMPTY);
  const [user, setUser] = useState<AdminUser | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<Fields | null>(null);
  const audience = String(form.values.audience);

  /** Who a notification goes to, in words. */
  function reach(to: string, code?: string): string {
    if (to === 'all') return t('notifications.reachAll');
    if (to === 'language')
      return t('notifications.reachLanguage', { language: languages.find((l) => l.code === code)?.name ?? '…' });
    return t('notifications.reachUser', { name: user?.name ?? '…' });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const values = {
      ...form.values,
      language_code: audience === 'language' ? form.values.language_code || undefined : undefined,
      user_id: audience === 'user' ? user?.id : undefined,
    };
    // The schema leaves "which language, which player" to the server: asked here first.
    const extra: Record<string, string> =
      audience === 'language' && !values.language_code
        ? { language_code: t('notifications.pickLanguage') }
        : audience === 'user' && !user
          ? { user_id: t('notifications.pickUser') }
          : {};
    const fields = form.validate({ values, extra });
    if (!fields) return;
    // Many players at once: asked first. One player: sent at once.
    if (fields.audience === 'user') await send(fields);
    else setConfirm(fields);
  }

  async function send(fields: Fields) {
    setBusy(true);
    try {
      await mutate('admin_send_notification', fields, { expect: ['invalid_input'] });
      toast.success(t('notifications.sentToast'));
      form.reset(EMPTY);
      setUser(null);
    } catch (err) {
      form.showServerError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-compose">
      <form className="card form admin-form" onSubmit={(e) => void submit(e)} noValidate data-testid="compose">
        <h2>{t('notifications.compose')}</h2>
        <SelectField
          form={form}
          name="audience"
          label={t('notifications.audience')}
          options={[
            { value: 'all', label: t('notifications.toAll') },
            { value: 'language', label: t('notifications.toLanguage') },
            { value: 'user', label: t('notifications.toUser') },
          ]}
        />
        {audience === 'language' && (
          <SelectField
            form={form}
            name="language_code"
            label={t('notifications.language')}
            options={[
              { value: '', label: t('notifications.pickLanguage') },
              ...languages.map((l) => ({ value: l.code, label: l.name })),
            ]}
          />
        )}
        {audience === 'user' && (
          <UserPicker
            picked={user}
            onPick={(u) => {
              setUser(u);
              form.set('user_id', u?.id ?? '');
            }}
            error={form.errors.user_id}
          />
        )}
        <TextField form={form} name="title" label={t('notifications.titleField')} maxLength={100} />
        <TextArea form={form} name="message" label={t('notifications.message')} maxLength={1000} rows={4} />
        <FormError form={form} />
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="compose-send">
          {t('notifications.send')}
        </button>
      </form>
      <aside className="card admin-preview" aria-label={t('notifications.preview')} data-testid="compose-preview">
        <h2>{t('notifications.preview')}</h2>
        <div className="admin-push">
          <img src={settings?.logo || '/icons/icon.svg'} alt="" width={36} height={36} />
          <div>
            <small className="muted">{settings?.app_name ?? 'QuizHub'}</small>
            <strong dir="auto">{String(form.values.title) || t('notifications.previewTitle')}</strong>
            <p dir="auto">{String(form.values.message) || t('notifications.previewMessage')}</p>
          </div>
        </div>
        <p className="muted">{reach(audience, String(form.values.language_code ?? ''))}</p>
      </aside>
      {confirm && (
        <ConfirmDialog
          title={t('notifications.confirmTitle')}
          body={reach(confirm.audience, confirm.language_code)}
          confirmLabel={t('notifications.send')}
          onConfirm={() => send(confirm)}
          onClose={() => setConfirm(null)}
        />
      )}
    </div>
  );
}
