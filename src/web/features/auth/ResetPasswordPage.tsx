import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectWebSettings } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { Field } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import { NewPasswordFields } from './NewPasswordFields';
import { showFirebaseError } from './show-firebase-error';

/**
 * Forgot password: ask for a code by e-mail, then set a new password with it. In Firebase mode
 * Firebase e-mails a link to its own page for the new password.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const firebase = useAppSelector(selectWebSettings)?.auth.firebase ?? null;
  const [step, setStep] = useState<'email' | 'code' | 'link'>('email');
  const [f, setF] = useState({ email: '', code: '', password: '', confirm: '' });
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });

  async function requestCode(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      if (firebase) {
        const { firebasePasswordReset } = await import('./firebase-auth');
        await firebasePasswordReset(firebase, f.email);
        setStep('link');
      } else {
        await api('auth_password_reset_request', { email: f.email });
        toast.success(t('auth.codeSent'));
        setStep('code');
      }
    } catch (err) {
      showFirebaseError(err);
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
      subtitle={t(step === 'code' ? 'auth.verifyEmailTo' : firebase ? 'auth.resetSubtitleLink' : 'auth.resetSubtitle', {
        to: f.email,
      })}
    >
      {step === 'link' ? (
        <>
          <div className="notice" role="status" data-testid="reset-link-sent">
            <p>{t('auth.resetLinkSent', { email: f.email.trim() })}</p>
          </div>
          <Link className="btn btn-primary btn-block" to={paths.login} data-testid="go-login">
            {t('nav.login')}
          </Link>
        </>
      ) : step === 'email' ? (
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
      {step !== 'link' && (
        <p className="auth-links">
          <Link to={paths.login}>{t('auth.backToLogin')}</Link>
        </p>
      )}
    </AuthCard>
  );
}
