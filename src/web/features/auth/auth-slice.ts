import { createSlice } from '@reduxjs/toolkit';
import type { UserRecord } from '../../../core/contract';
import { coinScoreChanged, coinsChanged, loggedIn, loggedOut, profileChanged } from '../../app/events';
import { capitalizeName } from '../../lib/display-name';

export interface AuthState {
  user: UserRecord | null;
  token: string | null;
  isLogin: boolean;
}

const initialState: AuthState = { user: null, token: null, isLogin: false };

export { capitalizeName };

function withoutToken(user: UserRecord): UserRecord {
  // The token lives once, in `token`; it is not kept twice in the record.
  const { api_token: _drop, ...rest } = user;
  return rest;
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {},
  extraReducers: (b) => {
    b.addCase(loggedIn, (_s, { payload }) => ({
      user: { ...withoutToken(payload.user), name: capitalizeName(payload.user.name) },
      token: payload.token,
      isLogin: true,
    }));
    b.addCase(loggedOut, () => initialState);
    b.addCase(profileChanged, (s, { payload }) => {
      // A refreshed record keeps the spec's capitalised name, as at login.
      if (s.user) s.user = { ...withoutToken(payload), name: capitalizeName(payload.name) };
    });
    b.addCase(coinScoreChanged, (s, { payload }) => {
      if (!s.user) return;
      s.user.coins = payload.coins;
      s.user.all_time_score = payload.all_time_score;
    });
    b.addCase(coinsChanged, (s, { payload }) => {
      if (s.user) s.user.coins = payload;
    });
  },
});

export const authReducer = authSlice.reducer;
