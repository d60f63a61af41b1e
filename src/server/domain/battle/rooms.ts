import { randomInt, randomUUID } from 'node:crypto';
import type { LiveQuestion, RoomKind, RoomResult, RoomState, ServerMessage } from '../../../core/contract';
import { roomSeat } from '../../../core/contract';
import { battleOutcome, standings, type BattleRules } from '../../../core/rules/battle';
import { and, count, desc, eq, lte, ne, notExists } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import {
  coinLedger,
  questions,
  randomBattleStreaks,
  roomAnswers,
  roomPlayers,
  rooms,
  users,
  type Row,
} from '../../db/schema';
import { intArray } from '../../db/sql-helpers';
import { AppError } from '../../errors';
import { ACTIVE_SUBCATEGORY, assertUnlocked, categoryBySlug } from '../content';
import { resolveLanguageId } from '../languages';
import { checkBadges } from '../badges';
import { moveCoins } from '../ledger';
import { drawQuestionIds } from '../play/sessions';
import type { SettingsStore } from '../settings-store';
import type { Clock } from '../clock';

/** What the room functions need beyond the database. */
export interface BattleSetup {
  rules: BattleRules;
  /** Milliseconds between a round being announced and opening. */
  roundDelayMs: number;
  /** The clock of countdowns, deadlines, the grace and rooms' ages (a test's own in tests). */
  clock: Clock;
}

/** A change of a room: its state now and what to publish on `room:<id>` once committed. */
export interface RoomChange {
  state: RoomState;
  events: ServerMessage[];
  /** Other rooms changed in the same transaction (published on their own channels). */
  also?: RoomChange[];
}

// The statements of a round (an answer batch, closing and opening rounds, revealing) stay raw
// SQL, and so do the reads sharing their column lists (lockRoom, seatsOf, closeDueRounds): built
// by the query builder, each statement cost the server 0.05-0.08 ms more CPU, on the path that
// serves every answer. Their rows are typed from the schema.

/**
 * A room as the battle reads it ({@link roomColumns}), its round's times and now in epoch ms;
 * `revealed_round` is the last round whose question went out (its round opened).
 */
export type RoomRow = Pick<
  Row<typeof rooms>,
  | 'id'
  | 'kind'
  | 'status'
  | 'code'
  | 'owner_id'
  | 'language_id'
  | 'category'
  | 'entry_fee'
  | 'no_of_que'
  | 'max_players'
  | 'question_ids'
  | 'answer_key'
  | 'round_seconds'
  | 'round'
  | 'revealed_round'
> & { opens_ms: number | null; deadline_ms: number | null; now_ms: number };

/** A seat with its player's name and picture, and when it was taken (epoch ms). */
export type SeatRow = Pick<Row<typeof roomPlayers>, 'user_id' | 'slot' | 'correct' | 'points' | 'state' | 'is_bot'> & {
  name: Row<typeof users>['name'];
  image: Row<typeof users>['profile'];
  joined_ms: number;
};

/**
 * Selected in the first statement of a round's transaction (`SELECT …, ${KEYED_PLANS}`): the
 * statements after it use their connection's cached generic plan, planned with key lookups only
 * (no sequential scan, hash or merge join). Every statement of a round finds its rows by key.
 * Left to the statistics, a generic plan made on a fresh database (empty answer tables) scanned
 * every answer ever given at each round close; forcing a custom plan each time instead (as
 * before) cost PostgreSQL a planning per statement per batch, ~0.4 ms of CPU per answer at 6
 * answers a batch (the seats' 5-way join alone ~0.6-0.8 ms to plan, ~0.2 ms to run).
 * Settling a battle goes back to {@link DEFAULT_PLANS} first: its statements are the ledger's.
 */
export const KEYED_PLANS = sql`(set_config('plan_cache_mode', 'force_generic_plan', true)
  || set_config('enable_seqscan', 'off', true) || set_config('enable_hashjoin', 'off', true)
  || set_config('enable_mergejoin', 'off', true)) AS keyed_plans`;
/** Undoes {@link KEYED_PLANS} for the rest of the transaction. */
const DEFAULT_PLANS = sql`(set_config('plan_cache_mode', 'auto', true) || set_config('enable_seqscan', 'on', true)
  || set_config('enable_hashjoin', 'on', true) || set_config('enable_mergejoin', 'on', true)) AS default_plans`;

