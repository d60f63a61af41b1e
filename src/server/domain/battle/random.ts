import { randomInt } from 'node:crypto';
import type { ServerMessage } from '../../../core/contract';
import { botAnswer, answerPoints } from '../../../core/rules/battle';
import { and, eq, ne, not } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Db } from '../../db/client';
import { rooms, users } from '../../db/schema';
import { AppError } from '../../errors';
import { assertUnlocked, categoryBySlug } from '../content';
import { resolveLanguageId } from '../languages';
import type { SettingsStore } from '../settings-store';
import {
  type BattleSetup,
  type RoomChange,
  charge,
  closeIfAnswered,
  dissolve,
  insertRoom,
  lockRoom,
  memberRoom,
  openFirstRound,
  roomState,
  seatsOf,
  stateOf,
} from './rooms';
import { MATCH_MARGIN_SECONDS, seatResumed } from './presence';

// Random 1v1 matchmaking and the bot; rooms, seats, fees and settlement are in ./rooms.

// Rooms are read as `r` (the conditions' subqueries refer to it).
const r = alias(rooms, 'r');

/** The user every bot seat belongs to, created on first use. */
export async function botUserId(db: Db): Promise<number> {
  const [row] = await db.orm
    .insert(users)
    .values({ firebase_id: 'bot:1', name: 'Quiz Bot', type: 'email', role: 'player', status: 1, refer_code: 'bot:1' })
    .onConflictDoUpdate({ target: users.firebase_id, set: { name: sql`users.name` } })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * A battle against the bot: no fee and no pot, the bot in seat 2, started at once. The bot's
 * answers (and when it gives them) are drawn now; the ticker stores each one as its time comes.
 * The bot's answer time is scaled into the round when the round is shorter than its range.
 */
export async function playWithBot(
  db: Db,
  settings: SettingsStore,
  setup: BattleSetup,
  userId: number,
  o: { language_id?: number; category: string; no_of_que?: number },
): Promise<RoomChange> {
  const { rules } = setup;
  const roundMs = rules.round_seconds * 1000;
  const scale = Math.min(1, (roundMs * 0.8) / Math.max(1, rules.bot_max_answer_ms));
  const id = await insertRoom(db, settings, setup.clock, userId, {
    language_id: o.language_id,
    kind: 'bot',
    code: false,
    category: o.category,
    no_of_que: o.no_of_que ?? rules.random_battle_questions,
    entry_fee: 0,
    max_players: 2,
    round_seconds: rules.round_seconds,
    botPlan: (q) => {
      const a = botAnswer(() => randomInt(2 ** 32) / 2 ** 32, q, rules);
      return { answer: a.answer, elapsedMs: Math.floor(a.elapsedMs * scale) };
    },
  });
  const bot = await botUserId(db);
  await db.run(sql`INSERT INTO room_players (room_id, user_id, slot, is_bot) VALUES (${id}::uuid, ${bot}, 2, true)`);
  return openFirstRound(db, setup, id);
}

/**
 * Claims one bot room whose bot is due to answer the open round (FOR UPDATE SKIP LOCKED, so one
 * node does it) and stores the answer drawn for it. Null when no bot is due.
 */
export async function botMove(db: Db, setup: BattleSetup): Promise<{ roomId: string; events: ServerMessage[] } | null> {
  const { rules } = setup;
  const [due] = await db.orm
    .select({ id: r.id })
    .from(r)
    .where(
      sql`r.kind = 'bot' AND r.status = 'playing' AND r.round > 0 AND r.revealed_round = r.round
      AND ${setup.clock.sql()} >= r.round_opens_at
        + make_interval(secs => coalesce((r.bot_plan -> (r.round - 1) ->> 'elapsed_ms')::float8, 0) / 1000)
      AND NOT EXISTS (SELECT 1 FROM room_answers a JOIN room_players p
        ON p.room_id = a.room_id AND p.user_id = a.user_id AND p.is_bot
        WHERE a.room_id = r.id AND a.round = r.round)`,
    )
    .orderBy(r.round_opens_at)
    .limit(1)
    .for('update', { of: r, skipLocked: true });
  if (!due) return null;
  const room = (await lockRoom(db, setup.clock, due.id))!;
  const turn = room.round - 1;
  const [plan] = await db.orm
    .select({
      answer: sql<string | null>`${rooms.bot_plan} -> ${turn}::int ->> 'answer'`,
      elapsed_ms: sql<number | null>`(${rooms.bot_plan} -> ${turn}::int ->> 'elapsed_ms')::int`,
    })
    .from(rooms)
    .where(sql`${rooms.id} = ${room.id}::uuid`);
  const bot = (await seatsOf(db, room.id)).find((s) => s.is_bot);
  if (!bot) return null;
  const qid = room.question_ids[room.round - 1]!;
  const answer = plan?.answer ?? null;
  const elapsed = plan?.elapsed_ms ?? Math.max(0, Math.round(room.now_ms - room.opens_ms!));
  const correct = answer !== null && room.answer_key[String(qid)] === answer;
  const points = answerPoints(correct, elapsed, rules, room.round_seconds);
  await db.run(sql`INSERT INTO room_answers (room_id, round, user_id, answer, is_correct, points, elapsed_ms)
    VALUES (${room.id}::uuid, ${room.round}, ${bot.user_id}, ${answer}, ${correct}, ${points}, ${elapsed})
    ON CONFLICT DO NOTHING`);
  return {
    roomId: room.id,
    events: [
      { type: 'answered', room_id: room.id, round: room.round, user_id: bot.user_id },
      ...(await closeIfAnswered(db, setup, room)),
    ],
  };
}

/** A random room the user has a seat in; not_found for any other room. */
async function randomMemberRoom(db: Db, setup: BattleSetup, userId: number, id: string) {
  const m = await memberRoom(db, setup.clock, userId, id);
  if (m.r.kind !== 'random') throw new AppError('not_found', { field: 'match_id', message: 'No such room.' });
  return m;
}

/**
 * Random 1v1 matchmaking by language and category.
 *
 * - Without match_id: takes the seat of the oldest waiting random room of the language and
 *   category (not the caller's), holds the fee and starts it; else the caller's own waiting room
 *   of that kind, or a new one with the fee held. A transaction-scoped advisory lock per
 *   (language, category) makes callers racing end up in one room.
 * - With match_id: the room's state; with destroy_match the creator cancels a room still
 *   waiting (the fee comes back once, the room is deleted). A started room is only answered.
 */
export async function randomMatch(
  db: Db,
  settings: SettingsStore,
  setup: BattleSetup,
  userId: number,
  o: { language_id?: number; category?: string; match_id?: string; destroy_match?: boolean },
): Promise<RoomChange> {
  const { rules } = setup;
  if (o.match_id) {
    const { r, seats } = await randomMemberRoom(db, setup, userId, o.match_id);
    if (o.destroy_match && r.status === 'waiting') {
      if (r.owner_id !== userId) throw new AppError('forbidden', { message: 'Only the creator can cancel it.' });
      return dissolve(db, r, seats);
    }
    return { state: stateOf(r, seats), events: [] };
  }
  if (o.destroy_match)
    throw new AppError('invalid_input', { field: 'match_id', message: 'match_id: required to cancel a match' });
  if (!o.category) throw new AppError('invalid_input', { field: 'category', message: 'category: required' });
  const languageId = await resolveLanguageId(db, settings, o.language_id);
  const cat = await categoryBySlug(db, languageId, o.category, 1);
  await assertUnlocked(db, userId, cat);
  await db.run(sql`SELECT pg_advisory_xact_lock(hashtext(${`random:${languageId}:${cat.slug}`}))`);
  // Only rooms still within the search time are matched. The caller's own stale rooms are
  // dissolved now (their fee comes back before a new one is held); others' by the ticker.
  const fresh = sql`r.created_at > ${setup.clock.sql()} - make_interval(secs => ${rules.search_seconds + MATCH_MARGIN_SECONDS}::float8)`;
  const stale = await db.orm
    .select({ id: r.id })
    .from(r)
    .where(and(sql`${r.kind} = 'random'`, sql`${r.status} = 'waiting'`, eq(r.owner_id, userId), not(fresh)))
    .orderBy(r.created_at)
    .for('update', { of: r });
  const also: RoomChange[] = [];
  for (const { id } of stale)
    also.push(await dissolve(db, (await lockRoom(db, setup.clock, id))!, await seatsOf(db, id)));
  const withAlso = (c: RoomChange): RoomChange => (also.length ? { ...c, also } : c);
  const waitingHere = and(
    sql`${r.kind} = 'random'`,
    sql`${r.status} = 'waiting'`,
    eq(r.language_id, languageId),
    eq(r.category, cat.slug),
    fresh,
  );
  const [mine] = await db.orm
    .select({ id: r.id })
    .from(r)
    .where(and(waitingHere, eq(r.owner_id, userId)))
    .orderBy(r.created_at)
    .limit(1);
  if (mine) {
    // Asking again is being back: a seat dropped meanwhile is connected again.
    const back = await seatResumed(db, setup.clock, userId, mine.id);
    return withAlso(back ?? { state: await roomState(db, setup.clock, mine.id), events: [] });
  }
  // Never a room whose creator has gone (their socket dropped): nobody would play there.
  const [open] = await db.orm
    .select({ id: r.id })
    .from(r)
    .where(
      and(
        waitingHere,
        ne(r.owner_id, userId),
        sql`NOT EXISTS (SELECT 1 FROM room_players p WHERE p.room_id = r.id AND p.user_id = r.owner_id
          AND p.state <> 'connected')`,
        sql`(SELECT count(*) FROM room_players p WHERE p.room_id = r.id) < r.max_players`,
      ),
    )
    .orderBy(r.created_at)
    .limit(1)
    .for('update', { of: r, skipLocked: true });
  if (open) {
    const room = (await lockRoom(db, setup.clock, open.id))!;
    await charge(db, open.id, userId, room.entry_fee);
    await db.run(sql`INSERT INTO room_players (room_id, user_id, slot) VALUES (${open.id}::uuid, ${userId}, 2)`);
    return withAlso(await openFirstRound(db, setup, open.id));
  }
  const id = await insertRoom(db, settings, setup.clock, userId, {
    language_id: languageId,
    kind: 'random',
    code: false,
    category: cat.slug,
    no_of_que: rules.random_battle_questions,
    entry_fee: rules.random_battle_entry_fee,
    max_players: 2,
    round_seconds: rules.round_seconds,
  });
  return withAlso({ state: await roomState(db, setup.clock, id), events: [] });
}
