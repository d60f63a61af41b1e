import type { ServerMessage } from '../../core/contract';
import type { RoomBus } from './bus';

export const roomChannel = (roomId: string) => `room:${roomId}`;
export const contestChannel = (contestId: number) => `contest:${contestId}`;

/**
 * Somewhere live messages go once their transaction has committed: a battle room's, and a
 * contest leaderboard's. The WebSocket fan-out is one; a live sync of their public state
 * (ARCHITECTURE.md §6, Firestore: a document per room, per contest board) plugs in as another
 * without touching the room or contest logic.
 */
export interface RoomEventSink {
  /** Delivers a room's messages in order; rejects when they could not be delivered. */
  publish(roomId: string, events: readonly ServerMessage[]): Promise<void>;
  /** Delivers a contest's leaderboard messages in order. */
  publishContest(contestId: number, events: readonly ServerMessage[]): Promise<void>;
}

/**
 * The WebSocket fan-out: one change's messages as one bus message on the room's channel (a JSON
 * array when there are several), heard by the room's sockets on every node as one frame — a
 * round closing is one write to each socket, not three.
 */
export class BusSink implements RoomEventSink {
  constructor(private readonly bus: RoomBus) {}

  publish(roomId: string, events: readonly ServerMessage[]): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    return this.bus.publish(roomChannel(roomId), JSON.stringify(events.length === 1 ? events[0] : events));
  }

  publishContest(contestId: number, events: readonly ServerMessage[]): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    return this.bus.publish(contestChannel(contestId), JSON.stringify(events.length === 1 ? events[0] : events));
  }
}
