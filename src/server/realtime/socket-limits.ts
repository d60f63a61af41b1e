/**
 * Limits of the WebSocket gateway: sockets per IP, messages per socket. Kept in the process
 * (each node counts its own sockets) and synchronous, so that a message is let through or not
 * before the next one is read and the order of a socket's messages never changes.
 */

/** Open sockets per client IP, at most `max` each. */
export class SocketsPerIp {
  private readonly open = new Map<string, number>();
  constructor(private readonly max: number) {}

  /** Counts a new socket of `ip`; false (and not counted) when the IP already has `max`. */
  tryOpen(ip: string): boolean {
    const n = this.open.get(ip) ?? 0;
    if (n >= this.max) return false;
    this.open.set(ip, n + 1);
    return true;
  }

  /** A counted socket of `ip` closed. */
  closed(ip: string): void {
    const n = (this.open.get(ip) ?? 0) - 1;
    if (n > 0) this.open.set(ip, n);
    else this.open.delete(ip);
  }
}

/** A socket's budget: `max` messages per fixed window of `windowMs`. */
export class MessageBudget {
  private windowStart: number;
  private used = 0;
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.windowStart = now();
  }

  /** Spends one message; false when the window's budget is used up. */
  spend(): boolean {
    const t = this.now();
    if (t - this.windowStart >= this.windowMs) {
      this.windowStart = t;
      this.used = 0;
    }
    return ++this.used <= this.max;
  }

  /** Whole seconds until the window has room again (at least 1). */
  retryAfterS(): number {
    return Math.max(1, Math.ceil((this.windowStart + this.windowMs - this.now()) / 1000));
  }
}
