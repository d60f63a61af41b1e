import type { Middleware } from '@reduxjs/toolkit';
import { loggedOut } from '../../app/events';
import { endSession } from '../../app/session';
import type { RealtimeSocket } from '../../lib/realtime';
import { firebaseSessionConfig } from '../../lib/firebase-session';
import { mirrorRoomLater } from '../../app/firestore-mirror-later';
import {
  answerPicked,
  battleAnswer,
  battleFollow,
  battleUnfollow,
  clockMeasured,
  linkChanged,
  mirrorChanged,
  mirrorSaid,
  pickRefused,
  serverSaid,
  type BattleState,
} from './battle-slice';

interface Slice {
  /** Undefined until the first action after battle-store.ts has injected the slice. */
  battle?: BattleState;
  auth: { token: string | null };
}

/**
 * The live channel, wired through Redux: components dispatch intentions (follow a room, answer,
 * leave) and read the battle slice; this middleware owns the socket (loaded on first use, so it
 * stays out of the first download), turns server messages into actions, and closes the socket
 * when no room is followed or the session ends. In Firebase mode it also follows the room's
 * Firestore document (loaded on first use): whichever path brings a change first moves the room
 * on (the slice keeps the document from taking it back), so a room goes on while the socket is
 * down, and the socket alone carries it when Firestore does not answer. Answers go by the socket.
 */
export const battleMiddleware: Middleware<object, Slice> = (api) => {
  let socket: RealtimeSocket | null = null;
  let loading: Promise<RealtimeSocket | null> | null = null;
  /**
   * Bumped by every shutdown: the adapter loads asynchronously, and a shutdown that comes
   * first (a room followed, then left, before the import resolved) must win. A load or a
   * follow from an earlier generation makes no socket and starts none.
   */
  let generation = 0;

  const ensure = () => {
    const mine = generation;
    loading ??= import('../../lib/realtime').then(({ RealtimeSocket, gatewayUrl }) => {
      if (mine !== generation) return null;
      socket = new RealtimeSocket(gatewayUrl(), () => api.getState().auth.token, {
        message: (m) => api.dispatch(serverSaid(m)),
        status: (s) => api.dispatch(linkChanged(s)),
        clockOffset: (ms) => api.dispatch(clockMeasured(ms)),
        unauthorized: () => endSession(api.dispatch),
      });
      return socket;
    });
    return loading;
  };

  /** Stops following the room's Firestore document (Firebase mode). */
  let stopMirror: (() => void) | null = null;

  const mirror = (roomId: string) => {
    stopMirror?.();
    stopMirror = null;
    const config = firebaseSessionConfig();
    if (!config) return;
    api.dispatch(mirrorChanged('connecting'));
    const stop = mirrorRoomLater(
      config,
      roomId,
      { messages: (m) => api.dispatch(mirrorSaid(m)), status: (s) => api.dispatch(mirrorChanged(s)) },
      () => api.dispatch(mirrorChanged('unreachable')),
    );
    stopMirror = () => {
      stop();
      api.dispatch(mirrorChanged('off'));
    };
  };

  const shutdown = () => {
    generation++;
    stopMirror?.();
    stopMirror = null;
    socket?.stop();
    socket = null;
    loading = null;
  };

  return (next) => (action) => {
    const before = api.getState().battle?.roomId ?? null;
    const out = next(action);
    if (battleFollow.match(action)) {
      const id = action.payload;
      const mine = generation;
      if (before !== id || !stopMirror) mirror(id);
      void ensure().then((s) => {
        if (!s || mine !== generation) return;
        if (before && before !== id) s.forget(before);
        s.start();
        s.join(id);
      });
    } else if (battleAnswer.match(action)) {
      const id = api.getState().battle?.roomId;
      if (!id) return out;
      api.dispatch(answerPicked({ round: action.payload.round, answer: action.payload.answer }));
      const sent = socket?.send({ type: 'answer', room_id: id, ...action.payload }) ?? false;
      if (!sent) api.dispatch(pickRefused({ code: 'network', at: Date.now() }));
    } else if (battleUnfollow.match(action)) {
      if (before) socket?.forget(before);
      shutdown();
    } else if (loggedOut.match(action)) {
      shutdown();
    }
    return out;
  };
};
