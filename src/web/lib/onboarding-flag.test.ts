// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { onboardingDue } from './onboarding-due';
import { onboardingDone, onboardingDueForNewAccount, onboardingState } from './onboarding-flag';

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
    onboardingDone();
    expect(onboardingState()).toBe('done');
    onboardingDueForNewAccount();
    expect(onboardingState()).toBe('done');
    expect(onboardingDue()).toBe(false);
  });

  it('stays done after a reload (kept in localStorage)', () => {
    onboardingDueForNewAccount();
    onboardingDone();
    expect(localStorage.getItem('quizhub.onboarding')).toBe('done');
    expect(onboardingState()).toBe('done');
  });

  it('reads an unknown stored value as never shown', () => {
    localStorage.setItem('quizhub.onboarding', 'maybe');
    expect(onboardingState()).toBeNull();
  });
});
