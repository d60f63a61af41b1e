import type { LedgerEntry } from '../../core/contract';
import { sql } from '../db/client';
import { me, paged, type Handlers } from '../http/context';

export const walletHandlers: Handlers<'get_tracker_data'> = {
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
