import { createAction, type Middleware } from '@reduxjs/toolkit';
import type { RealtimeSocket } from '../lib/realtime';
import { coinsChanged, loggedOut } from './events';
import { ledgerMoved, notificationsHeard, serverClockMeasured, type LiveState } from './live-slice';
import { endSession } from './session';

/** The app is on screen: the account feed may run (stores built by tests never open a socket). */
export const accountFeedWanted = createAction('live/accountFeedWanted');

interface Slice {
  auth: { token: string | null };
  live: LiveState;
}

/**
 * The player's account, live (issue 21 §7): while signed in, one socket of the live channel
 * (lib/realtime, loaded after the first screen) follows the account, so a coin movement made
 * anywhere — a refund, a prize, a payout — moves the coin badge, and a notification reaches the
 * bell and the list, without a reload. Its pings also give the server's clock to screens that
 * switch on a server instant (a contest starting). Stopped on logout.
 */
export const accountFeedMiddleware: Middleware<object, Slice> = (api) => {
  let socket: RealtimeSocket | null = null;
  let token: string | null = null;
  let generation = 0;
  let wanted = false;

  const stop = () => {
    generation++;
    socket?.stop();
    socket = null;
    token = null;
  };

  const start = (t: string) => {
    token = t;
    const mine = ++generation;
    void import('../lib/realtime').then(({ RealtimeSocket, gatewayUrl }) => {
      if (mine !== generation) return;
      socket = new RealtimeSocket(gatewayUrl(), () => api.getState().auth.token, {
        message: (m) => {
          if (m.type === 'coins') {
            // A balance older than one applied is not shown (a snapshot read just before a push).
            if (m.ledger_id < api.getState().live.ledgerId) return;
            api.dispatch(ledgerMoved({ coins: m.coins, ledger_id: m.ledger_id }));
            api.dispatch(coinsChanged(m.coins));
          } else if (m.type === 'notifications') {
            api.dispatch(notificationsHeard({ unread: m.unread, latest: m.latest }));
          }
        },
        status: () => undefined,
        clockOffset: (ms) => api.dispatch(serverClockMeasured(ms)),
        unauthorized: () => endSession(api.dispatch),
      });
      socket.start();
      socket.watchAccount();
    });
  };

  return (next) => (action) => {
    const out = next(action);
    if (accountFeedWanted.match(action)) wanted = true;
    if (!wanted) return out;
    if (loggedOut.match(action)) {
      stop();
      return out;
    }
    const now = api.getState().auth.token;
    // Signed in (or rehydrated signed in), or another account's token: one socket, the token's.
    if (now !== token) {
      stop();
      if (now) start(now);
    }
    return out;
  };
};
