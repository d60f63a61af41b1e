import { serverMessages, type ClientMessage, type ServerMessage } from '../../core/contract/realtime';

/** Where the live channel is: not started, (re)connecting, authenticated, or waiting to retry. */
export type LinkStatus = 'idle' | 'connecting' | 'open' | 'offline';

export interface RealtimeEvents {
  message(m: ServerMessage): void;
  status(s: LinkStatus): void;
  /** The server clock minus this device's, from the best round trip seen so far. */
  clockOffset(ms: number): void;
  /** The server refused the token: the session is over. */
  unauthorized(): void;
}

/** Close codes of the gateway (src/server/realtime/gateway.ts). */
const CLOSE_UNAUTHORIZED = 4401;
/** Closed for a limit (too many sockets from this address, too many messages). */
const CLOSE_POLICY = 1008;
/** The wait after a limit's close when the server named none. */
export const POLICY_WAIT_MS = 30_000;
/** Clock samples: one at welcome, then every PING_MS; the one with the shortest round trip wins. */
export const PING_MS = 10_000;
/**
 * The pings double as a heartbeat: a socket that has heard no pong for this long is taken for
 * dead (a half-open TCP connection, a sleeping radio) and replaced, rather than left waiting for
 * the browser to notice, which can take minutes.
 */
export const PONG_TIMEOUT_MS = 2 * PING_MS;
const BACKOFF_MS = [250, 1000, 2000, 4000, 8000];

/**
 * The WebSocket adapter of the live channel (`/ws`): authenticates with the api_token in its
 * first message, measures the clock offset for countdowns, reconnects with backoff (not at all
 * while the browser says it is offline; at once when it says it is online again) and joins its rooms (and watches its contest boards) again
 * after each reconnect, so that a dropped connection resumes the same room and round.
 * Framework-free: the Redux middleware in features/battle drives it for battles, the contest
 * board feed in features/contest for live leaderboards.
 */
export class RealtimeSocket {
  private ws: WebSocket | null = null;
  private readonly rooms = new Set<string>();
  private readonly contests = new Set<number>();
  private account = false;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private running = false;
  private authed = false;
  private bestRtt = Infinity;
  /** When the open socket last heard a pong (or its welcome). */
  private lastPong = 0;
  /** The wait the server asked for with its `rate_limited` (ms), for the close that follows. */
  private askedWait: number | undefined;
  /** No new socket before this time (a limit's wait), even when the browser comes back online. */
  private holdUntil = 0;

  constructor(
    private readonly url: string,
    private readonly token: () => string | null,
    private readonly on: RealtimeEvents,
  ) {}

  private readonly online = () => {
    if (!this.running || this.ws || Date.now() < this.holdUntil) return;
    clearTimeout(this.retry);
    this.attempt = 0;
    this.open();
  };

  /** The browser lost the network: the socket is as good as dead, say so now rather than at the next heartbeat. */
  private readonly offline = () => this.abandon('offline');

  /** Gives the socket up now (reported, retried) without waiting for its close to come through. */
  private abandon(reason: string) {
    const ws = this.ws;
    if (!ws) return;
    this.dropped(ws, 4000);
    ws.close(4000, reason);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    window.addEventListener('online', this.online);
    window.addEventListener('offline', this.offline);
    this.open();
  }

  stop(): void {
    this.running = false;
    window.removeEventListener('online', this.online);
    window.removeEventListener('offline', this.offline);
    clearTimeout(this.retry);
    clearInterval(this.pinger);
    this.rooms.clear();
    this.contests.clear();
    this.account = false;
    const ws = this.ws;
    this.ws = null;
    this.authed = false;
    ws?.close(1000, 'bye');
    this.on.status('idle');
  }

  /** Follows a room (now and after every reconnect). */
  join(roomId: string): void {
    this.rooms.add(roomId);
    this.send({ type: 'join', room_id: roomId });
  }

  /** Stops following a room (the seat is given up with the `leave_room` call). */
  forget(roomId: string): void {
    this.rooms.delete(roomId);
  }

  /** Follows a contest's live leaderboard (now and after every reconnect). */
  watchContest(contestId: number): void {
    this.contests.add(contestId);
    this.send({ type: 'watch_contest', contest_id: contestId });
  }