/** A room's columns, with its round's times and now (by the clock) in epoch milliseconds. */
export const roomColumns = (
  clock: Clock,
) => sql`r.id, r.kind, r.status, r.code, r.owner_id, r.language_id, r.category, r.entry_fee,
  r.no_of_que, r.max_players, r.question_ids, r.answer_key, r.round_seconds, r.round, r.revealed_round,
  (extract(epoch FROM r.round_opens_at) * 1000)::float8 AS opens_ms,
  (extract(epoch FROM r.round_deadline) * 1000)::float8 AS deadline_ms,
  (extract(epoch FROM ${clock.sql()}) * 1000)::float8 AS now_ms`;

/** Characters of a room code: no 0/O or 1/I look-alikes. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_RE = /^[A-Z0-9]{6}$/;

function newCode(): string {
  let s = '';
  for (let i = 0; i < 6; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

const feeOp = (id: string) => `room:${id}:fee`;
const refundOp = (id: string) => `room:${id}:refund`;
const payoutOp = (id: string) => `room:${id}:payout`;

export async function lockRoom(
  db: Db,
  clock: Clock,
  id: string,
  mode: 'update' | 'share' | 'none' = 'update',
): Promise<RoomRow | undefined> {
  const lock = mode === 'update' ? sql`FOR UPDATE` : mode === 'share' ? sql`FOR SHARE` : sql``;
  return db.one<RoomRow>(sql`SELECT ${roomColumns(clock)} FROM rooms r WHERE r.id = ${id}::uuid ${lock}`);
}

export async function seatsOf(db: Db, id: string): Promise<SeatRow[]> {
  return db.rows<SeatRow>(sql`SELECT p.user_id, p.slot, u.name, u.profile AS image, p.correct, p.points, p.state,
      p.is_bot, (extract(epoch FROM p.joined_at) * 1000)::float8 AS joined_ms
    FROM room_players p JOIN users u ON u.id = p.user_id WHERE p.room_id = ${id}::uuid ORDER BY p.slot`);
}

/** A seat of one of several rooms, and whether its player has answered the room's round now open. */
export interface RoomSeatRow extends SeatRow {
  room_id: string;
  answered: boolean;
}

/**
 * The seats of several rooms (as {@link seatsOf} reads them), by room. Driven by the ids (joins
 * on primary keys): planned generically, `room_id = ANY(…)` with an EXISTS was a hashed scan
 * of every answer ever given, 30 times slower at 500 rooms.
 */
export async function seatsOfRooms(db: Db, ids: readonly string[]): Promise<Map<string, RoomSeatRow[]>> {
  const rows = await db.rows<RoomSeatRow>(sql`SELECT p.room_id, p.user_id, p.slot, u.name, u.profile AS image,
      p.correct, p.points, p.state, p.is_bot, (extract(epoch FROM p.joined_at) * 1000)::float8 AS joined_ms,
      a.user_id IS NOT NULL AS answered
    FROM unnest(${`{${ids.join(',')}}`}::uuid[]) AS x(id) JOIN rooms r ON r.id = x.id
      JOIN room_players p ON p.room_id = r.id JOIN users u ON u.id = p.user_id
      LEFT JOIN room_answers a ON a.room_id = p.room_id AND a.round = r.round AND a.user_id = p.user_id
    ORDER BY p.room_id, p.slot`);
  const out = new Map<string, RoomSeatRow[]>();
  for (const s of rows) {
    const list = out.get(s.room_id);
    if (list) list.push(s);
    else out.set(s.room_id, [s]);
  }
  return out;
}

export function stateOf(r: RoomRow, seats: SeatRow[]): RoomState {
  return {
    room_id: r.id,
    kind: r.kind,
    status: r.status,
    room_code: r.code,
    owner_id: r.owner_id,
    readytoplay: r.status === 'playing',
    totalusers: seats.filter((s) => s.state !== 'left').length,
    showScore: r.status === 'finished',
    entry_fee: r.entry_fee,
    category: r.category,
    no_of_que: r.no_of_que,
    max_players: r.max_players,
    round: r.round,
    seats: seats.map(roomSeat),
  };
}

/** The room's state as its members see it. */
export async function roomState(db: Db, clock: Clock, id: string): Promise<RoomState> {
  const r = await lockRoom(db, clock, id, 'none');
  if (!r) throw new AppError('not_found', { field: 'room_id', message: 'No such room.' });
  return stateOf(r, await seatsOf(db, id));
}

/** A room the user has a seat in (any state), locked; not_found otherwise (no hint it exists). */
export async function memberRoom(
  db: Db,
  clock: Clock,
  userId: number,
  id: string,
  mode: 'update' | 'share' | 'none' = 'update',
) {
  const r = await lockRoom(db, clock, id, mode);
  const seats = r ? await seatsOf(db, id) : [];
  const seat = seats.find((s) => s.user_id === userId);
  if (!r || !seat) throw new AppError('not_found', { field: 'room_id', message: 'No such room.' });
  return { r, seats, seat };
}

