import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectWebSettings } from '../../app/selectors';
import { api } from '../../lib/api-client';
import { Field } from '../../ui/Field';
import { MOBILE_RE } from '../../../core/contract/formats';
import { toE164 } from './profile-step';
import { showFirebaseError } from './show-firebase-error';

/** Phone sign-in: country code and number, then a 6-digit code by SMS (Firebase's in Firebase mode). */
export function PhoneLoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const firebase = useAppSelector(selectWebSettings)?.auth.firebase ?? null;
  // Where Firebase draws its invisible reCAPTCHA.
  const recaptcha = useRef<HTMLDivElement>(null);
  const [cc, setCc] = useState('+1');
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const mobile = toE164(cc, number);
    if (!MOBILE_RE.test(mobile)) {
      setError(t('auth.mobileInvalid'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      if (firebase) {
        const { firebaseSendPhoneCode } = await import('./firebase-auth');
        await firebaseSendPhoneCode(firebase, mobile, recaptcha.current!);
      } else {
        await api('auth_otp_request', { mobile });
      }
      void navigate(`${paths.otpVerify}?mode=mobile&mobile=${encodeURIComponent(mobile)}`);
    } catch (err) {
      showFirebaseError(err);
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit}>
      <div className="phone-row">
        <Field
          label={t('auth.countryCode')}
          testId="country-code"
          inputMode="tel"
          autoComplete="tel-country-code"
          value={cc}
          onChange={(e) => setCc(e.target.value)}
          className="cc-input"
          dir="ltr"
        />
        <Field
          label={t('auth.mobile')}
          testId="mobile"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
          dir="ltr"
          value={number}
          error={error}
          onChange={(e) => setNumber(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="submit">
        {busy ? t('common.wait') : t('auth.sendCode')}
      </button>
      {firebase && <div ref={recaptcha} />}
    </form>
  );
}
