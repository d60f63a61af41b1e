// The battle room's document in Firestore (Firebase mode), as the server writes it
// (src/server/realtime/firestore-sink.ts), and how a player's app following it turns it back
// into the live channel's messages (the app's listener is still to come; the sink's tests
// follow a real battle through it).
import type { RoomResult, RoomSeat, RoomState, RoundClose, RoundOpen, RoundReady, ServerMessage } from './realtime';

/** The room document's fields an app reads (what the server writes; anything else is ignored). */
export interface RoomDoc {
  room_id?: string;
  kind?: RoomState['kind'];
  status?: RoomState['status'];
  round?: number;
  no_of_que?: number;
  entry_fee?: number;
  max_players?: number;
  category?: string;
  owner_id?: number;
  seats?: RoomSeat[];
  /** The round announced, its countdown running (no question until it opens). */
  next_round?: Omit<RoundReady, 'room_id'> | null;
  open_round?: Omit<RoundOpen, 'room_id'> | null;
  last_close?: Omit<RoundClose, 'room_id'> | null;
  result?: RoomResult | null;
}

/** What a follower has already passed on, so that a snapshot repeats nothing. */
export interface RoomSeen {
  state?: string;
  ready?: number;
  open?: number;
  close?: number;
  result?: boolean;
}

/**
 * The messages a snapshot of the room document adds to what was `seen` (updated): its state,
 * the last closed round, the round announced, the open round, the result, in the order the
 * socket would have said them. A document without the fields a state needs gives nothing.
 */
export function roomDocMessages(roomId: string, d: RoomDoc | undefined, seen: RoomSeen): ServerMessage[] {
  if (!d || !d.kind || !d.status || !Array.isArray(d.seats)) return [];
  const out: ServerMessage[] = [];
  const seats = d.seats;
  const state: RoomState = {
    room_id: roomId,
    kind: d.kind,
    status: d.status,
    // Shared only with the room's own players, by the server's API: not in the public document.
    room_code: '',
    owner_id: d.owner_id ?? 0,
    entry_fee: d.entry_fee ?? 0,
    category: d.category ?? '',
    no_of_que: d.no_of_que ?? 0,
    max_players: d.max_players ?? seats.length,
    round: d.round ?? 0,
    seats,
    readytoplay: d.status === 'playing',
    totalusers: seats.filter((s) => s.state !== 'left').length,
    showScore: d.status === 'finished',
  };
  const key = JSON.stringify(state);
  if (key !== seen.state) {
    seen.state = key;
    out.push({ type: 'room', room: state });
  }
  const c = d.last_close;
  if (c && c.round !== seen.close) {
    seen.close = c.round;
    out.push({ type: 'round_close', round: { ...c, room_id: roomId } });
  }
  const n = d.next_round;
  if (n && n.round !== seen.ready && n.round > (seen.open ?? 0)) {
    seen.ready = n.round;
    out.push({ type: 'round_ready', round: { ...n, room_id: roomId } });
  }
  const o = d.open_round;
  if (o && o.round !== seen.open) {
    seen.open = o.round;
    out.push({ type: 'round_open', round: { ...o, room_id: roomId } });
  }
  if (d.result && !seen.result) {
    seen.result = true;
    out.push({ type: 'result', result: d.result });
  }
  return out;
}
