import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths';
import { api } from '../../lib/api-client';
import { Field } from '../../ui/Field';
import { MOBILE_RE } from '../../../core/contract/formats';
import { toE164 } from './profile-step';

/** Phone sign-in: country code and number, then a 6-digit code by SMS. */
export function PhoneLoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
      await api('auth_otp_request', { mobile });
      void navigate(`${paths.otpVerify}?mode=mobile&mobile=${encodeURIComponent(mobile)}`);
    } catch {
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
    </form>
  );
}
