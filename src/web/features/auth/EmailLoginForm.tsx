import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectWebSettings } from '../../app/selectors';
import { api, isApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { Field } from '../../ui/Field';
import { completeSignIn } from './profile-step';
import { takeSignUpExtras } from './signup-extras';
import { showFirebaseError } from './show-firebase-error';

/**
 * E-mail and password; an unverified address is offered the code step (Firebase mode: the
 * verification link again).
 */
export function EmailLoginForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const firebase = useAppSelector(selectWebSettings)?.auth.firebase ?? null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [unverified, setUnverified] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setUnverified(false);
    try {
      if (firebase) {
        const { firebaseEmailLogin } = await import('./firebase-auth');
        const proof = await firebaseEmailLogin(firebase, email, password);
        // The name and referral code typed at sign-up, on this device.
        await completeSignIn(proof, dispatch, takeSignUpExtras(email));
      } else {
        const proof = await api('auth_email_login', { email, password }, { expect: ['verify_email_first'] });
        await completeSignIn(proof, dispatch);
      }
    } catch (err) {
      if (isApiError(err, 'verify_email_first')) setUnverified(true);
      else showFirebaseError(err);
    } finally {
      setBusy(false);
    }
  }

  async function resendLink() {
    const { firebaseResendVerification } = await import('./firebase-auth');
    await firebaseResendVerification(firebase!).then(() => toast.success(t('auth.linkResent')), showFirebaseError);
  }

  async function enterCode() {
    await api('auth_email_resend', { email }).catch(() => undefined);
    void navigate(`${paths.otpVerify}?mode=email&email=${encodeURIComponent(email)}`);
  }

  return (
    <form className="form" onSubmit={submit} noValidate={false}>
      <Field
        label={t('auth.email')}
        testId="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Field
        label={t('auth.password')}
        testId="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {unverified && (
        <div className="notice" role="alert">
          <p>{t('errors.verify_email_first')}</p>
          {firebase ? (
            <button type="button" className="btn btn-outline" onClick={resendLink} data-testid="resend-link">
              {t('auth.resendLink')}
            </button>
          ) : (
            <button type="button" className="btn btn-outline" onClick={enterCode} data-testid="enter-code">
              {t('auth.enterCode')}
            </button>
          )}
        </div>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="submit">
        {busy ? t('common.wait') : t('nav.login')}
      </button>
    </form>
  );
}