/** Questions by id in the order given, as a battle shows them (no answers). */
export async function liveQuestions(db: Db, ids: readonly number[]): Promise<LiveQuestion[]> {
  if (ids.length === 0) return [];
  const rows = await db.orm
    .select({
      id: questions.id,
      question: questions.question,
      // Battles draw multiple-choice and true/false questions only.
      type: sql<LiveQuestion['question_type']>`${questions.type}`,
      options: questions.options,
      image: questions.image,
    })
    .from(questions)
    .where(sql`${questions.id} = ANY(${intArray(ids)})`);
  const byId = new Map(rows.map((q) => [q.id, q]));
  return ids.map((id) => {
    const q = byId.get(id);
    return q
      ? { id: q.id, question: q.question, question_type: q.type, options: q.options, image: q.image }
      : { id, question: '', question_type: 'mcq', options: [], image: '' };
  });
}

/** Questions as battles show them, kept a minute: every round of every room opens with one. */
const questionCache = new Map<number, { q: LiveQuestion; until: number }>();
const QUESTION_CACHE_MS = 60_000;
const QUESTION_CACHE_MAX = 20_000;

async function liveQuestion(db: Db, id: number): Promise<LiveQuestion> {
  const now = Date.now();
  const hit = questionCache.get(id);
  if (hit && hit.until > now) return hit.q;
  const [q] = await liveQuestions(db, [id]);
  if (questionCache.size >= QUESTION_CACHE_MAX) questionCache.clear();
  questionCache.set(id, { q: q!, until: now + QUESTION_CACHE_MS });
  return q!;
}

/** A round announced: its number and times, not its question (that goes out as it opens). */
export function roundReadyEvent(r: RoomRow): ServerMessage {
  return {
    type: 'round_ready',
    round: {
      room_id: r.id,
      round: r.round,
      opens_at: new Date(r.opens_ms!).toISOString(),
      deadline: new Date(r.deadline_ms!).toISOString(),
    },
  };
}

/** A round opening: its question (no answer) and its times. */
export async function roundOpenEvent(db: Db, r: RoomRow): Promise<ServerMessage> {
  const qid = r.question_ids[r.round - 1]!;
  const question = await liveQuestion(db, qid);
  return {
    type: 'round_open',
    round: {
      room_id: r.id,
      round: r.round,
      question,
      opens_at: new Date(r.opens_ms!).toISOString(),
      deadline: new Date(r.deadline_ms!).toISOString(),
    },
  };
}

export async function charge(db: Db, roomId: string, userId: number, fee: number) {
  if (fee > 0) await moveCoins(db, { userId, delta: -fee, reason: 'battle_entry', ref: roomId, opId: feeOp(roomId) });
}

async function refund(db: Db, roomId: string, userId: number, fee: number) {
  if (fee > 0)
    await moveCoins(db, { userId, delta: fee, reason: 'battle_refund', ref: roomId, opId: refundOp(roomId) });
}

/** A room's questions: drawn from an unlocked category of the language, with their answers. */
async function drawRoom(
  db: Db,
  settings: SettingsStore,
  userId: number,
  o: { language_id?: number; category: string; no_of_que: number },
) {
  const languageId = await resolveLanguageId(db, settings, o.language_id);
  const cat = await categoryBySlug(db, languageId, o.category, 1);
  await assertUnlocked(db, userId, cat);
  const ids = await drawQuestionIds(
    db,
    sql`q.category_id = ${cat.id} AND q.comprehension_id IS NULL AND q.type IN ('mcq', 'true_false')
      AND ${ACTIVE_SUBCATEGORY}`,
    o.no_of_que,
  );
  if (ids.length === 0)
    throw new AppError('not_found', { field: 'category', message: 'There are no questions here yet.' });
  const keys = await db.orm
    .select({ id: questions.id, answer: sql<string>`${questions.answer} #>> '{}'`, options: questions.options })
    .from(questions)
    .where(sql`${questions.id} = ANY(${intArray(ids)})`);
  const byId = new Map(keys.map((k) => [k.id, k]));
  return { languageId, slug: cat.slug, ids, byId };
}

/**
 * Inserts a room (fresh questions, the owner in seat 1) and holds the owner's entry fee.
 * Friend and group rooms get a code unique among waiting rooms; a clash (rare) is retried.
 */
