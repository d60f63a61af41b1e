// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { ONBOARDING_KEY, onboardingDue } from './onboarding-due';
import { onboardingDueForNewAccount, onboardingState } from './onboarding-flag';

describe('onboarding flag', () => {
  beforeEach(() => localStorage.clear());

  it('is not due on a device where no account was created', () => {
    expect(onboardingState()).toBeNull();
  });

  it('is due once a new account is created on this device', () => {
    onboardingDueForNewAccount();
    expect(onboardingState()).toBe('due');
    expect(onboardingDue()).toBe(true);
  });

  it('is shown once: after it is done (finished or skipped) a later new account does not bring it back', () => {
    onboardingDueForNewAccount();
    // As the dialog marks it when finished or skipped (OnboardingDialog.test.tsx).
    localStorage.setItem(ONBOARDING_KEY, 'done');
    expect(onboardingState()).toBe('done');
    onboardingDueForNewAccount();
    expect(onboardingState()).toBe('done');
    expect(onboardingDue()).toBe(false);
  });

  it('reads an unknown stored value as never shown', () => {
    localStorage.setItem('quizhub.onboarding', 'maybe');
    expect(onboardingState()).toBeNull();
  });
});
