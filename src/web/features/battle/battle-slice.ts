import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RoomResult, RoomState, RoundClose, RoundOpen, RoundReady, ServerMessage } from '../../../core/contract';
import type { FollowStatus } from '../../lib/firestore-follow';
import type { LinkStatus } from '../../lib/realtime';

/**
 * The battle on screen, as the server tells it over the live channel: the room, the round now
 * open (never its answer), who has answered it, the last round's answer and the result.
 * Transient: never persisted (a reload joins the room again and the server sends it all).
 */
export interface BattleState {
  link: LinkStatus;
  /** Firebase mode: the room's Firestore document, followed beside the socket ('off' otherwise). */
  mirror: FollowStatus | 'off';
  /** Server clock minus this device's (ms): countdowns run on server deadlines. */
  clockOffsetMs: number;
  /** The room this screen follows. */
  roomId: string | null;
  room: RoomState | null;
  round: RoundOpen | null;
  /**
   * The round announced, its countdown running: its number and times only (its question comes
   * with round_open as it opens). Ahead of `round` while the countdown runs.
   */
  upcoming: RoundReady | null;
  /** The round before (its question is shown in the reveal during the next round's countdown). */
  previous: RoundOpen | null;
  /** Players who have answered the open round. */
  answered: number[];
  /**
   * This player's pick for the open round: the option sent, '' when the server says this player
   * answered but this page does not know which (a reload or a reconnect mid-round), null when
   * not answered.
   */
  picked: string | null;
  /** This player, as the live channel's welcome says. */
  me: number | null;
  /** The last round closed (its answer and everyone's points), until the next one opens. */
  closed: RoundClose | null;
  result: RoomResult | null;
  /** The last refusal of the server on this channel (a code the UI translates). */
  error: { code: string; at: number } | null;
}

const initialState: BattleState = {
  link: 'idle',
  mirror: 'off',
  clockOffsetMs: 0,
  roomId: null,
  room: null,
  round: null,
  upcoming: null,
  previous: null,
  answered: [],
  picked: null,
  me: null,
  closed: null,
  result: null,
  error: null,
};

/** Intentions the realtime middleware carries out (the socket is not state). */
export const battleFollow = createAction<string>('battle/follow');
export const battleAnswer = createAction<{ round: number; question_id: number; answer: string }>('battle/answer');
export const battleUnfollow = createAction('battle/unfollow');

function ofRoom(s: BattleState, roomId: string) {
  return s.roomId !== null && s.roomId === roomId;
}

const STATUS_ORDER: Record<RoomState['status'], number> = { waiting: 0, playing: 1, finished: 2, deleted: 3 };

/** How far a room has come: status first, then round (a room never goes back on either). */
function progress(r: RoomState): number {
  return STATUS_ORDER[r.status] * 1000 + r.round;
}

/**
 * Whether a message from the room's Firestore document adds anything to what the screen holds.
 * The document is written at most once a second and may reach the app before or after the
 * socket says the same: it counts only where it is ahead (a new round, a close, the result,
 * a room further on), or, for the room's seats within one round, while the socket is down.
 * It never takes the room back.
 */
function mirrorAdds(s: BattleState, m: ServerMessage): boolean {
  switch (m.type) {
    case 'room': {
      if (!s.room) return true;
      const [was, now] = [progress(s.room), progress(m.room)];
      return now > was || (now === was && s.link !== 'open');
    }
    case 'round_ready':
      return m.round.round > (s.upcoming?.round ?? 0) && m.round.round > (s.round?.round ?? 0);
    case 'round_open':
      return m.round.round > (s.round?.round ?? 0);
    case 'round_close':
      return m.round.round > (s.closed?.round ?? 0) && !(s.round && s.round.round > m.round.round + 1);
    case 'result':
      return s.result === null;
    default:
      return false;
  }
}