export async function insertRoom(
  db: Db,
  settings: SettingsStore,
  clock: Clock,
  userId: number,
  o: {
    language_id?: number;
    kind: RoomKind;
    code: boolean;
    category: string;
    no_of_que: number;
    entry_fee: number;
    max_players: number;
    round_seconds: number;
    /** Against the bot: its answer to each question, by question. */
    botPlan?: (q: { answer: string; optionIds: string[] }) => { answer: string; elapsedMs: number };
  },
): Promise<string> {
  const { languageId, slug, ids, byId } = await drawRoom(db, settings, userId, o);
  const answerKey = Object.fromEntries(ids.map((qid) => [qid, byId.get(qid)?.answer ?? '']));
  const plan = o.botPlan
    ? ids.map((qid) => {
        const q = byId.get(qid);
        const a = o.botPlan!({ answer: q?.answer ?? '', optionIds: (q?.options ?? []).map((x) => x.id) });
        return { answer: a.answer, elapsed_ms: a.elapsedMs };
      })
    : [];
  const id = randomUUID();
  for (let attempt = 0; ; attempt++) {
    try {
      await db.tx((tx) =>
        tx.run(sql`INSERT INTO rooms (id, kind, code, owner_id, language_id, category, entry_fee, no_of_que,
            max_players, question_ids, answer_key, round_seconds, bot_plan, created_at)
          VALUES (${id}::uuid, ${o.kind}, ${o.code ? newCode() : ''}, ${userId}, ${languageId}, ${slug},
            ${o.entry_fee}, ${ids.length}, ${o.max_players}, ${`{${ids.join(',')}}`}::integer[],
            ${JSON.stringify(answerKey)}::jsonb, ${o.round_seconds}, ${JSON.stringify(plan)}::jsonb,
            ${clock.sql()})`),
      );
      break;
    } catch (e) {
      if (!o.code || attempt >= 5 || (e as { code?: string }).code !== '23505') throw e;
    }
  }
  await db.run(sql`INSERT INTO room_players (room_id, user_id, slot) VALUES (${id}::uuid, ${userId}, 1)`);
  await charge(db, id, userId, o.entry_fee);
  return id;
}

/** Opens a friend or group room: draws its questions and holds the owner's entry fee. */
export async function createRoom(
  db: Db,
  settings: SettingsStore,
  setup: BattleSetup,
  userId: number,
  o: {
    language_id?: number;
    room_type: 'friend' | 'group';
    category: string;
    no_of_que: number;
    entry_fee: number;
    max_players?: number;
  },
): Promise<RoomState> {
  const { rules } = setup;
  let maxPlayers: number;
  if (o.room_type === 'friend') {
    if (o.max_players !== undefined && o.max_players !== 2)
      throw new AppError('invalid_input', { field: 'max_players', message: 'max_players: a friend room has 2 seats' });
    maxPlayers = 2;
  } else {
    maxPlayers = o.max_players ?? rules.group_battle_max_players;
    if (maxPlayers < rules.group_battle_min_players || maxPlayers > rules.group_battle_max_players)
      throw new AppError('invalid_input', {
        field: 'max_players',
        message: `max_players: must be ${rules.group_battle_min_players} to ${rules.group_battle_max_players}`,
      });
  }
  const id = await insertRoom(db, settings, setup.clock, userId, {
    ...o,
    kind: o.room_type,
    code: true,
    max_players: maxPlayers,
    round_seconds: rules.round_seconds,
  });
  return roomState(db, setup.clock, id);
}

/** Takes a seat in a waiting room by its code, paying the entry fee. Joining twice changes nothing. */
export async function joinRoom(db: Db, clock: Clock, userId: number, rawCode: string): Promise<RoomChange> {
  const code = rawCode.trim().toUpperCase();
  if (!CODE_RE.test(code)) throw new AppError('room_code_invalid', { field: 'room_code' });
  const [found] = await db.orm
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.code, code), sql`${rooms.kind} IN ('friend', 'group')`))
    .orderBy(sql`(${rooms.status} = 'waiting') DESC`, desc(rooms.created_at))
    .limit(1);
  if (!found) throw new AppError('room_code_invalid', { field: 'room_code' });
  const r = (await lockRoom(db, clock, found.id))!;
  const seats = await seatsOf(db, r.id);
  if (seats.some((s) => s.user_id === userId)) return { state: stateOf(r, seats), events: [] };
  if (r.status === 'deleted') throw new AppError('room_deleted');
  if (r.status !== 'waiting') throw new AppError('room_not_waiting');
  if (seats.length >= r.max_players) throw new AppError('room_full');
  if (r.entry_fee > 0) {
    const [left] = await db.orm
      .select({ x: sql<number>`1` })
      .from(coinLedger)
      .where(and(eq(coinLedger.user_id, userId), eq(coinLedger.op_id, refundOp(r.id))));
    if (left) throw new AppError('forbidden', { message: 'You have left this room.' });
  }
  await charge(db, r.id, userId, r.entry_fee);
  const taken = new Set(seats.map((s) => s.slot));
  let slot = 1;
  while (taken.has(slot)) slot++;
  await db.run(sql`INSERT INTO room_players (room_id, user_id, slot) VALUES (${r.id}::uuid, ${userId}, ${slot})`);
  const state = stateOf(r, await seatsOf(db, r.id));
  return { state, events: [{ type: 'room', room: state }] };
}

