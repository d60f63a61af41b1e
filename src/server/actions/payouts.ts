import {
  cancelPaymentRequest,
  createPaymentRequest,
  listPaymentRequests,
  settlePaymentRequest,
} from '../domain/payouts';
import { audited, me, paged, type Handlers } from '../http/context';

export const payoutHandlers: Handlers<
  'get_payment_request' | 'set_payment_request' | 'delete_pending_payment_request' | 'set_payment_request_status'
> = {
  async get_payment_request({ offset, limit }, ctx) {
    const { rows, total } = await listPaymentRequests(ctx.db, me(ctx).id, offset, limit);
    return paged(rows, total);
  },
  async set_payment_request(input, ctx) {
    const rules = await ctx.services.settings.system(ctx.db);
    return createPaymentRequest(ctx.db, me(ctx).id, input, rules);
  },
  async delete_pending_payment_request({ payment_id }, ctx) {
    return cancelPaymentRequest(ctx.db, me(ctx).id, payment_id);
  },
  async set_payment_request_status({ payment_id, status }, ctx) {
    const after = await settlePaymentRequest(ctx.db, payment_id, status);
    audited(ctx, { target: `payment:${payment_id}`, before: { status: 'pending' }, after: { status: after.status } });
    return after;
  },
};
