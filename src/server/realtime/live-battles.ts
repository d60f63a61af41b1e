import type { FastifyBaseLogger } from 'fastify';
import { serverMessages, type ClientMessage, type ServerMessage } from '../../core/contract';
import type { BattleRules } from '../../core/rules/battle';
import type { BattleSetup } from '../domain/battle/rooms';
import { AppError } from '../errors';
import type { RoomBus } from './bus';
import type { RoomMessages, Send } from './gateway';
import { REVEAL_BATCH } from '../domain/battle/room-reveal';
import type { RoomEvents, RoomOps } from './room-ops';
import { roomChannel, type RoomEventSink } from './room-event-sink';
import { answerKey, trace, tracing, traceNow } from './trace';

type RoomMessage = Extract<ClientMessage, { type: 'join' | 'answer' | 'leave' }>;

/** How often each node looks for rounds that are due. */
const TICK_MS = 200;
/** After a round's opening time, when this node sends its question (if no other node has). */
const REVEAL_MARGIN_MS = 3;
/** How long a reveal pass waits for other rooms' timers before it runs. */
const REVEAL_GATHER_MS = 8;

/** A room's open round as this node last heard it. */
interface LiveRound {
  round: number;
  questionId: number;
  opensMs: number;
  deadlineMs: number;
  /** Players still in. */
  players: Set<number>;
  /** Players whose answer to this round was announced. */
  answered: Set<number>;
}

/**
 * Live battles on this node: publishes room changes to its sinks (the bus's WebSocket fan-out,
 * and whatever else listens to rooms), runs the round ticker, and serves the gateway's room
 * messages (join, answer, leave), subscribing sockets to their rooms on the bus.
 *
 * Presence: when a socket that joined a room closes and no other socket of that user on this
 * node is in the room, the seat becomes disconnected; a `join` within the reconnect grace
 * connects it again, after it the ticker marks it left. A socket that hears its own seat
 * disconnected (the user's old socket dropped on another node) connects it again.
 */
export class Battles implements RoomMessages {
  private timer: NodeJS.Timeout | undefined;
  /** The tick under way, if any (stop waits for it: it may still publish). */
  private ticking: Promise<void> | null = null;
  /** Each socket's (by its send function) room subscriptions. */
  private subs = new Map<Send, Map<string, Promise<() => Promise<void>>>>();
  /** Sockets that have closed: a join still under way for one subscribes nothing. */
  private gone = new WeakSet<Send>();
  /** The user of each socket that has joined a room. */
  private users = new Map<Send, number>();
  /** Seat changes under way (awaited on stop). */
  private pending = new Set<Promise<void>>();
  private stopped = false;
  /**
   * The open round of each room this node has sockets in, as the room's own messages told it:
   * lets a well-formed answer be announced ("answered") before its transaction commits.
   */
  private live = new Map<string, LiveRound>();
  /** The reveal pass under way, and the rooms whose round's timer fired since it began (revealDue). */
  private revealing: Promise<void> | null = null;
  private readonly dueReveals = new Set<string>();
  /** Each socket's room messages under way (see handle). */
  private inFlight = new WeakMap<Send, Promise<void>>();
  /** The last frame parsed: the bus hands one frame to every socket of the room in turn. */
  private lastFrame: { raw: string; ms: ServerMessage[] } | null = null;

  constructor(
    readonly setup: BattleSetup,
    /** The rooms' transactions: in this process, or in a worker thread (room-ops-worker-client.ts). */
    private readonly ops: RoomOps,
    readonly bus: RoomBus,
    private readonly log: FastifyBaseLogger,
    /** Where room messages go once committed; never rejects (a failing sink is logged). */
    readonly sinks: readonly RoomEventSink[],
  ) {}

  private readonly publishFailed = (err: unknown) => this.log.error({ err }, 'room publish failed');

