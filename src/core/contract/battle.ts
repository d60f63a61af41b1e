import { z } from 'zod';
import { action } from './define';
import { idField, intField, languageIdField, paging, slugField } from './fields';
import type { LiveQuestion, RoomKind, RoomState } from './realtime';

const roomIdField = z.uuid({ error: 'must be a room id' });

/** A room's questions as a member sees them: only the rounds already open, no answers; the round now open. */
export interface RoomQuestions {
  room: RoomState;
  questions: LiveQuestion[];
  /** The round now open (1-based), 0 before the first. */
  round: number;
  /** Server instants (ISO) of the current round; empty before the first. */
  opens_at: string;
  deadline: string;
  server_time: string;
}

/**
 * The battle the player still holds a seat in (issue 21 §5): a waiting or playing room whose
 * seat is theirs, connected or disconnected within the reconnect grace. What the app offers as
 * "Back to your battle" after the tab was closed.
 */
export interface HeldSeat {
  room_id: string;
  kind: RoomKind;
  status: 'waiting' | 'playing';
  /** Friend and group rooms: the code to share ('' otherwise). */
  room_code: string;
  seat_state: 'connected' | 'disconnected';
  /** A disconnected seat: when the grace ends and it is given up (server instant, ISO); else null. */
  grace_ends_at: string | null;
  server_time: string;
}

/** 0/1 (or false/true), as the spec's flags are sent. */
const flag = z.preprocess(
  (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
  z.boolean({ error: 'must be 0 or 1' }),
);

/** One finished two-player battle of the player, as the statistics list shows it. */
export interface BattleStatistic {
  room_id: string;
  kind: 'random' | 'friend' | 'bot';
  /** When it finished (ISO, UTC). */
  date: string;
  opponent_id: number;
  opponent_name: string;
  opponent_image: string;
  result: 'win' | 'lose' | 'draw';
  points: number;
  opponent_points: number;
}

export const battleActions = {
  /** The player's finished 1v1 battles (random, friend, bot), newest first by default. */
  get_battle_statistics: action<BattleStatistic[]>()({
    input: z.object({
      ...paging,
      sort: z.enum(['date', 'points'], { error: 'must be date or points' }).default('date'),
      order: z.enum(['asc', 'desc', 'ASC', 'DESC'], { error: 'must be asc or desc' }).default('desc'),
    }),
    access: 'user',
    mutates: false,
  }),
  /**
   * The spec's report of a finished 1v1 battle. The server never takes the client's figures:
   * it answers its own record of the latest finished 1v1 battle (random, friend, bot) between
   * the two users, as the caller sees it (not_found when there is none), and writes nothing.
   * The caller must be one of the two.
   */
  set_battle_statistics: action<BattleStatistic>()({
    input: z
      .object({
        user_id1: idField,
        user_id2: idField,
        winner_id: intField(0, 2_147_483_647).optional(),
        is_drawn: flag.optional(),
      })
      .refine((o) => o.user_id1 !== o.user_id2, { path: ['user_id2'], error: 'must differ from user_id1' }),
    access: 'user',
    mutates: false,
  }),
  /**
   * Random 1v1 matchmaking. Without match_id: a seat in a waiting room of the language and
   * category (the battle starts), else a new waiting room (its room_id is the match_id; wait on
   * the socket). With match_id: the room; destroy_match cancels it while still waiting.
   */
  get_random_questions: action<RoomState>()({
    mode: (i) => (i.destroy_match ? null : 'one_vs_one_battle'),
    input: z.object({
      language_id: languageIdField,
      match_id: roomIdField.optional(),
      category: slugField.optional(),
      destroy_match: flag.optional(),
    }),
    access: 'user',
    mutates: true,
  }),
  /** A battle against the bot: no fee, starts at once. */
  play_with_bot: action<RoomState>()({
    mode: 'one_vs_one_battle',
    input: z.object({
      language_id: languageIdField,
      category: slugField,
      no_of_que: intField(1, 50).optional(),
    }),
    access: 'user',
    mutates: true,
  }),
  create_room: action<RoomState>()({
    mode: (i) => (i.room_type === 'group' ? 'group_battle' : 'one_vs_one_battle'),
    input: z.object({
      language_id: languageIdField,
      room_type: z.enum(['friend', 'group'], { error: 'must be friend or group' }),
      category: slugField,
      no_of_que: intField(1, 50).default(10),
      entry_fee: intField(0, 1000).default(0),
      max_players: intField(2, 4).optional(),
    }),
    access: 'user',
    mutates: true,
  }),
  join_room: action<RoomState>()({
    input: z.object({ room_code: z.string({ error: 'must be text' }).trim().max(32) }),
    access: 'user',
    mutates: true,
  }),
  start_room: action<RoomState>()({
    input: z.object({ room_id: roomIdField }),
    access: 'user',
    mutates: true,
  }),
  /**
   * The caller's held seat, if any (`seat` null otherwise): only their own, whatever else is
   * sent. The newest when there are several.
   */
  get_active_battle: action<{ seat: HeldSeat | null }>()({
    input: z.object({}),
    access: 'user',
    mutates: false,
  }),
  delete_room: action<RoomState>()({
    input: z.object({ room_id: roomIdField }),
    access: 'user',
    mutates: true,
  }),
  leave_room: action<RoomState>()({
    input: z.object({ room_id: roomIdField }),
    access: 'user',
    mutates: true,
  }),
  get_question_by_room_id: action<RoomQuestions>()({
    input: z.object({ room_id: roomIdField }),
    access: 'user',
    mutates: false,
  }),
};
