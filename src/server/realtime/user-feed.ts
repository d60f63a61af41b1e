import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { ServerMessage } from '../../core/contract';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sql, type Database } from '../db/client';
import { users } from '../db/schema';
import { noticeFor, unreadCount } from '../domain/notifications';
import type { Send } from './gateway';

/** The database channel of account changes (migration 0024: triggers on coin_ledger, notifications). */
export const USER_EVENTS_CHANNEL = 'user_events';

const eventSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('coins'), u: z.number().int(), coins: z.number().int(), id: z.number().int() }),
  z.object({ t: z.literal('notification'), u: z.number().int().nullable(), id: z.number().int() }),
]);
type UserEvent = z.infer<typeof eventSchema>;

// The user is `u` in the snapshot's subquery (drizzle writes a one-table select's columns unqualified).
const u = alias(users, 'u');

/** What the gateway tells the feed about signed-in sockets. */
export interface UserMessages {
  /** A socket of `userId` asked to watch its account: it hears that user's changes from now on. */
  connected(userId: number, send: Send): void;
  disconnected(userId: number, send: Send): void;
}

/**
 * A player's account, live (issue 21 §7): their coin balance after each ledger movement and each
 * notification made for them reach their open sockets on this node. The database announces both
 * on commit (LISTEN/NOTIFY reaches every node on the database), so whatever wrote them — an
 * action, a round ticker in a worker thread, a job, another node — each node forwards what
 * concerns the sockets it holds, and nothing of another player's.
 */
export class UserFeed implements UserMessages {
  private readonly sockets = new Map<number, Set<Send>>();
  private off: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.off ??= await this.db.listen(USER_EVENTS_CHANNEL, (p) => this.heard(p));
  }

  async stop(): Promise<void> {
    const off = this.off;
    this.off = undefined;
    this.sockets.clear();
    await off?.();
  }

  connected(userId: number, send: Send): void {
    let mine = this.sockets.get(userId);
    if (!mine) this.sockets.set(userId, (mine = new Set()));
    mine.add(send);
    // Where the account stands now: what changed before this socket watched (or while it was
    // reconnecting) is not lost. A movement announced meanwhile carries a higher ledger id.
    this.snapshot(userId).then(
      (ms) => {
        if (this.sockets.get(userId)?.has(send)) for (const m of ms) send(m);
      },
      (err: unknown) => this.log.error({ err }, 'account snapshot failed'),
    );
  }

  private async snapshot(userId: number): Promise<ServerMessage[]> {
    const [row] = await this.db.orm
      .select({
        coins: u.coins,
        ledger_id: sql<number>`coalesce((SELECT max(l.id) FROM coin_ledger l WHERE l.user_id = u.id), 0)::int`,
      })
      .from(u)
      .where(eq(u.id, userId));
    const unread = await unreadCount(this.db, userId);
    return [
      ...(row ? [{ type: 'coins' as const, coins: row.coins, ledger_id: row.ledger_id }] : []),
      { type: 'notifications', unread, latest: null },
    ];
  }

  disconnected(userId: number, send: Send): void {
    const mine = this.sockets.get(userId);
    mine?.delete(send);
    if (mine?.size === 0) this.sockets.delete(userId);
  }

  /** Users with a socket on this node. */
  get userCount(): number {
    return this.sockets.size;
  }

  private heard(payload: string): void {
    let e: UserEvent;
    try {
      e = eventSchema.parse(JSON.parse(payload));
    } catch (err) {
      this.log.error({ err, payload }, 'unreadable user event');
      return;
    }
    this.deliver(e).catch((err: unknown) => this.log.error({ err }, 'user event failed'));
  }

  private async deliver(e: UserEvent): Promise<void> {
    if (e.t === 'coins') {
      const frame = JSON.stringify({ type: 'coins', coins: e.coins, ledger_id: e.id });
      for (const send of this.sockets.get(e.u) ?? []) send(frame);
      return;
    }
    // A player's own notification, or one to everyone: each player here who can see it hears it.
    const users = e.u === null ? [...this.sockets.keys()] : this.sockets.has(e.u) ? [e.u] : [];
    for (const userId of users) {
      const seen = await noticeFor(this.db, userId, e.id);
      if (!seen) continue;
      const frame = JSON.stringify({ type: 'notifications', unread: seen.unread, latest: seen.notification });
      for (const send of this.sockets.get(userId) ?? []) send(frame);
    }
  }
}