  /** Stops following a contest's leaderboard. */
  unwatchContest(contestId: number): void {
    if (!this.contests.delete(contestId)) return;
    this.send({ type: 'unwatch_contest', contest_id: contestId });
  }

  /** Follows the player's own account (coins, notifications), now and after every reconnect. */
  watchAccount(): void {
    this.account = true;
    this.send({ type: 'watch_account' });
  }

  /** Sends when authenticated; false when the link is down (the caller says so). */
  send(m: Exclude<ClientMessage, { type: 'hello' }>): boolean {
    if (!this.ws || !this.authed || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  private open() {
    const token = this.token();
    if (!this.running || !token) return;
    // No network: no socket that can only fail (and log); the `online` event opens one.
    if (isOffline()) {
      this.on.status('offline');
      return;
    }
    this.on.status('connecting');
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token } satisfies ClientMessage));
    ws.onmessage = (e) => {
      if (this.ws !== ws || typeof e.data !== 'string') return;
      let ms: ServerMessage[];
      try {
        ms = serverMessages(e.data);
      } catch {
        return;
      }
      for (const m of ms) this.received(ws, m);
    };
    ws.onclose = (e) => this.dropped(ws, e.code);
  }

  /** One message of a frame (a frame may carry several of one change, in order). */
  private received(ws: WebSocket, m: ServerMessage) {
    if (this.ws !== ws) return;
    if (m.type === 'welcome') {
      this.authed = true;
      this.attempt = 0;
      this.on.status('open');
      this.lastPong = Date.now();
      this.ping();
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.beat(), PING_MS);
      for (const id of this.rooms) this.send({ type: 'join', room_id: id });
      for (const id of this.contests) this.send({ type: 'watch_contest', contest_id: id });
      if (this.account) this.send({ type: 'watch_account' });
    } else if (m.type === 'rate_limited') {
      this.askedWait = m.retry_after_s * 1000;
    } else if (m.type === 'pong') {
      this.lastPong = Date.now();
      this.sample(m.t, Date.parse(m.server_time));
    }
    this.on.message(m);
  }

  /** The socket is gone: report it and try again (at once when the browser comes back online). */
  private dropped(ws: WebSocket, code: number) {
    if (this.ws !== ws) return;
    this.ws = null;
    this.authed = false;
    clearInterval(this.pinger);
    if (code === CLOSE_UNAUTHORIZED) {
      this.running = false;
      this.on.unauthorized();
      this.on.status('idle');
      return;
    }
    if (!this.running) return;
    this.on.status('offline');
    clearTimeout(this.retry);
    let wait = BACKOFF_MS[Math.min(this.attempt++, BACKOFF_MS.length - 1)]!;
    // Over a limit of the gateway: reconnecting at once would only hit it again.
    if (code === CLOSE_POLICY) {
      wait = Math.max(wait, this.askedWait ?? POLICY_WAIT_MS);
      this.holdUntil = Date.now() + wait;
    }
    this.askedWait = undefined;
    // Offline: no retries until the browser says the network is back (the `online` handler).
    if (isOffline()) return;
    this.retry = setTimeout(() => this.open(), wait);
  }

  private ping() {
    this.send({ type: 'ping', t: Date.now() });
  }

  /** Pings again, unless the pings sent for PONG_TIMEOUT_MS went unanswered: then reconnects. */
  private beat() {
    if (Date.now() - this.lastPong >= PONG_TIMEOUT_MS) this.abandon('no pong');
    else this.ping();
  }

  /** NTP-style: the server's time was read half a round trip before the pong arrived. */
  private sample(sentAt: number, serverTime: number) {
    const now = Date.now();
    const rtt = now - sentAt;
    if (!Number.isFinite(serverTime) || rtt < 0 || rtt > this.bestRtt) return;
    this.bestRtt = rtt;
    this.on.clockOffset(Math.round(serverTime - (sentAt + rtt / 2)));
  }
}

/** The browser says it has no network (navigator.onLine is false only when it knows). */
function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** `/ws` on this page's origin (wss on https). */
export function gatewayUrl(loc: Location = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}
