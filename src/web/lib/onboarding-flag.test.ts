// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onboardingDone, onboardingDueForNewAccount, onboardingState, subscribeOnboarding } from './onboarding-flag';

describe('onboarding flag', () => {
  beforeEach(() => localStorage.clear());

  it('is not due on a device where no account was created', () => {
    expect(onboardingState()).toBeNull();
  });

  it('is due once a new account is created on this device, and tells its subscribers', () => {
    const changed = vi.fn();
    const stop = subscribeOnboarding(changed);
    onboardingDueForNewAccount();
    stop();
    expect(onboardingState()).toBe('due');
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('is shown once: after it is done (finished or skipped) a later new account does not bring it back', () => {
    onboardingDueForNewAccount();
    onboardingDone();
    expect(onboardingState()).toBe('done');
    onboardingDueForNewAccount();
    expect(onboardingState()).toBe('done');
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
