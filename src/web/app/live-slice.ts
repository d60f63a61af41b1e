import { createAction, createSlice } from '@reduxjs/toolkit';
import type { NotificationView } from '../../core/contract';
import { loggedOut } from './events';

/** What the server pushes about the player's own account (issue 21 §7), not persisted. */
export interface LiveState {
  /** Unread notifications, as the server last said; null until it has. */
  unread: number | null;
  /** Notifications that arrived while the app was open, newest first (the list merges them). */
  arrived: NotificationView[];
  /** The last ledger movement whose balance was applied: an older one is not applied after it. */
  ledgerId: number;
  /** The server clock minus this device's (ms), from the live channel's pings; null until measured. */
  clockOffsetMs: number | null;
}

const initialState: LiveState = { unread: null, arrived: [], ledgerId: 0, clockOffsetMs: null };

/** The server said the unread count, with the notification just made if one was. */
export const notificationsHeard = createAction<{ unread: number; latest: NotificationView | null }>(
  'live/notificationsHeard',
);
/** The player read notifications here: the server answered the unread count left. */
export const notificationsRead = createAction<number>('live/notificationsRead');
/** The server said a ledger movement's balance (the coin badge follows through coinsChanged). */
export const ledgerMoved = createAction<{ coins: number; ledger_id: number }>('live/ledgerMoved');
/** A better estimate of the server's clock. */
export const serverClockMeasured = createAction<number>('live/serverClockMeasured');

/** Arrivals kept for the list (the page loads the rest). */
const KEEP = 50;

const liveSlice = createSlice({
  name: 'live',
  initialState,
  reducers: {},
  extraReducers: (b) => {
    b.addCase(notificationsHeard, (s, { payload }) => {
      s.unread = payload.unread;
      const n = payload.latest;
      if (n && !s.arrived.some((x) => x.id === n.id)) s.arrived = [n, ...s.arrived].slice(0, KEEP);
    });
    b.addCase(notificationsRead, (s, { payload }) => {
      s.unread = payload;
    });
    b.addCase(ledgerMoved, (s, { payload }) => {
      s.ledgerId = Math.max(s.ledgerId, payload.ledger_id);
    });
    b.addCase(serverClockMeasured, (s, { payload }) => {
      s.clockOffsetMs = payload;
    });
    b.addCase(loggedOut, () => initialState);
  },
});

export const liveReducer = liveSlice.reducer;
