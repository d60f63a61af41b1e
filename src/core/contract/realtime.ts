import { z } from 'zod';
import type { NotificationView } from './account';
import type { ContestBoard } from './contest';

/**
 * The realtime gateway's messages (WebSocket at `/ws`, JSON text frames), one discriminated
 * union each way. Rooms are server-authoritative: clients send intentions (join, answer,
 * leave); the server sends the room's state, each round's announcement (its number and times,
 * no question) as its countdown starts, its question as it opens (never its answer), its answer
 * as it closes, and the result. A server frame holds one message, or an array of
 * messages of one change in order (a round closing: its answer, the room, the next round):
 * `serverMessages` reads either.
 */

/** A question as a battle shows it: no answer until its round closes. */
export interface LiveQuestion {
  id: number;
  question: string;
  question_type: 'mcq' | 'true_false';
  options: { id: string; text: string }[];
  image: string;
}

export type RoomKind = 'random' | 'friend' | 'bot' | 'group';
export type RoomStatus = 'waiting' | 'playing' | 'finished' | 'deleted';

export interface RoomSeat {
  /** 1..4, the spec's GroupBattle slots. */
  slot: number;
  user_id: number;
  name: string;
  image: string;
  correct: number;
  points: number;
  state: 'connected' | 'disconnected' | 'left';
  is_bot: boolean;
}

/** A seat's own fields, field by field: whatever else its source row carries stays out. */
export function roomSeat(s: RoomSeat): RoomSeat {
  return {
    slot: s.slot,
    user_id: s.user_id,
    name: s.name,
    image: s.image,
    correct: s.correct,
    points: s.points,
    state: s.state,
    is_bot: s.is_bot,
  };
}

export interface RoomState {
  room_id: string;
  kind: RoomKind;
  status: RoomStatus;
  /** Friend and group rooms: the code to share. */
  room_code: string;
  owner_id: number;
  entry_fee: number;
  category: string;
  no_of_que: number;
  max_players: number;
  /** The round now open (1-based), 0 before the first. */
  round: number;
  seats: RoomSeat[];
  // The spec's GroupBattle fields (§3), derived from the above; the server always sends them
  // (optional only so that hand-made room states in client tests need not spell them out).
  /** The battle has started (status `playing`). */
  readytoplay?: boolean;
  /** Players still in the room (seats not `left`). */
  totalusers?: number;
  /** The scores are final and may be shown (status `finished`). */
  showScore?: boolean;
}

/**
 * A round announced: its countdown runs until `opens_at`. Its question stays on the server until
 * then (a question seen early could be looked up: issue 20 §2); `round_open` brings it.
 */
export interface RoundReady {
  room_id: string;
  round: number;
  /** Server instants (ISO); the round opens when its question is sent, at `opens_at` or just after. */
  opens_at: string;
  deadline: string;
}

/** A round open: its question, sent as the round opens (never before, never with its answer). */
export interface RoundOpen {
  room_id: string;
  round: number;
  question: LiveQuestion;
  /** Server instants (ISO): the client shows a countdown corrected by its clock offset. */
  opens_at: string;
  deadline: string;
}

export interface RoundClose {
  room_id: string;
  round: number;
  question_id: number;
  answer: string;
  /** Each seat's answer this round and what it scored. */
  answers: { user_id: number; answer: string | null; correct: boolean; points: number }[];
}

export interface RoomResult {
  room_id: string;
  standings: {
    user_id: number;
    rank: number;
    points: number;
    correct: number;
    result: 'win' | 'lose' | 'draw';
    payout: number;
    /** Random battles: the player's random battles won back to back, this one included. */
    win_streak?: number;
    /** Badges this battle unlocked for the player (e.g. `quiz_warrior`). */
    badges?: string[];
  }[];
}

