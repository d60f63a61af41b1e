import { ONBOARDING_KEY } from './onboarding-due';

// Why the onboarding is shown once per device and per account: only the device that creates an
// account marks it due, so the same account signing in on another device never sees it (per
// account without a server field), and a device that has shown it once does not show it to a
// second account either (per device). States: see onboarding-due.ts.
export type OnboardingState = 'due' | 'done' | null;

/** This device's onboarding state (null also when storage is not available). */
export function onboardingState(): OnboardingState {
  try {
    const v = localStorage.getItem(ONBOARDING_KEY);
    return v === 'due' || v === 'done' ? v : null;
  } catch {
    return null;
  }
}

/** A new account was created on this device: onboarding is due unless this device has shown it. */
export function onboardingDueForNewAccount(): void {
  try {
    if (onboardingState() === null) localStorage.setItem(ONBOARDING_KEY, 'due');
  } catch {
    // No storage (private mode): nothing is remembered and nothing is shown.
  }
}
