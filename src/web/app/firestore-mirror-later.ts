// Firebase mode's live follow as the app's screens start it: at once, while Firebase's SDK and
// the follower (firestore-mirror, loaded on first use) come in. The stop answered works before
// the follow has started too, and nothing is heard after it. In app/ because it joins features:
// battle and contest follow through the auth feature's Firebase session (auth/firestore-mirror).
import type { ContestBoard, FirebaseWebConfig, ServerMessage } from '../../core/contract';
import type { FollowStatus } from '../lib/firestore-follow';

type Mirror = typeof import('../features/auth/firestore-mirror');

/** `failed`: the SDK could not load (offline); the socket carries everything then. */
function later(start: (m: Mirror, live: () => boolean) => Promise<() => void>, failed: () => void): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  const live = () => !stopped;
  void import('../features/auth/firestore-mirror')
    .then((m) => start(m, live))
    .then(
      (s) => (stopped ? s() : (stop = s)),
      () => {
        if (!stopped) failed();
      },
    );
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Follows a battle room's document: its messages, and the follow's status. */
export function mirrorRoomLater(
  config: FirebaseWebConfig,
  roomId: string,
  on: { messages(m: ServerMessage[]): void; status(s: FollowStatus): void },
  failed: () => void,
): () => void {
  return later(
    (m, live) =>
      m.mirrorRoom(config, roomId, {
        messages: (x) => live() && on.messages(x),
        status: (s) => live() && on.status(s),
      }),
    failed,
  );
}

/** Follows a contest board's document. */
export function mirrorContestLater(
  config: FirebaseWebConfig,
  contestId: number,
  on: { board(b: ContestBoard): void },
): () => void {
  return later(
    (m, live) => m.mirrorContest(config, contestId, { board: (b) => live() && on.board(b), status: () => undefined }),
    () => undefined,
  );
}
