import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { battleMiddleware } from './battle-middleware';
import { battleFollow, battleReducer, battleUnfollow } from './battle-slice';

vi.mock('../../app/session', () => ({ endSession: () => undefined }));

/** Firebase mode's follower of the room's Firestore document, as the test drives it. */
const mirror = vi.hoisted(() => ({
  rooms: [] as { roomId: string; on: { messages(m: unknown[]): void; status(s: string): void }; stopped: boolean }[],
}));
vi.mock('../auth/firestore-mirror', () => ({
  mirrorRoom: (_config: unknown, roomId: string, on: (typeof mirror.rooms)[number]['on']) => {
    const r = { roomId, on, stopped: false };
    mirror.rooms.push(r);
    return Promise.resolve(() => void (r.stopped = true));
  },
}));

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
  mirror.rooms = [];
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

  describe('in Firebase mode (a Firebase session open)', () => {
    const config = { apiKey: 'k', authDomain: 'demo-quiz.firebaseapp.com', projectId: 'demo-quiz', appId: 'a' };
    const room = (round: number, status = 'playing') => ({
      room_id: ROOM,
      kind: 'friend',
      status,
      room_code: '',
      owner_id: 1,
      entry_fee: 0,
      category: '',
      no_of_que: 3,
      max_players: 2,
      round,
      seats: [],
    });
    /** The socket's side: open, welcomed, then the server's messages. */
    const serverSays = (sock: FakeSocket, ...m: object[]) => {
      for (const x of m) sock.onmessage?.({ data: JSON.stringify(x) });
    };
    const openSocket = (sock: FakeSocket) => {
      sock.readyState = 1;
      sock.onopen?.();
      serverSays(sock, { type: 'welcome', user_id: 7, server_time: new Date().toISOString() });
    };

    beforeEach(() => {
      const saved = new Map([['quiz.firebase-session', JSON.stringify(config)]]);
      vi.stubGlobal('localStorage', {
        getItem: (k: string) => saved.get(k) ?? null,
        setItem: (k: string, v: string) => void saved.set(k, v),
        removeItem: (k: string) => void saved.delete(k),
      });
    });

    it("follows the room's document beside the socket; what the document has first moves the room on", async () => {
      const s = store();
      s.dispatch(battleFollow(ROOM));
      await settle();
      expect(mirror.rooms.map((r) => r.roomId)).toEqual([ROOM]);
      expect(open()).toHaveLength(1);
      openSocket(open()[0]!);
      serverSays(open()[0]!, { type: 'room', room: room(1) });
      const [doc] = mirror.rooms;
      doc!.on.status('live');
      doc!.on.messages([{ type: 'room', room: room(2) }]);
      expect(s.getState().battle).toMatchObject({ mirror: 'live', room: { round: 2 } });
      // The socket's late word on round 1 does not take it back.
      serverSays(open()[0]!, { type: 'room', room: room(1) });
      expect(s.getState().battle.room?.round).toBe(2);
      s.dispatch(battleUnfollow());
      expect(doc!.stopped).toBe(true);
      expect(s.getState().battle.mirror).toBe('off');
      // Its messages after the stop change nothing.
      doc!.on.messages([{ type: 'room', room: room(3) }]);
      expect(s.getState().battle.room).toBeNull();
    });

    it('goes on through the socket alone when Firestore does not answer', async () => {
      const s = store();
      s.dispatch(battleFollow(ROOM));
      await settle();
      mirror.rooms[0]!.on.status('unreachable');
      const sock = open()[0]!;
      openSocket(sock);
      serverSays(sock, { type: 'room', room: room(1) }, { type: 'room', room: room(3, 'finished') });
      expect(s.getState().battle).toMatchObject({
        mirror: 'unreachable',
        link: 'open',
        room: { round: 3, status: 'finished' },
      });
    });

    it('follows the new room only, when the screen moves to another', async () => {
      const s = store();
      s.dispatch(battleFollow(ROOM));
      await settle();
      s.dispatch(battleFollow(OTHER));
      await settle();
      expect(mirror.rooms.map((r) => [r.roomId, r.stopped])).toEqual([
        [ROOM, true],
        [OTHER, false],
      ]);
    });
  });

  it('never follows Firestore in the default mode (no Firebase session)', async () => {
    const s = store();
    s.dispatch(battleFollow(ROOM));
    await settle();
    expect(open()).toHaveLength(1);
    expect(mirror.rooms).toEqual([]);
    expect(s.getState().battle.mirror).toBe('off');
  });
});
