import { lazy, Suspense } from 'react';
import { onboardingDue } from '../lib/onboarding-due';
import { useAppSelector } from './hooks';
import { selectIsLogin } from './selectors';

// The onboarding is its own chunk: only a new account's first visit ever loads it.
const OnboardingDialog = lazy(() => import('../features/pages/guide'));

/**
 * Shows the first-run onboarding to a signed-in player whose account was just created on this
 * device (the sign-up marks it due before it signs the player in, so this renders again then).
 */
export function OnboardingHost() {
  const isLogin = useAppSelector(selectIsLogin);
  return isLogin && onboardingDue() ? (
    <Suspense fallback={null}>
      <OnboardingDialog />
    </Suspense>
  ) : null;
}
