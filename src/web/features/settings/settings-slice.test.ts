import { describe, expect, it } from 'vitest';
import type { WebSettings } from '../../../core/contract';
import {
  maintenanceReported,
  settingsFailed,
  settingsLoaded,
  settingsReducer,
  settingsRequested,
  settingsRestored,
} from './settings-slice';

const web = { app_name: 'Q', maintenance_mode: false } as WebSettings;
const init = settingsReducer(undefined, { type: 'init' });

describe('settings slice', () => {
  it('is ready once web settings load', () => {
    const s = settingsReducer(
      settingsReducer(init, settingsRequested()),
      settingsLoaded({ data: web, systemConfig: null }),
    );
    expect(s).toMatchObject({ status: 'ready', maintenance: false, data: { app_name: 'Q' } });
  });

  it('stays not ready when the fetch fails (the loader stays on)', () => {
    expect(settingsReducer(settingsReducer(init, settingsRequested()), settingsFailed()).status).toBe('failed');
  });

  it('turns the maintenance notice on from settings or a 503 reply', () => {
    expect(
      settingsReducer(init, settingsLoaded({ data: { ...web, maintenance_mode: true }, systemConfig: null }))
        .maintenance,
    ).toBe(true);
    expect(settingsReducer(init, maintenanceReported()).maintenance).toBe(true);
  });

  it('restores persisted settings as ready only when there are some', () => {
    expect(settingsReducer(init, settingsRestored()).status).toBe('idle');
    const loaded = { ...init, data: web, status: 'loading' as const };
    expect(settingsReducer(loaded, settingsRestored()).status).toBe('ready');
  });
});