/** The owner starts a waiting room with two or more players: round 1 opens after the countdown. */
export async function startRoom(db: Db, setup: BattleSetup, userId: number, id: string): Promise<RoomChange> {
  const { r, seats } = await memberRoom(db, setup.clock, userId, id);
  if (r.owner_id !== userId) throw new AppError('forbidden', { message: 'Only the room owner can start it.' });
  if (r.status === 'deleted') throw new AppError('room_deleted');
  if (r.status !== 'waiting') throw new AppError('room_not_waiting');
  // Guests whose connection dropped longer than the reconnect grace ago are not there: they do
  // not play, their seat is freed and their fee refunded.
  const gone = await db.orm
    .select({ user_id: roomPlayers.user_id })
    .from(roomPlayers)
    .where(
      and(
        eq(roomPlayers.room_id, id),
        ne(roomPlayers.user_id, r.owner_id),
        sql`${roomPlayers.state} = 'disconnected'`,
        lte(
          roomPlayers.disconnected_at,
          sql`${setup.clock.sql()} - make_interval(secs => ${setup.rules.reconnect_grace_seconds}::float8)`,
        ),
      ),
    );
  const goneIds = new Set(gone.map((g) => g.user_id));
  if (seats.filter((s) => s.state !== 'left' && !goneIds.has(s.user_id)).length < 2)
    throw new AppError('operation_not_allowed', { message: 'At least two players are needed.' });
  for (const g of goneIds) {
    await refund(db, id, g, r.entry_fee);
    await db.run(sql`DELETE FROM room_players WHERE room_id = ${id}::uuid AND user_id = ${g}`);
  }
  return openFirstRound(db, setup, id);
}

/** Starts a room: playing, round 1 announced (its question goes out as it opens, after the countdown). */
export async function openFirstRound(db: Db, setup: BattleSetup, id: string): Promise<RoomChange> {
  const now = setup.clock.sql();
  await db.run(sql`UPDATE rooms SET status = 'playing', started_at = ${now}, round = 1,
      round_opens_at = ${now} + make_interval(secs => ${setup.roundDelayMs / 1000}::float8),
      round_deadline = ${now} + make_interval(secs => ${setup.roundDelayMs / 1000}::float8 + round_seconds)
    WHERE id = ${id}::uuid`);
  const started = (await lockRoom(db, setup.clock, id, 'none'))!;
  const state = stateOf(started, await seatsOf(db, id));
  return { state, events: [{ type: 'room', room: state }, roundReadyEvent(started)] };
}

/** Refunds every held fee (once each) and marks the room deleted. */
export async function dissolve(db: Db, r: RoomRow, seats: SeatRow[]): Promise<RoomChange> {
  for (const s of seats) await refund(db, r.id, s.user_id, r.entry_fee);
  await db.run(sql`UPDATE rooms SET status = 'deleted', finished_at = now() WHERE id = ${r.id}::uuid`);
  const state = stateOf({ ...r, status: 'deleted' }, seats);
  return { state, events: [{ type: 'room', room: state }] };
}

/**
 * The owner deletes a waiting room, or a group room during its first round: every fee comes
 * back, the owner's included, so deleting must not be a way out of a stake being lost. An owner
 * who has left has no say; once a round has closed (the scores are out) a room plays on to its
 * result. A group room may still be called off before its first round closes, while nobody
 * knows who is ahead (the spec's owner deletes a group battle during play); a 1v1 friend battle,
 * once started, plays on like any duel.
 */
export async function deleteRoom(db: Db, clock: Clock, userId: number, id: string): Promise<RoomChange> {
  const { r, seats, seat } = await memberRoom(db, clock, userId, id);
  if (r.owner_id !== userId) throw new AppError('forbidden', { message: 'Only the room owner can delete it.' });
  // A random battle is cancelled with destroy_match while it waits; once matched, nobody owns it.
  if (r.kind === 'random') throw new AppError('forbidden', { message: 'A random battle cannot be deleted.' });
  if (r.status === 'deleted') return { state: stateOf(r, seats), events: [] };
  if (seat.state === 'left') throw new AppError('operation_not_allowed', { message: 'You have left this battle.' });
  if (r.status === 'waiting') return dissolve(db, r, seats);
  if (r.status === 'playing' && r.kind === 'group' && r.round <= 1) return dissolve(db, r, seats);
  throw new AppError('room_not_waiting');
}