/** Client → server. */
export type ClientMessage =
  | { type: 'hello'; token: string }
  | { type: 'ping'; t: number }
  /**
   * Subscribes the socket to a room the user has a seat in; answered with the room and, while
   * playing, the round now open (or, during a countdown, its announcement without its question). After a reconnect (a new socket, `hello` first) sending `join`
   * again resumes the seat: within `reconnect_grace_seconds` of the drop it is `connected` again
   * (everyone gets the room); later the seat is `left` for good. A seat dropped in a waiting
   * random room is not matched until its creator is back.
   */
  | { type: 'join'; room_id: string }
  | { type: 'answer'; room_id: string; round: number; question_id: number; answer: string }
  | { type: 'leave'; room_id: string }
  /**
   * Follows a contest's leaderboard: answered with the board now, then a `contest_board` each
   * time it changes (at most a few a second), until `unwatch_contest` or the socket closes.
   */
  | { type: 'watch_contest'; contest_id: number }
  | { type: 'unwatch_contest'; contest_id: number }
  /**
   * Follows the player's own account until the socket closes: answered with where it stands (a
   * `coins` with the balance and the last ledger id, then `notifications` with the unread count),
   * then a `coins` after each coin movement and a `notifications` with each new notification they
   * can see. Sent again after a reconnect, it makes up for what was missed meanwhile.
   */
  | { type: 'watch_account' };

/** Server → client. */
export type ServerMessage =
  | { type: 'welcome'; user_id: number; server_time: string }
  | { type: 'pong'; t: number; server_time: string }
  | { type: 'error'; code: string; message: string }
  /**
   * Over a limit of the gateway (too many sockets from this address, or too many messages on
   * this socket): the socket is closed next (1008, policy violation); come back after
   * `retry_after_s`.
   */
  | { type: 'rate_limited'; reason: 'sockets_per_ip' | 'message_budget'; retry_after_s: number }
  | { type: 'room'; room: RoomState }
  | { type: 'round_ready'; round: RoundReady }
  | { type: 'round_open'; round: RoundOpen }
  | { type: 'round_close'; round: RoundClose }
  | { type: 'answered'; room_id: string; round: number; user_id: number }
  | { type: 'result'; result: RoomResult }
  /** A contest's leaderboard, top entries (`me` is always null here: ask get_contest_leaderboard). */
  | { type: 'contest_board'; board: ContestBoard }
  /**
   * The player's coin balance after a movement of their ledger (any reason: a reward, a fee, a
   * refund, a payout), sent to each of their sockets once it has committed, and as it stands on
   * `watch_account`. `ledger_id` grows with each movement (0: none yet): a balance of a lower one
   * is older than one already shown.
   */
  | { type: 'coins'; coins: number; ledger_id: number }
  /**
   * The player's unread count: on `watch_account`, and with `latest` whenever a notification they can see
   * is made (their own, or one to everyone or to their language).
   */
  | { type: 'notifications'; unread: number; latest: NotificationView | null };

export const CLIENT_MESSAGE_TYPES = [
  'hello',
  'ping',
  'join',
  'answer',
  'leave',
  'watch_contest',
  'unwatch_contest',
  'watch_account',
] as const;

const contestId = z.number().int().min(1).max(2_147_483_647);

const roomId = z.uuid({ error: 'must be a room id' });

/** Client messages as the server accepts them (anything else is answered with an error). */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('ping'), t: z.number().finite() }),
  z.object({ type: z.literal('join'), room_id: roomId }),
  z.object({
    type: z.literal('answer'),
    room_id: roomId,
    round: z.number().int().min(1).max(100),
    question_id: z.number().int().min(1).max(2_147_483_647),
    answer: z.string().min(1).max(16),
  }),
  z.object({ type: z.literal('leave'), room_id: roomId }),
  z.object({ type: z.literal('watch_contest'), contest_id: contestId }),
  z.object({ type: z.literal('unwatch_contest'), contest_id: contestId }),
  z.object({ type: z.literal('watch_account') }),
]);

/** The messages of one server frame, in order (a frame holds one message or an array of them). */
export function serverMessages(frame: string): ServerMessage[] {
  const v = JSON.parse(frame) as ServerMessage | ServerMessage[];
  return Array.isArray(v) ? v : [v];
}
