import { claimBadge, refreshBadges } from '../domain/badges';
import { ledgerPage } from '../domain/wallet-history';
import { me, paged, type Handlers } from '../http/context';

export const walletHandlers: Handlers<'get_tracker_data' | 'get_user_badges' | 'set_badges'> = {
  async get_user_badges(_input, ctx) {
    return refreshBadges(ctx.db, me(ctx).id);
  },

  // The client's word unlocks nothing: the badge is checked from the server's records; status 2
  // claims the reward of an unlocked badge.
  async set_badges({ type, status }, ctx) {
    const uid = me(ctx).id;
    if (status === 2) return claimBadge(ctx.db, uid, type);
    return (await refreshBadges(ctx.db, uid)).find((b) => b.type === type)!;
  },

  async get_tracker_data({ offset, limit, type }, ctx) {
    const page = await ledgerPage(ctx.db, me(ctx).id, { offset, limit, type });
    return paged(page.rows, page.total);
  },
};
