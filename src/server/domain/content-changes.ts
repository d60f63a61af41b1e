import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/** The database channel of operator-edited content (migration 0032: statement triggers). */
export const CONTENT_CHANGES_CHANNEL = 'content_changes';

/**
 * Tells this node's caches of operator-edited content (the hot public reads, the settings) that
 * it changed. The database announces every committed change of the tables they come from, to
 * every node; a rolled-back one announces nothing. NOTIFY is at-most-once across a dropped
 * listening connection, so its return counts as a change of everything. `generation` moves on
 * each change: a value read from the database under an older generation may be stale.
 */
export class ContentChanges {
  private readonly listeners = new Set<() => void>();
  private off: (() => Promise<void>) | undefined;
  private count = 0;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  get generation(): number {
    return this.count;
  }

  async start(): Promise<void> {
    this.off ??= await this.db.listen(
      CONTENT_CHANGES_CHANNEL,
      () => this.changed(),
      () => {
        this.log.warn('content changes: listening again after a drop; every cache is dropped');
        this.changed();
      },
    );
  }

  async stop(): Promise<void> {
    const off = this.off;
    this.off = undefined;
    await off?.();
  }

  /** Runs `fn` on every change from now on. */
  onChange(fn: () => void): void {
    this.listeners.add(fn);
  }

  /**
   * Something changed: forget what was read. Called by the database's notification, and by this
   * node after its own operator's change commits (before its reply, so the operator's next read
   * here is fresh even before the notification arrives).
   */
  changed(): void {
    this.count++;
    for (const fn of this.listeners) {
      try {
        fn();
      } catch (err) {
        this.log.error({ err }, 'content change listener failed');
      }
    }
  }
}
