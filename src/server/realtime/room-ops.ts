import type { ClientMessage, RoomState, ServerMessage } from '../../core/contract';
import type { BattleRules } from '../../core/rules/battle';
import type { Db } from '../db/client';
import { botMove } from '../domain/battle/random';
import { submitAnswers, type AnswerIn, type AnswerOutcome } from '../domain/battle/answers';
import { closeDueRounds, leaveRoom, roomSnapshot, type BattleSetup } from '../domain/battle/rooms';
import { revealDueRounds } from '../domain/battle/room-reveal';
import { dissolveAbandoned, expireGrace, seatDropped, seatResumed } from '../domain/battle/presence';
import { answerKey, trace, tracing, traceNow } from './trace';

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
  /**
   * Sends the questions of the rounds whose countdown has ended (a batch; empty when none is
   * due): of the rooms given, else of every room.
   */
  revealDueRounds(ids?: readonly string[]): Promise<RoomEvents[]>;
  /** Stores a bot's answer that is due; null when none is. */
  botMove(): Promise<RoomEvents | null>;
  /** Marks left a seat whose reconnect grace is over; null when none is. */
  expireGrace(): Promise<RoomEvents | null>;
  /** Closes the rounds whose deadline has passed (a batch; empty when none has). */
  closeDueRounds(): Promise<RoomEvents[]>;
  /** Dissolves a waiting room nobody came to; null when none is due. */
  dissolveAbandoned(): Promise<RoomEvents | null>;
  /** The user's seat disconnected; null when nothing changed. */
  seatDropped(userId: number, roomId: string): Promise<ServerMessage[] | null>;
  /** The user's seat connected again; null when nothing changed. */
  seatResumed(userId: number, roomId: string): Promise<ServerMessage[] | null>;
  /** The room as its member sees it now (throws when not a member). */
  snapshot(userId: number, roomId: string): Promise<ServerMessage[]>;
  /**
   * Grades and stores an answer (throws when it does not fit the open round), timed from
   * `receivedMs`, when this node's gateway received it (the battles' clock; absent: now).
   */
  submitAnswer(userId: number, m: AnswerMessage, receivedMs?: number): Promise<ServerMessage[]>;
  /** The user leaves the room. */
  leave(userId: number, roomId: string): Promise<{ state: RoomState; events: ServerMessage[] }>;
  /** The battle rules from now on (the next calls see them). */
  useRules(rules: BattleRules): Promise<void>;
  /** Ends what the operations hold (a worker and its pool); the database itself is the caller's. */
  close(): Promise<void>;
}

/** Answers one group commit writes at most. */
const ANSWER_BATCH = 500;

/**
 * Group commit of answers: an answer that arrives while no batch is being written starts one at
 * once; those that arrive meanwhile wait and are written together by the next, in one
 * transaction (submitAnswers). Each answer's reply goes out only once its batch has committed,
 * so nothing is acknowledged that is not stored. Should a batch fail as a whole (a deadlock, a
 * lost connection), its answers are tried again one transaction each, so one answer's trouble
 * is only its own.
 */
export class AnswerCommitter {
  private queue: { a: AnswerIn; ok: (o: AnswerOutcome) => void; fail: (e: unknown) => void }[] = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly setup: BattleSetup,
  ) {}

  submit(a: AnswerIn): Promise<ServerMessage[]> {
    if (tracing) trace('queued', answerKey(a.room_id, a.round, a.userId));
    const done = new Promise<AnswerOutcome>((ok, fail) => this.queue.push({ a, ok, fail }));
    this.writing ??= this.drain().finally(() => {
      this.writing = null;
    });
    return done.then((o) => {
      if ('error' in o) throw o.error;
      return o.events;
    });
  }

  /** Waits for the batches under way (close). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, ANSWER_BATCH);
      const began = tracing ? traceNow() : 0;
      try {
        const outcomes = await this.db.tx((tx) =>
          submitAnswers(
            tx,
            this.setup,
            batch.map((x) => x.a),
          ),
        );
        if (tracing) {
          const ended = traceNow();
          for (const { a } of batch) {
            const key = answerKey(a.room_id, a.round, a.userId);
            trace('batch', key, began);
            trace('commit', key, ended);
          }
        }
        batch.forEach((x, i) => x.ok(outcomes[i]!));
      } catch (e) {
        if (batch.length === 1) {
          batch[0]!.fail(e);
          continue;
        }
        for (const x of batch) {
          await this.db.tx((tx) => submitAnswers(tx, this.setup, [x.a])).then((o) => x.ok(o[0]!), x.fail);
        }
      }
    }
  }
}

/** The room operations in this process, on its database. */
export class LocalRoomOps implements RoomOps {
  private readonly answers: AnswerCommitter;

  constructor(
    private readonly db: Db,
    private readonly setup: BattleSetup,
  ) {
    this.answers = new AnswerCommitter(db, setup);
  }

  revealDueRounds(ids?: readonly string[]) {
    return this.db.tx((tx) => revealDueRounds(tx, this.setup.clock, ids));
  }

  botMove() {
    return this.db.tx((tx) => botMove(tx, this.setup));
  }

  expireGrace() {
    return this.db.tx((tx) => expireGrace(tx, this.setup));
  }

  closeDueRounds() {
    return this.db.tx((tx) => closeDueRounds(tx, this.setup));
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

  submitAnswer(userId: number, m: AnswerMessage, receivedMs?: number) {
    return this.answers.submit({
      userId,
      room_id: m.room_id,
      round: m.round,
      question_id: m.question_id,
      answer: m.answer,
      receivedMs,
    });
  }

  async leave(userId: number, roomId: string) {
    const c = await this.db.tx((tx) => leaveRoom(tx, this.setup.clock, userId, roomId));
    return { state: c.state, events: c.events };
  }

  async useRules(rules: BattleRules) {
    this.setup.rules = rules;
  }

  async close() {
    await this.answers.flush();
  }
}