  /**
   * Changes battle rules while running (tests; the configuration sets them at start): the round
   * ticker and the room operations, here or in their worker, use them from the next call on.
   * Returns the rules before.
   */
  setRules(rules: Partial<BattleRules>): BattleRules {
    const before = { ...this.setup.rules };
    Object.assign(this.setup.rules, rules);
    this.ops
      .useRules({ ...this.setup.rules })
      .catch((err: unknown) => this.log.error({ err }, 'battle rules not applied'));
    return before;
  }

  /** Hands a room's messages, in order, to every sink; one sink failing holds up none of the others. */
  publish(roomId: string, events: readonly ServerMessage[]): Promise<void> {
    // The hot path (every answer) with the one sink of today: no array, no Promise.all.
    if (this.sinks.length === 1) return this.sinks[0]!.publish(roomId, events).catch(this.publishFailed);
    return Promise.all(this.sinks.map((k) => k.publish(roomId, events).catch(this.publishFailed))).then(() => {});
  }

  /** Starts the round ticker (every node runs one; the database decides who closes a round). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.stopped = true;
    await this.ticking;
    await this.revealing;
    await Promise.all([...this.pending]);
    await this.ops.close();
    const all = [...this.subs.values()].flatMap((m) => [...m.values()]);
    this.subs.clear();
    await Promise.all(all.map((p) => p.then((off) => off()).catch(() => undefined)));
  }

  /**
   * Sends the questions of rounds due to open, stores the bots' answers that are due, then closes
   * every round that is due, one room per transaction.
   */
  async tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.runTick().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async runTick(): Promise<void> {
    // Each step: a batch of rooms in one transaction, or one room; up to 50 of them a tick.
    const due: (() => Promise<RoomEvents[] | RoomEvents | null>)[] = [
      () => this.ops.revealDueRounds(),
      () => this.ops.botMove(),
      () => this.ops.expireGrace(),
      () => this.ops.closeDueRounds(),
      () => this.ops.dissolveAbandoned(),
    ];
    try {
      for (const next of due) {
        for (let i = 0; i < 50 && this.timer; i++) {
          const change = await next();
          const changes = Array.isArray(change) ? change : change ? [change] : [];
          if (changes.length === 0) break;
          for (const c of changes) await this.publish(c.roomId, c.events);
        }
      }
    } catch (err) {
      this.log.error({ err }, 'battle tick failed');
    }
  }

  /**
   * Handles a socket's room messages in the order they came: the next waits for the one under
   * way. Its transactions run on several connections, so a player's second answer could
   * otherwise take the room's lock first and be the one kept.
   */
  handle(userId: number, msg: RoomMessage, send: Send) {
    // An answer is timed from here (its receipt), not from when its batch gets to it.
    const receivedMs = this.setup.clock.now().getTime();
    const run = () =>
      this.run(userId, msg, send, receivedMs).catch((err: unknown) => {
        if (err instanceof AppError) {
          send({ type: 'error', code: err.code, message: err.message });
        } else {
          this.log.error({ err }, 'room message failed');
          send({ type: 'error', code: 'internal_error', message: 'Internal error occurred.' });
        }
      });
    const before = this.inFlight.get(send);
    // Nothing under way (the usual case: one answer a round): at once, not a microtask later.
    const mine = before ? before.then(run) : run();
    this.inFlight.set(send, mine);
    void mine.finally(() => {
      if (this.inFlight.get(send) === mine) this.inFlight.delete(send);
    });
  }

  disconnected(userId: number, send?: Send): void {
    if (!send) return;
    this.gone.add(send);
    const mine = this.subs.get(send);
    this.subs.delete(send);
    this.users.delete(send);
    for (const p of mine?.values() ?? []) void p.then((off) => off()).catch(() => undefined);
    for (const roomId of mine?.keys() ?? []) {
      if (!this.hasSocket(userId, roomId)) this.seatChange(userId, roomId, 'seatDropped');
    }
  }

  /** Whether another open socket of the user on this node has joined the room. */
  private hasSocket(userId: number, roomId: string): boolean {
    for (const [send, rooms] of this.subs) if (this.users.get(send) === userId && rooms.has(roomId)) return true;
    return false;
  }

