// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContestBoard, ServerMessage } from '../../../core/contract';
import { useContestBoardFeed } from './contest-feed';

/** The live channel's socket and the board's Firestore document, as the test drives them. */
const live = vi.hoisted(() => ({
  sockets: [] as { on: { message(m: unknown): void; status(s: string): void }; watching: number[] }[],
  mirrors: [] as { contestId: number; on: { board(b: unknown): void }; stopped: boolean }[],
}));
vi.mock('../../lib/realtime', () => ({
  gatewayUrl: () => 'ws://x/ws',
  RealtimeSocket: class {
    watching: number[] = [];
    constructor(
      _url: string,
      _token: () => string,
      readonly on: (typeof live.sockets)[number]['on'],
    ) {
      live.sockets.push(this);
    }
    start() {}
    stop() {}
    watchContest(id: number) {
      this.watching.push(id);
    }
    unwatchContest() {}
  },
}));
vi.mock('../auth/firestore-mirror', () => ({
  mirrorContest: async (_config: unknown, contestId: number, on: (typeof live.mirrors)[number]['on']) => {
    const m = { contestId, on, stopped: false };
    live.mirrors.push(m);
    return () => void (m.stopped = true);
  },
}));

const board = (total: number): ContestBoard => ({
  contest_id: 7,
  name: 'Weekly',
  status: 'live',
  closed: false,
  total,
  entries: [],
  me: null,
});

function feed() {
  const store = configureStore({ reducer: { auth: (s = { token: 'tok' }) => s } });
  const boards: number[] = [];
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(() => useContestBoardFeed(7, true, (b) => boards.push(b.total)), { wrapper });
  return { hook, boards };
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

afterEach(() => {
  cleanup();
  localStorage.clear();
  live.sockets = [];
  live.mirrors = [];
});

describe('useContestBoardFeed', () => {
  it("in Firebase mode also follows the board's document, which counts while the socket is not open", async () => {
    localStorage.setItem(
      'quiz.firebase-session',
      JSON.stringify({ apiKey: 'k', authDomain: 'd', projectId: 'demo-quiz', appId: 'a' }),
    );
    const { hook, boards } = feed();
    await settle();
    const [socket] = live.sockets;
    const [doc] = live.mirrors;
    expect(socket!.watching).toEqual([7]);
    expect(doc!.contestId).toBe(7);
    const said: ServerMessage = { type: 'contest_board', board: board(1) };
    act(() => {
      socket!.on.status('open');
      socket!.on.message(said);
      doc!.on.board(board(0)); // the socket is open and in order: the document waits
    });
    expect(boards).toEqual([1]);
    act(() => {
      socket!.on.status('offline');
      doc!.on.board(board(2));
    });
    expect(boards).toEqual([1, 2]);
    expect(hook.result.current).toBe('offline');
    hook.unmount();
    expect(doc!.stopped).toBe(true);
  });

  it('follows nothing in Firestore in the default mode', async () => {
    const { boards } = feed();
    await settle();
    expect(live.sockets).toHaveLength(1);
    expect(live.mirrors).toEqual([]);
    expect(boards).toEqual([]);
  });
});
