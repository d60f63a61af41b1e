import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '../../core/contract';
import { PING_MS, POLICY_WAIT_MS, PONG_TIMEOUT_MS, RealtimeSocket, type LinkStatus } from './realtime';

/** A stand-in for the browser's WebSocket: records frames, lets the test play the server. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(JSON.parse(s));
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  // The server's side.
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  say(m: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const windowEvents = new EventTarget();
let statuses: LinkStatus[];
let messages: ServerMessage[];
let offsets: number[];
let unauthorized: number;
const latest = () => FakeSocket.all.at(-1)!;

function make(token: string | null = 'tok') {
  return new RealtimeSocket('ws://x/ws', () => token, {
    message: (m) => messages.push(m),
    status: (s) => statuses.push(s),
    clockOffset: (ms) => offsets.push(ms),
    unauthorized: () => unauthorized++,
  });
}

const welcome = (): ServerMessage => ({ type: 'welcome', user_id: 1, server_time: new Date().toISOString() });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
  FakeSocket.all = [];
  statuses = [];
  messages = [];
  offsets = [];
  unauthorized = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', {
    addEventListener: windowEvents.addEventListener.bind(windowEvents),
    removeEventListener: windowEvents.removeEventListener.bind(windowEvents),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RealtimeSocket', () => {
  it('says hello with the token first, and sends nothing else before the welcome', () => {
    const rt = make();
    rt.start();
    rt.join('room-1');
    latest().accept();
    expect(latest().sent).toEqual([{ type: 'hello', token: 'tok' }]);
    expect(rt.send({ type: 'ping', t: 1 })).toBe(false);
    latest().say(welcome());
    expect(statuses).toEqual(['connecting', 'open']);
    // After the welcome: a clock ping, then the rooms it follows.
    expect(latest().sent.slice(1)).toEqual([
      { type: 'ping', t: 1_000_000 },
      { type: 'join', room_id: 'room-1' },
    ]);
  });

  it('hands on every message of a frame that carries several, in order', () => {
    const rt = make();
    rt.start();
    latest().accept();
    latest().say(welcome());
    messages = [];
    const change: ServerMessage[] = [
      { type: 'answered', room_id: 'r', round: 1, user_id: 2 },
      { type: 'error', code: 'x', message: 'y' },
      { type: 'answered', room_id: 'r', round: 1, user_id: 3 },
    ];
    latest().onmessage?.({ data: JSON.stringify(change) });
    expect(messages).toEqual(change);
    latest().onmessage?.({ data: '[{"type":' });
    expect(messages).toHaveLength(3);
  });

  it('takes the clock offset from the shortest round trip', () => {
    const rt = make();
    rt.start();
    latest().accept();
    latest().say(welcome());
    // Sent at 1_000_000, answered 100 ms later with a server clock 5 s ahead (read mid-way).
    vi.setSystemTime(1_000_100);
    latest().say({ type: 'pong', t: 1_000_000, server_time: new Date(1_005_050).toISOString() });
    expect(offsets).toEqual([5000]);
    // A slower round trip does not replace it.
    vi.setSystemTime(1_002_000);
    latest().say({ type: 'pong', t: 1_001_000, server_time: new Date(1_009_000).toISOString() });
    expect(offsets).toEqual([5000]);
  });

  it('reconnects with backoff after a drop and joins its rooms again', () => {
    const rt = make();
    rt.start();
    rt.join('room-1');
    latest().accept();
    latest().say(welcome());
    latest().drop();
    expect(statuses.at(-1)).toBe('offline');
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(250);
    expect(FakeSocket.all).toHaveLength(2);
    latest().accept();
    latest().say(welcome());
    expect(latest().sent).toContainEqual({ type: 'join', room_id: 'room-1' });
    // A room forgotten is not joined again.
    rt.forget('room-1');
    latest().drop();
    vi.advanceTimersByTime(250);
    latest().accept();
    latest().say(welcome());
    expect(latest().sent).not.toContainEqual({ type: 'join', room_id: 'room-1' });
  });

  it('watches contest boards after the welcome and again after a reconnect, until unwatched', () => {
    const rt = make();
    rt.start();
    rt.watchContest(7);
    latest().accept();
    latest().say(welcome());
    expect(latest().sent).toContainEqual({ type: 'watch_contest', contest_id: 7 });
    latest().drop();
    vi.advanceTimersByTime(250);
    latest().accept();
    latest().say(welcome());
    expect(latest().sent).toContainEqual({ type: 'watch_contest', contest_id: 7 });
    rt.unwatchContest(7);
    expect(latest().sent.at(-1)).toEqual({ type: 'unwatch_contest', contest_id: 7 });
    // Unwatching twice says nothing more; a reconnect watches nothing.
    rt.unwatchContest(7);
    expect(latest().sent.filter((m) => (m as { type: string }).type === 'unwatch_contest')).toHaveLength(1);
    latest().drop();
    vi.advanceTimersByTime(250);
    latest().accept();
    latest().say(welcome());
    expect(latest().sent).not.toContainEqual({ type: 'watch_contest', contest_id: 7 });
  });

  it('backs off longer after each failed attempt, and at once when the browser is online again', () => {
    const rt = make();
    rt.start();
    latest().drop();
    vi.advanceTimersByTime(250);
    latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    latest().drop();
    windowEvents.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('reports offline as soon as the browser loses the network', () => {
    const rt = make();
    rt.start();
    latest().accept();
    latest().say(welcome());
    windowEvents.dispatchEvent(new Event('offline'));
    expect(statuses.at(-1)).toBe('offline');
    expect(latest().closedWith).toBe(4000);
    expect(rt.send({ type: 'ping', t: 1 })).toBe(false);
  });

  /** A window and network of the test's own (sockets other tests left running listen on the shared one). */
  function ownNetwork(onLine: boolean) {
    const events = new EventTarget();
    vi.stubGlobal('window', {
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
    });
    const net = { onLine };
    vi.stubGlobal('navigator', net);
    return { net, events };
  }

  it('offline: no new socket and no retries, however long; one socket at once when the network is back', () => {
    const { net, events: windowEvents } = ownNetwork(true);
    const rt = make();
    rt.start();
    latest().accept();
    latest().say(welcome());
    net.onLine = false;
    windowEvents.dispatchEvent(new Event('offline'));
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(statuses.at(-1)).toBe('offline');
    net.onLine = true;
    windowEvents.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(2);
    latest().accept();
    latest().say(welcome());
    expect(statuses.at(-1)).toBe('open');
    rt.stop();
  });

  it('started while offline: waits for the network without trying', () => {
    const { net, events: windowEvents } = ownNetwork(false);
    const rt = make();
    rt.start();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(0);
    expect(statuses).toEqual(['offline']);
    net.onLine = true;
    windowEvents.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(1);
    rt.stop();
  });

  it('drops a socket that hears no pong for two ping intervals, and reconnects', () => {
    const rt = make();
    rt.start();
    rt.join('room-1');
    latest().accept();
    latest().say(welcome());
    const silent = latest();
    // The server stops answering (a half-open connection): the socket never closes by itself.
    vi.advanceTimersByTime(PONG_TIMEOUT_MS - 1);
    expect(silent.closedWith).toBeUndefined();
    expect(silent.sent.filter((m) => (m as { type: string }).type === 'ping')).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(silent.closedWith).toBe(4000);
    expect(statuses.at(-1)).toBe('offline');
    expect(rt.send({ type: 'ping', t: 1 })).toBe(false);
    vi.advanceTimersByTime(250);
    expect(FakeSocket.all).toHaveLength(2);
    latest().accept();
    latest().say(welcome());
    expect(latest().sent).toContainEqual({ type: 'join', room_id: 'room-1' });
  });

  it('keeps a socket whose pings are answered', () => {
    const rt = make();
    rt.start();
    latest().accept();
    latest().say(welcome());
    const pong = () => latest().say({ type: 'pong', t: Date.now(), server_time: new Date().toISOString() });
    pong();
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(PING_MS);
      pong();
    }
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().closedWith).toBeUndefined();
    expect(statuses.at(-1)).toBe('open');
  });

  it('ends the session when the server refuses the token, and does not retry', () => {
    const rt = make();
    rt.start();
    latest().accept();
    latest().drop(4401);
    expect(unauthorized).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('waits as long as the server asks after a limit’s close, even when the browser comes online', () => {
    // A window of its own: sockets other tests left running also listen for 'online'.
    const events = new EventTarget();
    vi.stubGlobal('window', {
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
    });
    const rt = make();
    rt.start();
    latest().accept();
    latest().say(welcome());
    latest().say({ type: 'rate_limited', reason: 'message_budget', retry_after_s: 7 });
    latest().drop(1008);
    expect(statuses.at(-1)).toBe('offline');
    events.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(6_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    rt.stop();
  });

  it('does not spin against the per-address cap: each refused socket waits the policy wait', () => {
    const rt = make();
    rt.start();
    for (let i = 1; i <= 3; i++) {
      latest().accept();
      latest().drop(1008); // refused before any welcome, without a message it could read
      vi.advanceTimersByTime(POLICY_WAIT_MS - 1);
      expect(FakeSocket.all).toHaveLength(i);
      vi.advanceTimersByTime(1);
    }
    expect(FakeSocket.all).toHaveLength(4);
    rt.stop();
  });

  it('does not connect without a token; stop closes and stays closed', () => {
    make(null).start();
    expect(FakeSocket.all).toHaveLength(0);
    const rt = make();
    rt.start();
    latest().accept();
    rt.stop();
    expect(latest().closedWith).toBe(1000);
    expect(statuses.at(-1)).toBe('idle');
    latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
