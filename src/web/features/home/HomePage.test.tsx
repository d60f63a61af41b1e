// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import type { SystemConfigurations } from '../../../core/contract';
import { makeStore } from '../../app/store';
import { settingsLoaded } from '../settings/settings-slice';

vi.mock('../../lib/api-client', () => ({
  api: () => Promise.reject(Object.assign(new Error(), { code: 'network' })),
}));

const { default: HomePage } = await import('./HomePage');

function show(disabled: SystemConfigurations['disabled_modes'] | null) {
  const store = makeStore();
  if (disabled)
    store.dispatch(
      settingsLoaded({
        data: { maintenance_mode: false } as never,
        systemConfig: { disabled_modes: disabled } as unknown as SystemConfigurations,
      }),
    );
  render(
    <Provider store={store}>
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(cleanup);

describe('home’s modes', () => {
  it('offers every mode when none is switched off', () => {
    show(null);
    expect(screen.getAllByTestId(/^mode-/)).toHaveLength(13);
  });

  it('leaves out the modes the operator switched off', () => {
    show(['exam', 'group_battle']);
    expect(screen.queryByTestId('mode-examModule')).toBeNull();
    expect(screen.queryByTestId('mode-groupBattle')).toBeNull();
    expect(screen.getByTestId('mode-quizZone')).toBeTruthy();
    expect(screen.getAllByTestId(/^mode-/)).toHaveLength(11);
  });
});
