import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectWebSettings } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { Field } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import { completeSignIn } from './profile-step';
import { takeSignUpExtras } from './signup-extras';
import { showFirebaseError } from './show-firebase-error';

/** The 6-digit code step: e-mail verification (mode=email) or phone OTP (mode=mobile). */
export default function OtpVerifyPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const mode = params.get('mode') === 'mobile' ? 'mobile' : 'email';
  const to = (mode === 'mobile' ? params.get('mobile') : params.get('email')) ?? '';
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // Firebase mode signs in by phone through Firebase (e-mail is verified by link, not here).
  const firebase = useAppSelector(selectWebSettings)?.auth.firebase ?? null;
  const viaFirebase = Boolean(firebase) && mode === 'mobile';
  const recaptcha = useRef<HTMLDivElement>(null);

  if (!to) return <Navigate to={paths.login} replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      let proof;
      if (viaFirebase) {
        const { firebaseConfirmPhoneCode } = await import('./firebase-auth');
        proof = await firebaseConfirmPhoneCode(firebase!, to, code);
      } else {
        proof =
          mode === 'mobile'
            ? await api('auth_otp_verify', { mobile: to, otp: code })
            : await api('auth_email_verify', { email: to, code });
      }
      // The code was right: an earlier wrong code's error is stale now.
      toast.dismissErrors();
      toast.success(t(mode === 'mobile' ? 'auth.phoneVerified' : 'auth.emailVerified'));
      await completeSignIn(proof, dispatch, mode === 'email' ? takeSignUpExtras(to) : {});
    } catch (err) {
      showFirebaseError(err);
      setBusy(false);
    }
  }

  async function resend() {
    if (viaFirebase) {
      const { firebaseSendPhoneCode } = await import('./firebase-auth');
      const sent = await firebaseSendPhoneCode(firebase!, to, recaptcha.current!).then(
        () => true,
        (err: unknown) => (showFirebaseError(err), false),
      );
      if (sent) toast.success(t('auth.codeSent'));
      return;
    }
    await (mode === 'mobile' ? api('auth_otp_request', { mobile: to }) : api('auth_email_resend', { email: to }));
    toast.success(t('auth.codeSent'));
  }

  return (
    <AuthCard
      title={t('auth.verifyTitle')}
      subtitle={t(mode === 'mobile' ? 'auth.verifySmsTo' : 'auth.verifyEmailTo', { to })}
    >
      <form className="form" onSubmit={submit}>
        <Field
          label={t('auth.code')}
          testId="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          required
          dir="ltr"
          className="code-input"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={busy || code.length !== 6}
          data-testid="submit"
        >
          {busy ? t('common.wait') : t('auth.verify')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => void resend().catch(() => undefined)}
          data-testid="resend"
        >
          {t('auth.resendCode')}
        </button>
        {viaFirebase && <div ref={recaptcha} />}
      </form>
    </AuthCard>
  );
}
