import type { ClientMessage, RoomState, ServerMessage } from '../../core/contract';
import type { BattleRules } from '../../core/rules/battle';
import type { Db } from '../db/client';
import { botMove } from '../domain/battle/random';
import { closeDueRound, leaveRoom, roomSnapshot, submitAnswer, type BattleSetup } from '../domain/battle/rooms';
import { revealDueRound } from '../domain/battle/room-reveal';
import { dissolveAbandoned, expireGrace, seatDropped, seatResumed } from '../domain/battle/presence';

export type AnswerMessage = Extract<ClientMessage, { type: 'answer' }>;

/** What a change of one room publishes on its channel. */
export interface RoomEvents {
  roomId: string;
  events: ServerMessage[];
}

/**
 * The database side of live battles, one transaction per call: what the round ticker and the
 * gateway's room messages run. In the process ({@link LocalRoomOps}) or, on PostgreSQL, in a
 * worker thread of its own (room-ops-worker.ts), so that the WebSocket thread relays answers
 * without waiting behind their transactions.
 */
export interface RoomOps {
  /** Sends the question of a round whose countdown has ended; null when none is due. */
  revealDueRound(): Promise<RoomEvents | null>;
  /** Stores a bot's answer that is due; null when none is. */
  botMove(): Promise<RoomEvents | null>;
  /** Marks left a seat whose reconnect grace is over; null when none is. */
  expireGrace(): Promise<RoomEvents | null>;
  /** Closes a round whose deadline has passed; null when none has. */
  closeDueRound(): Promise<RoomEvents | null>;
  /** Dissolves a waiting room nobody came to; null when none is due. */
  dissolveAbandoned(): Promise<RoomEvents | null>;
  /** The user's seat disconnected; null when nothing changed. */
  seatDropped(userId: number, roomId: string): Promise<ServerMessage[] | null>;
  /** The user's seat connected again; null when nothing changed. */
  seatResumed(userId: number, roomId: string): Promise<ServerMessage[] | null>;
  /** The room as its member sees it now (throws when not a member). */
  snapshot(userId: number, roomId: string): Promise<ServerMessage[]>;
  /** Grades and stores an answer (throws when it does not fit the open round). */
  submitAnswer(userId: number, m: AnswerMessage): Promise<ServerMessage[]>;
  /** The user leaves the room. */
  leave(userId: number, roomId: string): Promise<{ state: RoomState; events: ServerMessage[] }>;
  /** The battle rules from now on (the next calls see them). */
  useRules(rules: BattleRules): Promise<void>;
  /** Ends what the operations hold (a worker and its pool); the database itself is the caller's. */
  close(): Promise<void>;
}

/** The room operations in this process, on its database. */
export class LocalRoomOps implements RoomOps {
  constructor(
    private readonly db: Db,
    private readonly setup: BattleSetup,
  ) {}

  revealDueRound() {
    return this.db.tx((tx) => revealDueRound(tx, this.setup.clock));
  }

  botMove() {
    return this.db.tx((tx) => botMove(tx, this.setup));
  }

  expireGrace() {
    return this.db.tx((tx) => expireGrace(tx, this.setup));
  }

  closeDueRound() {
    return this.db.tx((tx) => closeDueRound(tx, this.setup));
  }

  async dissolveAbandoned() {
    const c = await this.db.tx((tx) => dissolveAbandoned(tx, this.setup));
    return c && { roomId: c.state.room_id, events: c.events };
  }

  async seatDropped(userId: number, roomId: string) {
    return (await this.db.tx((tx) => seatDropped(tx, this.setup.clock, userId, roomId)))?.events ?? null;
  }

  async seatResumed(userId: number, roomId: string) {
    return (await this.db.tx((tx) => seatResumed(tx, this.setup.clock, userId, roomId)))?.events ?? null;
  }

  snapshot(userId: number, roomId: string) {
    return roomSnapshot(this.db, this.setup.clock, userId, roomId);
  }

  submitAnswer(userId: number, m: AnswerMessage) {
    return this.db.tx((tx) => submitAnswer(tx, this.setup, userId, m));
  }

  async leave(userId: number, roomId: string) {
    const c = await this.db.tx((tx) => leaveRoom(tx, this.setup.clock, userId, roomId));
    return { state: c.state, events: c.events };
  }

  async useRules(rules: BattleRules) {
    this.setup.rules = rules;
  }

  async close() {}
}