  /** Changes the user's seat in its own transaction and publishes the room once committed. */
  private seatChange(userId: number, roomId: string, change: 'seatDropped' | 'seatResumed'): void {
    if (this.stopped) return;
    const p = this.ops[change](userId, roomId)
      .then((events) => (events ? this.publish(roomId, events) : undefined))
      .catch((err: unknown) => this.log.error({ err }, 'seat change failed'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** What a socket hears from a room: forwarded; its own seat seen disconnected is connected again. */
  private forward(userId: number, roomId: string, send: Send) {
    return (raw: string) => {
      const delivered = tracing ? traceNow() : 0;
      send(raw);
      if (this.lastFrame?.raw !== raw) {
        // Parsed and noted once per frame, however many of this node's sockets hear it.
        this.lastFrame = { raw, ms: serverMessages(raw) };
        for (const m of this.lastFrame.ms) this.note(m);
      }
      if (tracing)
        for (const m of this.lastFrame.ms)
          if (m.type === 'answered' && m.user_id !== userId) {
            const key = answerKey(m.room_id, m.round, m.user_id);
            trace('deliver', key, delivered);
            trace('sent', key);
          }
      for (const m of this.lastFrame.ms)
        if (
          m.type === 'room' &&
          (m.room.status === 'waiting' || m.room.status === 'playing') &&
          m.room.seats.some((x) => x.user_id === userId && x.state === 'disconnected') &&
          !this.gone.has(send)
        )
          this.seatChange(userId, roomId, 'seatResumed');
    };
  }

  /**
   * A round announced opens at its time, not up to a tick later: a pass that sends the
   * questions due runs then (the database still decides, so of several nodes one sends it).
   */
  private revealAt(roomId: string, round: number, atMs: number): void {
    if (!this.timer) return;
    // Timers may fire a little early; a room not due yet when its pass runs is the ticker's.
    const wait = Math.max(0, atMs - this.setup.clock.now().getTime());
    const t = setTimeout(() => {
      // Already out (another node sent it, or the ticker): nothing to do.
      if ((this.live.get(roomId)?.round ?? 0) >= round) return;
      this.dueReveals.add(roomId);
      this.revealDue();
    }, wait + REVEAL_MARGIN_MS);
    t.unref();
  }

  /**
   * Runs a reveal pass, one at a time: each sends the questions of the rooms whose timers have
   * fired, in one transaction (by id: no scan); a timer that fires while a pass runs leaves its
   * room to the next pass, right after.
   */
  private revealDue(): void {
    if (this.revealing) return;
    this.revealing = (async () => {
      // The timers of the rooms due within a few milliseconds join this pass: one transaction
      // for them, not one each (their questions go out that much later, their rounds open then).
      await new Promise((r) => setTimeout(r, REVEAL_GATHER_MS));
      try {
        while (this.dueReveals.size && this.timer) {
          const ids = [...this.dueReveals].slice(0, REVEAL_BATCH);
          for (const id of ids) this.dueReveals.delete(id);
          const changes = await this.ops.revealDueRounds(ids);
          for (const c of changes) await this.publish(c.roomId, c.events);
        }
      } catch (err) {
        this.log.error({ err }, 'round reveal failed');
      } finally {
        this.revealing = null;
      }
    })();
  }

  /** Keeps this node's view of a room's open round up to date from the room's messages. */
  private note(m: ServerMessage) {
    switch (m.type) {
      case 'round_ready':
        this.revealAt(m.round.room_id, m.round.round, Date.parse(m.round.opens_at));
        return;
      case 'round_open': {
        const r = m.round;
        const before = this.live.get(r.room_id);
        if (before?.round === r.round) return;
        this.live.set(r.room_id, {
          round: r.round,
          questionId: r.question.id,
          opensMs: Date.parse(r.opens_at),
          deadlineMs: Date.parse(r.deadline),
          players: before?.players ?? new Set(),
          answered: new Set(),
        });
        return;
      }
      case 'room': {
        const e = this.live.get(m.room.room_id);
        if (m.room.status !== 'playing') this.live.delete(m.room.room_id);
        else if (e) e.players = new Set(m.room.seats.filter((x) => x.state !== 'left').map((x) => x.user_id));
        else
          this.live.set(m.room.room_id, {
            round: 0,
            questionId: 0,
            opensMs: 0,
            deadlineMs: 0,
            players: new Set(m.room.seats.filter((x) => x.state !== 'left').map((x) => x.user_id)),
            answered: new Set(),
          });
        return;
      }
      case 'answered':
        if (this.live.get(m.room_id)?.round === m.round) this.live.get(m.room_id)!.answered.add(m.user_id);
        return;
      case 'result':
        this.live.delete(m.result.room_id);
        return;
      default:
        return;
    }
  }

  /** The "answered" mark of an answer that fits the open round as this node knows it, else null. */
  private fitsOpenRound(
    userId: number,
    msg: Extract<ClientMessage, { type: 'answer' }>,
    send: Send,
  ): ServerMessage | null {
    const e = this.live.get(msg.room_id);
    const now = this.setup.clock.now().getTime();
    if (
      !e ||
      !this.subs.get(send)?.has(msg.room_id) ||
      e.round !== msg.round ||
      e.questionId !== msg.question_id ||
      !e.players.has(userId) ||
      e.answered.has(userId) ||
      now < e.opensMs ||
      now > e.deadlineMs
    )
      return null;
    e.answered.add(userId);
    return { type: 'answered', room_id: msg.room_id, round: msg.round, user_id: userId };
  }

  private async run(userId: number, msg: RoomMessage, send: Send, receivedMs: number) {
    switch (msg.type) {
      case 'join': {
        // Membership first: a socket hears only rooms it has a seat in.
        await this.ops.snapshot(userId, msg.room_id);
        if (this.gone.has(send)) return;
        let mine = this.subs.get(send);
        if (!mine) this.subs.set(send, (mine = new Map()));
        this.users.set(send, userId);
        if (!mine.has(msg.room_id)) {
          mine.set(msg.room_id, this.bus.subscribe(roomChannel(msg.room_id), this.forward(userId, msg.room_id, send)));
        }
        await mine.get(msg.room_id);
        if (this.gone.has(send)) return;
        // Joining again is coming back: a seat dropped within the grace is connected again.
        const back = await this.ops.seatResumed(userId, msg.room_id);
        if (back) await this.publish(msg.room_id, back);
        // The socket closed meanwhile (its drop may have run first): drop the seat again.
        if (this.gone.has(send)) {
          if (!this.hasSocket(userId, msg.room_id)) this.seatChange(userId, msg.room_id, 'seatDropped');
          return;
        }
        for (const m of await this.ops.snapshot(userId, msg.room_id)) {
          this.note(m);
          send(m);
        }
        return;
      }
      case 'answer': {
        // The opponents hear "answered" as soon as the answer is known to fit the open round (this
        // node's view of it); the transaction then grades it, and the round closes on the
        // database's verdict. Should the transaction refuse it after all (a race with the
        // deadline), only the progress mark was early: points come from the database.
        const early = this.fitsOpenRound(userId, msg, send);
        const key = tracing ? answerKey(msg.room_id, msg.round, userId) : '';
        if (early) {
          if (tracing) trace('early', key);
          void this.publish(msg.room_id, [early]);
        }
        if (tracing) trace('submit', key);
        const events = await this.ops.submitAnswer(userId, msg, receivedMs);
        if (tracing) trace('replied', key);
        await this.publish(msg.room_id, early ? events.filter((e) => e.type !== 'answered') : events);
        return;
      }
      case 'leave': {
        const change = await this.ops.leave(userId, msg.room_id);
        await this.publish(msg.room_id, change.events);
        const off = this.subs.get(send)?.get(msg.room_id);
        this.subs.get(send)?.delete(msg.room_id);
        if (off) await (await off)();
        send({ type: 'room', room: change.state });
        return;
      }
    }
  }
}
