import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { api } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { Field } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import { NewPasswordFields } from './NewPasswordFields';

/** Forgot password: ask for a code by e-mail, then set a new password with it. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [f, setF] = useState({ email: '', code: '', password: '', confirm: '' });
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });

  async function requestCode(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await api('auth_password_reset_request', { email: f.email });
      toast.success(t('auth.codeSent'));
      setStep('code');
    } catch {
      // The error was shown.
    }
    setBusy(false);
  }

  async function reset(e: FormEvent) {
    e.preventDefault();
    if (f.password !== f.confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    setBusy(true);
    try {
      await api('auth_password_reset', { email: f.email, code: f.code, password: f.password });
      toast.success(t('auth.passwordChanged'));
      void navigate(paths.login);
    } catch {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('auth.resetTitle')}
      subtitle={t(step === 'email' ? 'auth.resetSubtitle' : 'auth.verifyEmailTo', { to: f.email })}
    >
      {step === 'email' ? (
        <form className="form" onSubmit={requestCode}>
          <Field
            label={t('auth.email')}
            testId="email"
            type="email"
            autoComplete="email"
            required
            value={f.email}
            onChange={set('email')}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="submit">
            {t('auth.sendCode')}
          </button>
        </form>
      ) : (
        <form className="form" onSubmit={reset}>
          <Field
            label={t('auth.code')}
            testId="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            dir="ltr"
            value={f.code}
            onChange={set('code')}
          />
          <NewPasswordFields
            label={t('auth.newPassword')}
            password={f.password}
            confirm={f.confirm}
            mismatch={mismatch}
            onPassword={set('password')}
            onConfirm={set('confirm')}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="submit">
            {t('auth.setPassword')}
          </button>
        </form>
      )}
      <p className="auth-links">
        <Link to={paths.login}>{t('auth.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