/**
 * Leaves a room. While waiting: the owner leaving deletes it; anyone else gets the fee back and
 * frees the seat. While playing: the seat counts as left (its stake stays in the pot).
 */
export async function leaveRoom(db: Db, clock: Clock, userId: number, id: string): Promise<RoomChange> {
  const { r, seats, seat } = await memberRoom(db, clock, userId, id);
  if (r.status === 'waiting') {
    if (r.owner_id === userId) return dissolve(db, r, seats);
    await refund(db, r.id, userId, r.entry_fee);
    await db.run(sql`DELETE FROM room_players WHERE room_id = ${id}::uuid AND user_id = ${userId}`);
  } else if (r.status === 'playing' && seat.state !== 'left') {
    await db.run(sql`UPDATE room_players SET state = 'left' WHERE room_id = ${id}::uuid AND user_id = ${userId}`);
    await hurryRound(db, clock, id);
  } else {
    return { state: stateOf(r, seats), events: [] };
  }
  const state = stateOf(r, await seatsOf(db, id));
  return { state, events: [{ type: 'room', room: state }] };
}

/**
 * What a socket gets on joining a room: its state; while playing, the round now open and who
 * answered it, or during a countdown the round announced (no question: nothing of a round not
 * yet open); once finished, the result (a player back after the end still sees it).
 */
export async function roomSnapshot(db: Db, clock: Clock, userId: number, id: string): Promise<ServerMessage[]> {
  const { r, seats } = await memberRoom(db, clock, userId, id, 'none');
  const out: ServerMessage[] = [{ type: 'room', room: stateOf(r, seats) }];
  if (r.status === 'finished') {
    const [stored] = await db.orm.select({ result: rooms.result }).from(rooms).where(eq(rooms.id, r.id));
    if (stored?.result) out.push({ type: 'result', result: stored.result });
  }
  if (r.status === 'playing' && r.round > 0 && r.revealed_round < r.round) out.push(roundReadyEvent(r));
  else if (r.status === 'playing' && r.round > 0) {
    out.push(await roundOpenEvent(db, r));
    // Who has answered it already (a socket joining mid-round, or back after a drop, learns
    // whether its own answer got through).
    const answered = await db.orm
      .select({ user_id: roomAnswers.user_id })
      .from(roomAnswers)
      .where(and(eq(roomAnswers.room_id, r.id), eq(roomAnswers.round, r.round)))
      .orderBy(roomAnswers.answered_at);
    for (const a of answered) out.push({ type: 'answered', room_id: r.id, round: r.round, user_id: a.user_id });
  }
  return out;
}

/**
 * After the bot's answer, in its transaction with the room locked: when every player still in
 * has answered, the round closes now rather than at its deadline.
 */
export async function closeIfAnswered(db: Db, setup: BattleSetup, r: RoomRow): Promise<ServerMessage[]> {
  const answeredNow = db.orm
    .select({ x: sql`1` })
    .from(roomAnswers)
    .where(
      and(
        eq(roomAnswers.room_id, roomPlayers.room_id),
        eq(roomAnswers.round, r.round),
        eq(roomAnswers.user_id, roomPlayers.user_id),
      ),
    );
  const [open] = await db.orm
    .select({ waiting: count() })
    .from(roomPlayers)
    .where(and(eq(roomPlayers.room_id, r.id), sql`${roomPlayers.state} <> 'left'`, notExists(answeredNow)));
  if (open!.waiting > 0) return [];
  const seats = await seatsOf(db, r.id);
  // closeRounds' statements are the answer batch's: planned the same way (KEYED_PLANS).
  await db.run(sql`SELECT ${KEYED_PLANS}`);
  return (await closeRounds(db, setup, [{ r, seats }]))[0]!;
}

/**
 * Ends the open round now (its deadline moved to this instant) when fewer than two players are
 * still in or everyone still in has answered, so that the next tick closes it; after a leave.
 */
