import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationView, ServerMessage } from '../../core/contract';
import { authReducer } from '../features/auth/auth-slice';
import { accountFeedMiddleware, accountFeedWanted } from './account-feed';
import { loggedIn, loggedOut } from './events';
import { liveReducer } from './live-slice';

vi.mock('./session', () => ({ endSession: () => undefined }));

/** A stand-in for the browser's WebSocket: records what the app sent. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  closed = false;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(d: string) {
    this.sent.push(JSON.parse(d));
  }
  close() {
    this.closed = true;
  }
  /** The server says `m`. */
  say(m: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  /** Opens and says welcome: the adapter then asks for the account. */
  accept() {
    this.readyState = 1;
    this.onopen?.();
    this.say({ type: 'welcome', user_id: 7, server_time: new Date().toISOString() });
  }
}

const USER = {
  id: 7,
  name: 'Lia',
  coins: 10,
  all_time_score: 0,
} as unknown as Parameters<typeof loggedIn>[0]['user'];

function store() {
  return configureStore({
    reducer: { auth: authReducer, live: liveReducer },
    middleware: (gdm) => gdm().concat(accountFeedMiddleware),
  });
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const open = () => FakeSocket.all.filter((s) => !s.closed);

function notice(id: number): NotificationView {
  return {
    id,
    type: 'badge',
    params: { badge: 'quiz_warrior' },
    title: '',
    message: '',
    link: '',
    date: '',
    read: false,
  };
}

beforeAll(() => import('../lib/realtime'));
beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', {
    location: { protocol: 'http:', host: 'x' },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the account feed', () => {
  it('opens nothing until the app asks for it, then one socket that watches the account', async () => {
    const s = store();
    s.dispatch(loggedIn({ user: USER, token: 'tok' }));
    await settle();
    expect(FakeSocket.all).toHaveLength(0);
    s.dispatch(accountFeedWanted());
    await settle();
    expect(open()).toHaveLength(1);
    open()[0]!.accept();
    expect(open()[0]!.sent).toContainEqual({ type: 'watch_account' });
  });

  it('moves the coin badge with each balance, never back to an older one', async () => {
    const s = store();
    s.dispatch(accountFeedWanted());
    s.dispatch(loggedIn({ user: USER, token: 'tok' }));
    await settle();
    const ws = open()[0]!;
    ws.accept();
    ws.say({ type: 'coins', coins: 6, ledger_id: 41 });
    expect(s.getState().auth.user?.coins).toBe(6);
    ws.say({ type: 'coins', coins: 10, ledger_id: 42 });
    expect(s.getState().auth.user?.coins).toBe(10);
    // A snapshot read before the last movement arrives after it: not shown.
    ws.say({ type: 'coins', coins: 6, ledger_id: 41 });
    expect(s.getState().auth.user?.coins).toBe(10);
  });

  it('keeps the unread count and the notifications that arrive, once each', async () => {
    const s = store();
    s.dispatch(accountFeedWanted());
    s.dispatch(loggedIn({ user: USER, token: 'tok' }));
    await settle();
    const ws = open()[0]!;
    ws.accept();
    ws.say({ type: 'notifications', unread: 2, latest: null });
    expect(s.getState().live).toMatchObject({ unread: 2, arrived: [] });
    ws.say({ type: 'notifications', unread: 3, latest: notice(5) });
    ws.say({ type: 'notifications', unread: 3, latest: notice(5) });
    expect(s.getState().live.unread).toBe(3);
    expect(s.getState().live.arrived.map((n) => n.id)).toEqual([5]);
  });

  it('closes on logout and forgets what it heard', async () => {
    const s = store();
    s.dispatch(accountFeedWanted());
    s.dispatch(loggedIn({ user: USER, token: 'tok' }));
    await settle();
    const ws = open()[0]!;
    ws.accept();
    ws.say({ type: 'notifications', unread: 4, latest: notice(9) });
    s.dispatch(loggedOut());
    expect(ws.closed).toBe(true);
    expect(s.getState().live).toMatchObject({ unread: null, arrived: [], ledgerId: 0 });
    await settle();
    expect(open()).toHaveLength(0);
  });
});
