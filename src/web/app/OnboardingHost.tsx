import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { onboardingState, subscribeOnboarding } from '../lib/onboarding-flag';
import { useAppSelector } from './hooks';
import { paths } from './paths';
import { selectIsLogin } from './selectors';

// The onboarding is its own chunk: only a new account's first visit ever loads it.
const OnboardingDialog = lazy(() => import('../features/onboarding/OnboardingDialog'));

/** Shows the first-run onboarding to a signed-in player whose account was just created here. */
export function OnboardingHost() {
  const isLogin = useAppSelector(selectIsLogin);
  const state = useSyncExternalStore(subscribeOnboarding, onboardingState, () => null);
  const { pathname } = useLocation();
  if (!isLogin || state !== 'due' || pathname.startsWith(paths.admin)) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingDialog />
    </Suspense>
  );
}
