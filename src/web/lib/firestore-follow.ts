// Firebase mode's second live path (ARCHITECTURE.md §6): the documents the server writes to
// Firestore for each battle room and contest board (src/server/realtime/firestore-sink.ts),
// followed with `onSnapshot`. Written for the app and for Node alike (no DOM): the Firestore
// emulator tests run this very module in Node against the server's writes.
import { doc, onSnapshot, type Firestore } from 'firebase/firestore';
import type { ContestBoard, ServerMessage } from '../../core/contract';
import { roomDocMessages, type RoomDoc, type RoomSeen } from '../../core/contract/firestore-room';

/**
 * `connecting` until Firestore's backend answers; `live` while it does; `unreachable` when it did
 * not answer in time, or refused (rules, quota): the follower then lets go and tries again later,
 * and the WebSocket alone carries the room meanwhile.
 */
export type FollowStatus = 'connecting' | 'live' | 'unreachable';

export interface FollowOptions {
  /** How long Firestore's backend has to answer before the follower counts it unreachable. */
  answerWithinMs?: number;
  /** Waits before trying again after each failure in a row (the last one repeats). */
  retryMs?: readonly number[];
}

export const ANSWER_WITHIN_MS = 8_000;
export const RETRY_MS = [5_000, 15_000, 60_000] as const;

type Data = Record<string, unknown> | undefined;

/**
 * Follows one document: `data` hears each version the backend confirms (never one read from
 * the SDK's cache alone, which may be older than what the socket said), `status` each change of
 * the link. Returns the stop.
 */
export function followDoc(
  db: Firestore,
  path: [string, ...string[]],
  on: { data(d: Data): void; status(s: FollowStatus): void },
  opts: FollowOptions = {},
): () => void {
  const answerWithinMs = opts.answerWithinMs ?? ANSWER_WITHIN_MS;
  const retryMs = opts.retryMs?.length ? opts.retryMs : RETRY_MS;
  let stopped = false;
  let failures = 0;
  let status: FollowStatus | null = null;
  let unsubscribe: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const say = (s: FollowStatus) => {
    if (s !== status && !stopped) on.status((status = s));
  };
  const detach = () => {
    clearTimeout(timer);
    unsubscribe?.();
    unsubscribe = null;
  };
  const fail = () => {
    if (stopped) return;
    detach();
    say('unreachable');
    const wait = retryMs[Math.min(failures, retryMs.length - 1)]!;
    failures++;
    timer = setTimeout(attach, wait);
  };
  const attach = () => {
    if (stopped) return;
    say('connecting');
    timer = setTimeout(fail, answerWithinMs);
    const [first, ...rest] = path;
    unsubscribe = onSnapshot(
      doc(db, first, ...rest),
      { includeMetadataChanges: true },
      (snap) => {
        if (stopped || snap.metadata.fromCache) return;
        clearTimeout(timer);
        failures = 0;
        say('live');
        on.data(snap.data());
      },
      () => fail(),
    );
  };

  attach();
  return () => {
    stopped = true;
    detach();
  };
}

/** A battle room's document, read back as the live channel's messages (each said once). */
export function followRoom(
  db: Firestore,
  roomId: string,
  on: { messages(m: ServerMessage[]): void; status(s: FollowStatus): void },
  opts?: FollowOptions,
): () => void {
  const seen: RoomSeen = {};
  return followDoc(
    db,
    ['rooms', roomId],
    {
      data: (d) => {
        const m = roomDocMessages(roomId, d as RoomDoc | undefined, seen);
        if (m.length) on.messages(m);
      },
      status: on.status,
    },
    opts,
  );
}

function isBoard(b: unknown, contestId: number): b is ContestBoard {
  const v = b as Partial<ContestBoard> | null;
  return typeof v === 'object' && v !== null && v.contest_id === contestId && Array.isArray(v.entries);
}

/** A contest's board document: each new top of the board (`me` stays null, as on the socket). */
export function followContest(
  db: Firestore,
  contestId: number,
  on: { board(b: ContestBoard): void; status(s: FollowStatus): void },
  opts?: FollowOptions,
): () => void {
  let last = '';
  return followDoc(
    db,
    ['contests', String(contestId)],
    {
      data: (d) => {
        const b = d?.board;
        if (!isBoard(b, contestId)) return;
        const key = JSON.stringify(b);
        if (key === last) return;
        last = key;
        on.board({ ...b, me: null });
      },
      status: on.status,
    },
    opts,
  );
}
