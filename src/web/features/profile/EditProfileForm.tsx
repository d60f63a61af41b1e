import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { UserRecord } from '../../../core/contract';
import { profileChanged } from '../../app/events';
import { useAppDispatch } from '../../app/hooks';
import { api } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { Field } from '../../ui/Field';
import { MOBILE_RE, compactMobile } from '../../../core/contract/formats';

/** Edits name and mobile; the e-mail only on mobile accounts (spec §4). */
export function EditProfileForm({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [f, setF] = useState({ name: user.name, mobile: user.mobile, email: user.email });
  const [mobileError, setMobileError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const canEditEmail = user.type === 'mobile';

  async function submit(e: FormEvent) {
    e.preventDefault();
    const mobile = compactMobile(f.mobile);
    if (mobile && !MOBILE_RE.test(mobile)) {
      setMobileError(t('auth.mobileInvalid'));
      return;
    }
    setMobileError(undefined);
    setBusy(true);
    try {
      // Contact fields are sent only when non-empty (spec §5).
      const next = await api('update_profile', {
        name: f.name.trim(),
        mobile,
        ...(canEditEmail ? { email: f.email.trim() } : {}),
      });
      dispatch(profileChanged(next));
      // Show what the server kept (an emptied field is "not sent", so it stays as it was).
      setF({ name: next.name, mobile: next.mobile, email: next.email });
      toast.success(t('profile.saved'));
    } catch {
      // Shown by the api client.
    }
    setBusy(false);
  }

  return (
    <form className="card form" onSubmit={submit}>
      <h2>{t('profile.details')}</h2>
      <Field label={t('auth.name')} testId="name" required maxLength={60} value={f.name} onChange={set('name')} />
      <Field
        label={t('auth.mobile')}
        testId="mobile"
        type="tel"
        dir="ltr"
        placeholder="+15551234567"
        value={f.mobile}
        error={mobileError}
        onChange={set('mobile')}
      />
      <Field
        label={t('auth.email')}
        testId="email"
        type="email"
        dir="ltr"
        value={f.email}
        readOnly={!canEditEmail}
        hint={canEditEmail ? undefined : t('profile.emailFixed')}
        onChange={set('email')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="submit">
        {busy ? t('common.wait') : t('profile.save')}
      </button>
    </form>
  );
}
