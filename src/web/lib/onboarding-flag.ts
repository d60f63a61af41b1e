// The first-run onboarding's state on this device (issue 22, first run), kept in localStorage:
// absent — never shown here; 'due' — an account was just created here, show it; 'done' — shown
// (finished or skipped), never again on this device. Only the device that creates an account
// marks it due, so the same account signing in on another device never sees it (per account
// without a server field), and a device that has shown it once does not show it to a second
// account either (per device).
const KEY = 'quizhub.onboarding';
export type OnboardingState = 'due' | 'done' | null;

const listeners = new Set<() => void>();

function read(): OnboardingState {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'due' || v === 'done' ? v : null;
  } catch {
    return null;
  }
}

function write(v: 'due' | 'done'): void {
  try {
    localStorage.setItem(KEY, v);
  } catch {
    // No storage (private mode): nothing is remembered and nothing is shown.
  }
  listeners.forEach((l) => l());
}

/** This device's onboarding state. */
export function onboardingState(): OnboardingState {
  return read();
}

/** A new account was created on this device: onboarding is due unless this device has shown it. */
export function onboardingDueForNewAccount(): void {
  if (read() === null) write('due');
}

/** The player finished or skipped the onboarding: it never shows again on this device. */
export function onboardingDone(): void {
  write('done');
}

/** Subscribes to changes of the state (for useSyncExternalStore). */
export function subscribeOnboarding(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}
