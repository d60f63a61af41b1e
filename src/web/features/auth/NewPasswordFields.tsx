import { useTranslation } from '../../lib/use-translation';
import { Field } from '../../ui/Field';

interface Props {
  password: string;
  confirm: string;
  /** Shows "passwords do not match" under the confirmation. */
  mismatch: boolean;
  label: string;
  onPassword: (e: { target: { value: string } }) => void;
  onConfirm: (e: { target: { value: string } }) => void;
}

/** A new password and its confirmation (sign-up and password reset). */
export function NewPasswordFields({ password, confirm, mismatch, label, onPassword, onConfirm }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={label}
        testId="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint={t('auth.passwordHint')}
        value={password}
        onChange={onPassword}
      />
      <Field
        label={t('auth.confirmPassword')}
        testId="confirm-password"
        type="password"
        autoComplete="new-password"
        required
        error={mismatch ? t('auth.passwordsMismatch') : undefined}
        value={confirm}
        onChange={onConfirm}
      />
    </>
  );
}
