import type { LedgerEntry } from '../../core/contract';
import { sql } from '../db/client';
import { claimBadge, refreshBadges } from '../domain/badges';
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
    const uid = me(ctx).id;
    const filter = type === 'credit' ? sql`AND delta > 0` : type === 'debit' ? sql`AND delta < 0` : sql``;
    const rows = await ctx.db.rows<LedgerEntry>(sql`
      SELECT id::integer AS id, delta AS points, reason, ref, balance_after,
        to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS date
      FROM coin_ledger WHERE user_id = ${uid} ${filter}
      ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`);
    const total = await ctx.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM coin_ledger WHERE user_id = ${uid} ${filter}`,
    );
    return paged(rows, total!.n);
  },
};
