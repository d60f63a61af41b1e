import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectWebSettings } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { Field } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import { NewPasswordFields } from './NewPasswordFields';
import { saveSignUpExtras } from './signup-extras';
import { showFirebaseError } from './show-firebase-error';

/**
 * Sign up with e-mail: a 6-digit code is then e-mailed and entered on the verify screen. In
 * Firebase mode Firebase e-mails a verification link; the player opens it, then logs in.
 */
export default function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const firebase = useAppSelector(selectWebSettings)?.auth.firebase ?? null;
  const [linkSentTo, setLinkSentTo] = useState('');
  // A shared invitation link (/auth/sign-up?ref=CODE) fills the referral code in.
  const [params] = useSearchParams();
  const invited = (params.get('ref') ?? '')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 16)
    .toUpperCase();
  const [f, setF] = useState({ name: '', email: '', password: '', confirm: '', referral: invited });
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (f.password !== f.confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    setBusy(true);
    try {
      if (firebase) {
        const { firebaseSignUp } = await import('./firebase-auth');
        await firebaseSignUp(firebase, f.email, f.password, f.name);
        saveSignUpExtras(f.email, { name: f.name, friends_code: f.referral.trim() });
        setLinkSentTo(f.email.trim());
        setBusy(false);
        // The notice replaces a long form: show it from the top.
        window.scrollTo(0, 0);
        return;
      }
      await api('auth_email_signup', { email: f.email, password: f.password, name: f.name });
      saveSignUpExtras(f.email, { name: f.name, friends_code: f.referral.trim() });
      void navigate(`${paths.otpVerify}?mode=email&email=${encodeURIComponent(f.email.trim())}`);
    } catch (err) {
      showFirebaseError(err);
      setBusy(false);
    }
  }

  if (linkSentTo)
    return (
      <AuthCard title={t('auth.signUpTitle')} subtitle={t('auth.signUpSubtitleLink')}>
        <div className="notice" role="status" data-testid="verify-link-sent">
          <p>{t('auth.verifyLinkSent', { email: linkSentTo })}</p>
        </div>
        <Link className="btn btn-primary btn-block" to={paths.login} data-testid="go-login">
          {t('nav.login')}
        </Link>
      </AuthCard>
    );

  return (
    <AuthCard title={t('auth.signUpTitle')} subtitle={t(firebase ? 'auth.signUpSubtitleLink' : 'auth.signUpSubtitle')}>
      <form className="form" onSubmit={submit}>
        <Field
          label={t('auth.name')}
          testId="name"
          autoComplete="name"
          required
          maxLength={60}
          value={f.name}
          onChange={set('name')}
        />
        <Field
          label={t('auth.email')}
          testId="email"
          type="email"
          autoComplete="email"
          required
          value={f.email}
          onChange={set('email')}
        />
        <NewPasswordFields
          label={t('auth.password')}
          password={f.password}
          confirm={f.confirm}
          mismatch={mismatch}
          onPassword={set('password')}
          onConfirm={set('confirm')}
        />
        <Field
          label={t('auth.referralCode')}
          testId="referral-code"
          autoComplete="off"
          value={f.referral}
          onChange={set('referral')}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="submit">
          {busy ? t('common.wait') : t('nav.signUp')}
        </button>
      </form>
      <p className="auth-links">
        {t('auth.haveAccount')} <Link to={paths.login}>{t('nav.login')}</Link>
      </p>
    </AuthCard>
  );
}
