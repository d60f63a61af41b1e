// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from './test-config';
import { OnboardingHost } from '../../app/OnboardingHost';
import { makeStore } from '../../app/store';
import '../../lib/i18n';
import { onboardingDueForNewAccount, onboardingState } from '../../lib/onboarding-flag';

const config = testConfig(
  {
    quiz_zone_max_coins: 17,
    quiz_zone_pass_percentage: 45,
    lifeline_cost: 7,
    welcome_bonus: 12,
    payout_min_coins: 250,
  },
  { random_battle_entry_fee: 23 },
);

// The dialog is a lazy chunk: its module is loaded (and transformed) before any test waits for
// it, so a busy machine's first import is not a test's wait.
beforeAll(() => import('./guide'));

beforeEach(() => {
  localStorage.clear();
  // The interface language is saved on the account: answered, not asked of a real server.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: false, data: {} }), { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show({ signedIn = true } = {}) {
  const base = makeStore().getState();
  const store = makeStore({
    settings: { data: null, systemConfig: config, status: 'ready', maintenance: false },
    auth: signedIn
      ? { ...base.auth, isLogin: true, token: 'token', user: { name: 'Ada' } as typeof base.auth.user }
      : base.auth,
  });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<p>home</p>} />
          <Route path="/quiz-zone" element={<p>quiz zone</p>} />
        </Routes>
        <OnboardingHost />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('first-run onboarding', () => {
  it('shows nothing on a device where no account was created', async () => {
    show();
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('onboarding')).toBeNull();
  });

  it('shows nothing to a guest, even when due', async () => {
    onboardingDueForNewAccount();
    show({ signedIn: false });
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('onboarding')).toBeNull();
  });

  it('is skipped from its first step, and stays skipped', async () => {
    onboardingDueForNewAccount();
    show();
    fireEvent.click(await screen.findByTestId('onboarding-skip'));
    expect(screen.queryByTestId('onboarding')).toBeNull();
    expect(onboardingState()).toBe('done');
    cleanup();
    show();
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('onboarding')).toBeNull();
  });

  it('switches the interface language from its first step', async () => {
    onboardingDueForNewAccount();
    const store = show();
    fireEvent.click(await screen.findByTestId('app-language-ar'));
    expect(store.getState().languages.appLanguage).toBe('ar');
  });

  it('tells the configured coins and pass mark, then "Start playing" opens the quiz zone', async () => {
    onboardingDueForNewAccount();
    show();
    expect((await screen.findByTestId('onboarding')).dataset.step).toBe('languages');
    fireEvent.click(screen.getByTestId('onboarding-next'));
    expect(screen.getByTestId('onboarding-earn').textContent).toContain('up to 17 coins');
    expect(screen.getByTestId('onboarding-earn').textContent).toContain('You start with 12');
    expect(screen.getByTestId('onboarding-spend').textContent).toContain('7 coins each');
    expect(screen.getByTestId('onboarding-spend').textContent).toContain('23 coins');
    expect(screen.getByTestId('onboarding-redeem').textContent).toContain('from 250 coins');
    fireEvent.click(screen.getByTestId('onboarding-next'));
    expect(screen.getByTestId('onboarding-pass').textContent).toContain('45%');
    expect(document.activeElement?.id).toBe('onboarding-title');
    fireEvent.click(screen.getByTestId('onboarding-start'));
    expect(screen.queryByTestId('onboarding')).toBeNull();
    expect(onboardingState()).toBe('done');
    expect(screen.getByText('quiz zone')).toBeTruthy();
  });
});
