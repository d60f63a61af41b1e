import { z } from 'zod';
import { action } from './define';
import { intField, languageIdField, slugField } from './fields';
import type { LiveQuestion, RoomState } from './realtime';

const roomIdField = z.uuid({ error: 'must be a room id' });

/** A room's questions as a member sees them (no answers), with the round now open. */
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

export const battleActions = {
  create_room: action<RoomState>()({
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
