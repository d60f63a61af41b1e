import { createRoom, deleteRoom, joinRoom, leaveRoom, startRoom, type RoomChange } from '../domain/battle/rooms';
import { playWithBot, randomMatch } from '../domain/battle/random';
import { roomQuestions } from '../domain/battle/room-reveal';
import { heldSeat } from '../domain/battle/held-seat';
import { battleStatistics, lastBattleWith } from '../domain/battle-history';
import { AppError } from '../errors';
import { me, paged, type ActionContext, type Handlers } from '../http/context';

/** The room's state now; its events go out on the bus once the transaction has committed. */
function changed(ctx: ActionContext, change: RoomChange) {
  const all = [change, ...(change.also ?? [])];
  const publish = () => {
    for (const c of all) void ctx.services.battles.publish(c.state.room_id, c.events);
  };
  if (all.some((c) => c.events.length)) {
    if (ctx.afterCommit) ctx.afterCommit(publish);
    else publish();
  }
  return change.state;
}

export const battleHandlers: Handlers<
  | 'create_room'
  | 'join_room'
  | 'start_room'
  | 'get_active_battle'
  | 'delete_room'
  | 'leave_room'
  | 'get_question_by_room_id'
  | 'get_random_questions'
  | 'play_with_bot'
  | 'get_battle_statistics'
  | 'set_battle_statistics'
> = {
  async get_battle_statistics({ offset, limit, sort, order }, ctx) {
    const o = order.toLowerCase() === 'asc' ? 'asc' : 'desc';
    const page = await battleStatistics(ctx.db, me(ctx).id, { offset, limit, sort, order: o });
    return paged(page.rows, page.total);
  },
  async set_battle_statistics({ user_id1, user_id2 }, ctx) {
    // The client's winner_id and is_drawn are read and ignored: results come from the rooms.
    const uid = me(ctx).id;
    if (uid !== user_id1 && uid !== user_id2)
      throw new AppError('forbidden', { message: 'You can only report your own battles.' });
    const other = uid === user_id1 ? user_id2 : user_id1;
    const row = await lastBattleWith(ctx.db, uid, other);
    if (!row) throw new AppError('not_found', { message: 'No finished battle between these players.' });
    return row;
  },
  async get_random_questions(o, ctx) {
    const { settings, battles } = ctx.services;
    return changed(ctx, await randomMatch(ctx.db, settings, battles.setup, me(ctx).id, o));
  },
  async play_with_bot(o, ctx) {
    const { settings, battles } = ctx.services;
    return changed(ctx, await playWithBot(ctx.db, settings, battles.setup, me(ctx).id, o));
  },
  async create_room(o, ctx) {
    return createRoom(ctx.db, ctx.services.settings, ctx.services.battles.setup, me(ctx).id, o);
  },
  async join_room({ room_code }, ctx) {
    return changed(ctx, await joinRoom(ctx.db, ctx.services.battles.setup.clock, me(ctx).id, room_code));
  },
  async start_room({ room_id }, ctx) {
    return changed(ctx, await startRoom(ctx.db, ctx.services.battles.setup, me(ctx).id, room_id));
  },
  async get_active_battle(_input, ctx) {
    return { seat: await heldSeat(ctx.db, ctx.services.battles.setup, me(ctx).id) };
  },
  async delete_room({ room_id }, ctx) {
    return changed(ctx, await deleteRoom(ctx.db, ctx.services.battles.setup.clock, me(ctx).id, room_id));
  },
  async leave_room({ room_id }, ctx) {
    return changed(ctx, await leaveRoom(ctx.db, ctx.services.battles.setup.clock, me(ctx).id, room_id));
  },
  async get_question_by_room_id({ room_id }, ctx) {
    return roomQuestions(ctx.db, ctx.services.battles.setup.clock, me(ctx).id, room_id);
  },
};