export async function hurryRound(db: Db, clock: Clock, id: string): Promise<void> {
  await db.run(sql`UPDATE rooms r SET round_deadline = least(r.round_deadline, ${clock.sql()})
    WHERE r.id = ${id}::uuid AND r.status = 'playing' AND (
      (SELECT count(*) FROM room_players p WHERE p.room_id = r.id AND p.state <> 'left') < 2
      OR NOT EXISTS (SELECT 1 FROM room_players p WHERE p.room_id = r.id AND p.state <> 'left'
        AND NOT EXISTS (SELECT 1 FROM room_answers a WHERE a.room_id = r.id AND a.round = r.round
          AND a.user_id = p.user_id)))`);
}

/** Rooms whose round's deadline has passed that one tick closes in one transaction. */
export const CLOSE_BATCH = 100;

/**
 * Claims the playing rooms whose round's deadline has passed (up to {@link CLOSE_BATCH}), with
 * FOR UPDATE SKIP LOCKED so that of several nodes only one closes each, and closes their rounds
 * together. Empty when none is due. (A round everyone answered closes in the last answer's
 * transaction; a leave moves the deadline.)
 */
export async function closeDueRounds(
  db: Db,
  setup: BattleSetup,
): Promise<{ roomId: string; events: ServerMessage[] }[]> {
  // A row another transaction changed meanwhile is read again as committed (READ COMMITTED
  // re-checks it), so the columns are those of the room as locked.
  const due = await db.rows<RoomRow>(sql`SELECT ${roomColumns(setup.clock)}, ${KEYED_PLANS} FROM rooms r
    WHERE r.status = 'playing' AND r.round_deadline <= ${setup.clock.sql()}
    ORDER BY r.round_deadline LIMIT ${CLOSE_BATCH} FOR UPDATE OF r SKIP LOCKED`);
  if (due.length === 0) return [];
  const seats = await seatsOfRooms(
    db,
    due.map((r) => r.id),
  );
  const list = due.map((r) => ({ r, seats: seats.get(r.id) ?? [] }));
  const closed = await closeRounds(db, setup, list);
  return list.map((x, i) => ({ roomId: x.r.id, events: closed[i]! }));
}

/**
 * Closes the open rounds of locked rooms, given with their seats as read before: scores them
 * (one statement for all), then opens each room's next round (one statement for all that go
 * on) or settles the room. Answers each room's events, in the order given.
 */
export async function closeRounds(
  db: Db,
  setup: BattleSetup,
  rooms: readonly { r: RoomRow; seats: SeatRow[] }[],
): Promise<ServerMessage[][]> {
  // The rounds' answers, added to the players' totals as they are read.
  const answers = await db.rows<{
    room_id: string;
    user_id: number;
    answer: string | null;
    is_correct: boolean;
    points: number;
    total: number;
    total_correct: number;
  }>(sql`UPDATE room_players p SET points = p.points + a.points, correct = p.correct + a.is_correct::int
      FROM unnest(${`{${rooms.map(({ r }) => r.id).join(',')}}`}::uuid[],
        ${`{${rooms.map(({ r }) => r.round).join(',')}}`}::integer[]) AS x(room_id, round)
      JOIN room_answers a ON a.room_id = x.room_id AND a.round = x.round
      WHERE p.room_id = a.room_id AND p.user_id = a.user_id
      RETURNING p.room_id, a.user_id, a.answer, a.is_correct, a.points, p.points AS total, p.correct AS total_correct`);
  const byRoom = new Map<string, Map<number, (typeof answers)[number]>>();
  for (const a of answers) {
    let m = byRoom.get(a.room_id);
    if (!m) byRoom.set(a.room_id, (m = new Map()));
    m.set(a.user_id, a);
  }
  const out: ServerMessage[][] = [];
  const goOn: { r: RoomRow; seats: SeatRow[]; events: ServerMessage[] }[] = [];
  const ending: { r: RoomRow; seats: SeatRow[]; events: ServerMessage[] }[] = [];
  for (const { r, seats: before } of rooms) {
    const mine = byRoom.get(r.id) ?? new Map<number, (typeof answers)[number]>();
    // The seats with their totals after this round (as seatsOf would read them now).
    const seats = before.map((s) => {
      const a = mine.get(s.user_id);
      return a ? { ...s, points: a.total, correct: a.total_correct } : { ...s };
    });
    const qid = r.question_ids[r.round - 1]!;
    const events: ServerMessage[] = [
      {
        type: 'round_close',
        round: {
          room_id: r.id,
          round: r.round,
          question_id: qid,
          answer: r.answer_key[String(qid)] ?? '',
          answers: seats.map((s) => {
            const a = mine.get(s.user_id);
            return {
              user_id: s.user_id,
              answer: a?.answer ?? null,
              correct: a?.is_correct ?? false,
              points: a?.points ?? 0,
            };
          }),
        },
      },
    ];
    out.push(events);
    const stayers = seats.filter((s) => s.state !== 'left').length;
    if (r.round < r.question_ids.length && stayers >= 2) goOn.push({ r, seats, events });
    else ending.push({ r, seats, events });
  }
  if (goOn.length) {
    const now = setup.clock.sql();
    const next = await db.rows<RoomRow>(sql`UPDATE rooms r SET round = r.round + 1,
        round_opens_at = ${now} + make_interval(secs => ${setup.roundDelayMs / 1000}::float8),
        round_deadline = ${now} + make_interval(secs => ${setup.roundDelayMs / 1000}::float8 + r.round_seconds)
      WHERE r.id = ANY(${`{${goOn.map((x) => x.r.id).join(',')}}`}::uuid[]) RETURNING ${roomColumns(setup.clock)}`);
    const byId = new Map(next.map((r) => [r.id, r]));
    for (const x of goOn) {
      const n = byId.get(x.r.id)!;
      x.events.push({ type: 'room', room: stateOf(n, x.seats) }, roundReadyEvent(n));
    }
  }
  // Settling last: its statements (the ledger's, badges) are planned as everywhere else.
  if (ending.length) await db.run(sql`SELECT ${DEFAULT_PLANS}`);
  for (const { r, seats, events } of ending) {
    const result = await settle(db, setup.rules, r, seats);
    events.push({ type: 'result', result }, { type: 'room', room: stateOf({ ...r, status: 'finished' }, seats) });
  }
  return out;
}

