import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { battleMiddleware } from './battle-middleware';
import { battleFollow, battleReducer, battleUnfollow } from './battle-slice';

vi.mock('../../app/session', () => ({ endSession: () => undefined }));

/** A stand-in for the browser's WebSocket: the adapter's sockets, open until closed. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {
    this.closed = true;
  }
}

const open = () => FakeSocket.all.filter((s) => !s.closed);

const ROOM = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function store() {
  return configureStore({
    reducer: { battle: battleReducer, auth: (s: { token: string | null } = { token: 'tok' }) => s },
    middleware: (gdm) => gdm().concat(battleMiddleware),
  });
}

/** Lets the lazy import of the adapter (already loaded once, below), and what waits on it, resolve. */
const settle = () => new Promise((r) => setTimeout(r, 0));

// The first load transforms the module and takes a while; later imports resolve at once.
beforeAll(() => import('../../lib/realtime'));

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', {
    location: { protocol: 'http:', host: 'x' },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('battleMiddleware', () => {
  it('opens a socket for a followed room and closes it on unfollow', async () => {
    const s = store();
    s.dispatch(battleFollow(ROOM));
    await settle();
    expect(open().map((x) => x.url)).toEqual(['ws://x/ws']);
    s.dispatch(battleUnfollow());
    expect(open()).toEqual([]);
  });

  it('opens no socket when the room is left before the adapter has loaded', async () => {
    const s = store();
    s.dispatch(battleFollow(ROOM));
    s.dispatch(battleUnfollow());
    await settle();
    expect(open()).toEqual([]);
  });

  it('keeps one socket after follow, unfollow and follow again before the load, and closes it on unfollow', async () => {
    const s = store();
    s.dispatch(battleFollow(ROOM));
    s.dispatch(battleUnfollow());
    s.dispatch(battleFollow(OTHER));
    await settle();
    expect(open()).toHaveLength(1);
    s.dispatch(battleUnfollow());
    expect(open()).toEqual([]);
  });
});
