import { createSlice, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import type { SystemConfigurations, WebSettings } from '../../../core/contract';

export interface SettingsState {
  data: WebSettings | null;
  systemConfig: SystemConfigurations | null;
  /** 'failed' keeps the full-screen loader on (spec §8). */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Set by web settings or by any 503 `maintenance` reply. */
  maintenance: boolean;
}

const initialState: SettingsState = { data: null, systemConfig: null, status: 'idle', maintenance: false };

const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    settingsRequested: (s) => {
      s.status = 'loading';
    },
    settingsLoaded: (s, a: PayloadAction<{ data: WebSettings; systemConfig: SystemConfigurations | null }>) => {
      s.data = a.payload.data;
      // Plain data from the server; the rules' readonly arrays are not mutated here.
      if (a.payload.systemConfig) s.systemConfig = a.payload.systemConfig as Draft<SystemConfigurations>;
      s.status = 'ready';
      s.maintenance = a.payload.data.maintenance_mode;
    },
    /** This session reuses the persisted settings without a fetch. */
    settingsRestored: (s) => {
      s.status = s.data ? 'ready' : s.status;
    },
    settingsFailed: (s) => {
      s.status = 'failed';
    },
    maintenanceReported: (s) => {
      s.maintenance = true;
    },
  },
});

export const { settingsRequested, settingsLoaded, settingsRestored, settingsFailed, maintenanceReported } =
  settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;