/** Ranks the players, credits the payouts (each once) and stores the result on the room. */
async function settle(db: Db, rules: BattleRules, r: RoomRow, seats: SeatRow[]): Promise<RoomResult> {
  const players = seats.map((s) => ({
    id: s.user_id,
    points: s.points,
    correct: s.correct,
    joinedAt: s.joined_ms,
    left: s.state === 'left',
  }));
  const outcome = battleOutcome(players, rules, { fee: r.entry_fee, vsBot: r.kind === 'bot' });
  const tally = new Map(standings(players).map((p) => [p.id, p]));
  for (const p of outcome.players) {
    // A draw gives each their own fee back: the same ledger reason (and words) as any other fee
    // refund, not "winnings" (issue 22 §16). One op id per room and player either way.
    if (p.payout > 0)
      await moveCoins(db, {
        userId: p.id,
        delta: p.payout,
        reason: p.result === 'draw' ? 'battle_refund' : 'battle_payout',
        ref: r.id,
        opId: payoutOp(r.id),
      });
  }
  // Random battles: wins back to back (a draw or a loss starts again from 0).
  const streaks = new Map<number, number>();
  if (r.kind === 'random') {
    for (const p of outcome.players) {
      const won = p.result === 'win';
      const s = randomBattleStreaks;
      const [row] = await db.orm
        .insert(s)
        .values({ user_id: p.id, wins_in_row: won ? 1 : 0, best: won ? 1 : 0 })
        .onConflictDoUpdate({
          target: s.user_id,
          set: {
            wins_in_row: sql`CASE WHEN ${won} THEN ${s.wins_in_row} + 1 ELSE 0 END`,
            best: sql`greatest(${s.best}, CASE WHEN ${won} THEN ${s.wins_in_row} + 1 ELSE 0 END)`,
            updated_at: sql`now()`,
          },
        })
        .returning({ wins_in_row: s.wins_in_row });
      streaks.set(p.id, row!.wins_in_row);
    }
  }
  const result: RoomResult = {
    room_id: r.id,
    standings: outcome.players.map((p) => ({
      user_id: p.id,
      rank: p.rank,
      points: tally.get(p.id)!.points,
      correct: tally.get(p.id)!.correct,
      result: p.result,
      payout: p.payout,
      ...(streaks.has(p.id) ? { win_streak: streaks.get(p.id)! } : {}),
    })),
  };
  await db.run(sql`UPDATE rooms SET status = 'finished', finished_at = now(), result = ${JSON.stringify(result)}::jsonb
    WHERE id = ${r.id}::uuid`);
  // Badges a battle can earn (first game, winners, Quiz Warrior) unlock, notify and are named in
  // the result: checked once the finished battle is on record.
  let named = false;
  for (const p of result.standings) {
    if (seats.find((s) => s.user_id === p.user_id)?.is_bot) continue;
    const fresh = (await checkBadges(db, p.user_id)).unlocked;
    if (fresh.length === 0) continue;
    p.badges = fresh;
    named = true;
  }
  if (named) await db.run(sql`UPDATE rooms SET result = ${JSON.stringify(result)}::jsonb WHERE id = ${r.id}::uuid`);
  return result;
}
