import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../app/paths';
import { api, isApiError } from '../../lib/api-client';
import { Field } from '../../ui/Field';
import { completeSignIn } from './profile-step';

/** E-mail and password; an unverified address is offered the code step. */
export function EmailLoginForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [unverified, setUnverified] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setUnverified(false);
    try {
      const proof = await api('auth_email_login', { email, password }, { expect: ['verify_email_first'] });
      await completeSignIn(proof, dispatch);
    } catch (err) {
      if (isApiError(err, 'verify_email_first')) setUnverified(true);
    } finally {
      setBusy(false);
    }
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
          <button type="button" className="btn btn-outline" onClick={enterCode} data-testid="enter-code">
            {t('auth.enterCode')}
          </button>
        </div>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="submit">
        {busy ? t('common.wait') : t('nav.login')}
      </button>
    </form>
  );
}
