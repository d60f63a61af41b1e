import type { ServerMessage } from '../../core/contract';
import type { RoomBus } from './bus';

export const roomChannel = (roomId: string) => `room:${roomId}`;

/**
 * Somewhere a room's messages go once their transaction has committed. The WebSocket fan-out is
 * one; a live sync of each room's public state (ARCHITECTURE.md §6, Firestore) plugs in as
 * another without touching the room logic.
 */
export interface RoomEventSink {
  /** Delivers a room's messages in order; rejects when they could not be delivered. */
  publish(roomId: string, events: readonly ServerMessage[]): Promise<void>;
}

/** The WebSocket fan-out: each message on the room's bus channel, heard by its sockets on every node. */
export class BusSink implements RoomEventSink {
  constructor(private readonly bus: RoomBus) {}

  publish(roomId: string, events: readonly ServerMessage[]): Promise<void> {
    // One after the other: a node's subscribers must hear a room's messages in this order.
    let chain = Promise.resolve();
    for (const e of events) chain = chain.then(() => this.bus.publish(roomChannel(roomId), JSON.stringify(e)));
    return chain;
  }
}
