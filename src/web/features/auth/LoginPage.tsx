import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectWebSettings } from '../../app/selectors';
import { clearSignedOut, signedOutReason } from '../../lib/session-flags';
import { AuthCard } from './AuthCard';
import { EmailLoginForm } from './EmailLoginForm';
import { FirebaseGoogleButton } from './FirebaseGoogleButton';
import { PhoneLoginForm } from './PhoneLoginForm';

// Google's script loads only when the button is shown.
const GoogleButton = lazy(() => import('./GoogleButton'));

type Tab = 'email' | 'phone';

/**
 * Login: e-mail and password, phone OTP, and Google when the server accepts it. After the server
 * ended the session because the password was changed on another device, it says so first.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const settings = useAppSelector(selectWebSettings);
  const [tab, setTab] = useState<Tab>('email');
  const [signedOut] = useState(signedOutReason);
  // Shown once: a later visit to the login screen has nothing to explain.
  useEffect(() => clearSignedOut(), []);
  const phone = settings?.auth.mobile ?? false;
  const firebase = settings?.auth.firebase ?? null;
  // Firebase mode signs in with Google through Firebase; otherwise Google's own button.
  const google = !firebase && settings?.auth.google && settings.auth.google_client_id;

  return (
    <AuthCard title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      {signedOut === 'password_changed' && (
        <p className="auth-notice" role="alert" data-testid="login-signed-out">
          {t('errors.session_password_changed')}
        </p>
      )}
      {phone && (
        <div className="tabs" role="tablist">
          {(['email', 'phone'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={tab === k ? 'tab active' : 'tab'}
              onClick={() => setTab(k)}
              data-testid={`tab-${k}`}
            >
              {t(k === 'email' ? 'auth.withEmail' : 'auth.withPhone')}
            </button>
          ))}
        </div>
      )}
      {tab === 'email' || !phone ? <EmailLoginForm /> : <PhoneLoginForm />}
      {firebase && (
        <>
          <div className="divider">
            <span>{t('auth.or')}</span>
          </div>
          <FirebaseGoogleButton config={firebase} />
        </>
      )}
      {google && (
        <>
          <div className="divider">
            <span>{t('auth.or')}</span>
          </div>
          <Suspense fallback={null}>
            <GoogleButton clientId={settings.auth.google_client_id} />
          </Suspense>
        </>
      )}
      <p className="auth-links">
        <Link to={paths.resetPassword}>{t('auth.forgotPassword')}</Link>
      </p>
      <p className="auth-links">
        {t('auth.noAccount')} <Link to={paths.signUp}>{t('nav.signUp')}</Link>
      </p>
    </AuthCard>
  );
}