/** A message of the live channel, applied to the battle on screen. */
function said(s: BattleState, m: ServerMessage): void {
  switch (m.type) {
    case 'welcome':
      // A new connection: a pick the server never confirmed may have been lost with the old
      // one; the room's snapshot (sent on joining again) says whether it got through.
      s.me = m.user_id;
      if (s.picked !== null && !s.answered.includes(m.user_id)) s.picked = null;
      return;
    case 'room':
      if (!ofRoom(s, m.room.room_id)) return;
      // A late message (a lagging socket behind the Firestore document) never takes it back.
      if (s.room && progress(m.room) < progress(s.room)) return;
      s.room = m.room;
      if (m.room.status === 'deleted') s.round = s.upcoming = null;
      return;
    case 'round_ready':
      if (!ofRoom(s, m.round.room_id) || m.round.round <= (s.round?.round ?? 0)) return;
      if (s.upcoming && m.round.round < s.upcoming.round) return;
      s.upcoming = m.round;
      return;
    case 'round_open':
      if (!ofRoom(s, m.round.room_id) || (s.round && m.round.round < s.round.round)) return;
      if (s.round?.round !== m.round.round) {
        s.previous = s.round;
        s.answered = [];
        s.picked = null;
        // The reveal stays up through the next round's countdown, gone once it is a new round.
        if (s.closed && s.closed.round < m.round.round - 1) s.closed = null;
      }
      s.round = m.round;
      return;
    case 'answered':
      if (!ofRoom(s, m.room_id) || s.round?.round !== m.round) return;
      if (!s.answered.includes(m.user_id)) s.answered.push(m.user_id);
      if (m.user_id === s.me && s.picked === null) s.picked = '';
      return;
    case 'round_close':
      if (!ofRoom(s, m.round.room_id) || (s.closed && m.round.round < s.closed.round)) return;
      s.closed = m.round;
      return;
    case 'result':
      if (!ofRoom(s, m.result.room_id)) return;
      s.result = m.result;
      return;
    case 'error':
      s.error = { code: m.code, at: Date.now() };
      return;
    default:
      return;
  }
}

const battleSlice = createSlice({
  name: 'battle',
  initialState,
  reducers: {
    linkChanged: (s, a: PayloadAction<LinkStatus>) => {
      s.link = a.payload;
    },
    clockMeasured: (s, a: PayloadAction<number>) => {
      s.clockOffsetMs = a.payload;
    },
    /** This player picked an answer for the open round. */
    answerPicked: (s, a: PayloadAction<{ round: number; answer: string }>) => {
      if (s.round?.round === a.payload.round && s.picked === null) s.picked = a.payload.answer;
    },
    /** The server refused the pick (late, already answered): the buttons come back. */
    pickRefused: (s, a: PayloadAction<{ code: string; at: number }>) => {
      s.picked = null;
      s.error = a.payload;
    },
    mirrorChanged: (s, a: PayloadAction<FollowStatus | 'off'>) => {
      s.mirror = a.payload;
    },
    /** Messages read from the room's Firestore document (Firebase mode): only what moves the room on. */
    mirrorSaid: (s, a: PayloadAction<ServerMessage[]>) => {
      for (const m of a.payload) if (mirrorAdds(s, m)) said(s, m);
    },
    serverSaid: (s, a: PayloadAction<ServerMessage>) => said(s, a.payload),
  },
  extraReducers: (b) => {
    b.addCase(battleFollow, (s, a) => {
      if (s.roomId === a.payload) return;
      return { ...initialState, link: s.link, clockOffsetMs: s.clockOffsetMs, me: s.me, roomId: a.payload };
    });
    b.addCase(battleUnfollow, (s) => ({ ...initialState, link: s.link, clockOffsetMs: s.clockOffsetMs, me: s.me }));
  },
});

export const { linkChanged, clockMeasured, answerPicked, pickRefused, serverSaid, mirrorSaid, mirrorChanged } =
  battleSlice.actions;
export const battleReducer = battleSlice.reducer;

/** The battle's state before the slice has seen an action (a screen's first render). */
export const noBattle: BattleState = initialState;
