// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SystemConfigurations } from '../../../core/contract';
import { testConfig } from './test-config';
import { makeStore } from '../../app/store';
import '../../lib/i18n';

/** The operator's how-to-play text get_settings answers ('' when the call fails). */
let operatorText: string | null = null;
/** The server's built-in demo text rather than the operator's. */
let isDefault = false;
vi.mock('../../lib/api-client', async (actual) => ({
  ...(await actual<typeof import('../../lib/api-client')>()),
  api: () =>
    operatorText === null
      ? Promise.reject(Object.assign(new Error(), { code: 'network' }))
      : Promise.resolve({ type: 'instructions', message: operatorText, is_default: isDefault }),
}));
const { default: HowToPlayPage } = await import('./HowToPlayPage');

/** A configuration whose amounts differ from every default, so a hard-coded figure shows up. */
const config = testConfig(
  { quiz_zone_max_coins: 17, quiz_zone_pass_percentage: 45, lifeline_cost: 7 },
  { random_battle_entry_fee: 23 },
);

afterEach(() => {
  cleanup();
  operatorText = null;
  isDefault = false;
});

function show(c: SystemConfigurations) {
  const store = makeStore({ settings: { data: null, systemConfig: c, status: 'ready', maintenance: false } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/instructions']}>
        <HowToPlayPage />
      </MemoryRouter>
    </Provider>,
  );
}

describe('HowToPlayPage', () => {
  it("shows each mode's amounts from the configuration in effect", () => {
    show(config);
    expect(screen.getByTestId('fact-quiz_zone-levelCoins').textContent).toBe(
      'Up to 17 coins the first time you clear a level',
    );
    expect(screen.getByTestId('fact-quiz_zone-passMark').textContent).toContain('45%');
    expect(screen.getByTestId('fact-quiz_zone-lifelines').textContent).toContain('7 coins each');
    expect(screen.getByTestId('fact-one_vs_one_battle-battleFee').textContent).toContain('23 coins to enter');
  });

  it('lists every mode, each in a section its screen can link to', () => {
    show(config);
    expect(screen.getAllByRole('region').map((s) => s.id)).toEqual([
      'quiz-zone',
      'daily-quiz',
      'true-false',
      'fun-and-learn',
      'guess-the-word',
      'self-challenge',
      'audio-questions',
      'maths-mania',
      'multi-match',
      'exam',
      'contest',
      'one-vs-one-battle',
      'group-battle',
    ]);
  });

  it('leaves out a mode the operator switched off', () => {
    show({ ...config, disabled_modes: ['maths_mania', 'group_battle'] });
    expect(screen.queryByTestId('how-to-maths_mania')).toBeNull();
    expect(screen.queryByTestId('how-to-group_battle')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Maths Mania' })).toBeNull();
    expect(screen.getByTestId('how-to-quiz_zone')).toBeTruthy();
  });

  it("puts the operator's own words first, and the built-in intro when they cannot be had", async () => {
    operatorText = 'Our house rules.\n\nPlay fair.';
    show(config);
    const paragraphs = await screen.findAllByTestId('how-to-operator');
    expect(paragraphs.map((p) => p.textContent)).toEqual(['Our house rules.', 'Play fair.']);
    cleanup();
    operatorText = null;
    show(config);
    await screen.findByText(/./, { selector: '.how-to-intro p:first-child' });
    expect(screen.queryByTestId('how-to-operator')).toBeNull();
    // The server's demo text is not the operator's: the sections say it better.
    cleanup();
    operatorText = 'Demo words.';
    isDefault = true;
    show(config);
    await screen.findByText(/./, { selector: '.how-to-intro p:first-child' });
    expect(screen.queryByText('Demo words.')).toBeNull();
  });
});
