// The first-run onboarding's state on this device, kept in localStorage: absent — never shown
// here; 'due' — an account was just created here, show it; 'done' — shown (finished or
// skipped), never again on this device. The shell reads it on every start, so this is kept to a
// few lines: the sign-up marks it due (onboarding-flag.ts), the dialog marks it done.
export const ONBOARDING_KEY = 'quizhub.onboarding';

/** True when an account was just created on this device and has not seen the onboarding yet. */
export function onboardingDue(): boolean {
  try {
    return localStorage.getItem(ONBOARDING_KEY) === 'due';
  } catch {
    return false;
  }
}
