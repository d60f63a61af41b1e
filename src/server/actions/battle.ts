import {
  createRoom,
  deleteRoom,
  joinRoom,
  leaveRoom,
  roomQuestions,
  startRoom,
  type RoomChange,
} from '../domain/battle/rooms';
import { me, type ActionContext, type Handlers } from '../http/context';

/** The room's state now; its events go out on the bus once the transaction has committed. */
function changed(ctx: ActionContext, change: RoomChange) {
  const publish = () => void ctx.services.battles.publish(change.state.room_id, change.events);
  if (change.events.length) {
    if (ctx.afterCommit) ctx.afterCommit(publish);
    else publish();
  }
  return change.state;
}

export const battleHandlers: Handlers<
  'create_room' | 'join_room' | 'start_room' | 'delete_room' | 'leave_room' | 'get_question_by_room_id'
> = {
  async create_room(o, ctx) {
    return createRoom(ctx.db, ctx.services.settings, ctx.services.battles.setup, me(ctx).id, o);
  },
  async join_room({ room_code }, ctx) {
    return changed(ctx, await joinRoom(ctx.db, me(ctx).id, room_code));
  },
  async start_room({ room_id }, ctx) {
    return changed(ctx, await startRoom(ctx.db, ctx.services.battles.setup, me(ctx).id, room_id));
  },
  async delete_room({ room_id }, ctx) {
    return changed(ctx, await deleteRoom(ctx.db, me(ctx).id, room_id));
  },
  async leave_room({ room_id }, ctx) {
    return changed(ctx, await leaveRoom(ctx.db, me(ctx).id, room_id));
  },
  async get_question_by_room_id({ room_id }, ctx) {
    return roomQuestions(ctx.db, me(ctx).id, room_id);
  },
};
