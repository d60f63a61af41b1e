import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLUSH_OUTBOX } from '../../../core/offline/outbox-shape';
import { clearOutbox, countPosts, replayOutbox, takeFailures } from '../../../offline/outbox';
import { clearUserData, flushOutbox, outboxNetworkWorks, postResult, queuedPacks, RETRY_MS } from './outbox-client';
import { outboxSnapshot } from './outbox-state';

// The page's side of the outbox where the browser has no Background Sync (Safari, Firefox, and
// Node here): a post that cannot go waits, and the page itself replays it at the next start.

type Step = 'ok' | 'drop' | '503' | '409';

function server(steps: Step[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${url} ${new Headers(init.headers).get('Idempotency-Key')}`);
      const step = steps.shift() ?? 'ok';
      if (step === 'drop') throw new TypeError('Failed to fetch');
      if (step === '503')
        return new Response(JSON.stringify({ error: true, code: 'internal_error', message: '' }), { status: 503 });
      if (step === '409')
        return new Response(
          JSON.stringify({ error: true, code: 'already_played', message: 'You have already played.' }),
          {
            status: 409,
          },
        );
      return new Response(
        JSON.stringify({ error: false, data: { session_id: 's', user: { coins: 20, all_time_score: 8 } } }),
        {
          status: 200,
        },
      );
    }),
  );
  return calls;
}

const who = (id: string) => ({ id, token: 'tok', userId: 3, label: 'Daily quiz' });

beforeEach(async () => {
  await clearOutbox();
  await takeFailures();
});
afterEach(() => vi.unstubAllGlobals());

describe('postResult', () => {
  it('applied at once: the reply, nothing left waiting', async () => {
    const calls = server(['ok']);
    const out = await postResult('submit_quiz_answers', { session_id: 's', answers: '[]' }, who('key-00000001'));
    expect(out).toEqual({ status: 'applied', data: expect.objectContaining({ session_id: 's' }) });
    expect(calls).toEqual(['/api/submit_quiz_answers key-00000001']);
    expect(await countPosts()).toBe(0);
    expect(outboxSnapshot().pending).toBe(0);
  });

  it('no network: queued, counted; the next start replays it with the same key', async () => {
    const calls = server(['drop', 'ok']);
    const out = await postResult('submit_pack_play', { kind: 'daily-quiz', date: '2026-11-24' }, who('key-00000002'));
    expect(out).toEqual({ status: 'queued' });
    expect(outboxSnapshot().pending).toBe(1);
    expect(await queuedPacks()).toEqual([{ kind: 'daily-quiz', date: '2026-11-24' }]);
    await flushOutbox();
    expect(outboxSnapshot()).toMatchObject({ pending: 0, lastSync: expect.any(Number) });
    expect(outboxSnapshot().lastSync).toBeGreaterThan(0);
    expect(calls).toEqual(['/api/submit_pack_play key-00000002', '/api/submit_pack_play key-00000002']);
  });

  it('a 503 queues it too; a refusal for good is returned to the screen, not kept', async () => {
    server(['503']);
    expect(await postResult('submit_quiz_answers', {}, who('key-00000003'))).toEqual({ status: 'queued' });
    await clearOutbox();
    server(['409']);
    expect(await postResult('submit_quiz_answers', {}, who('key-00000004'))).toEqual({
      status: 'failed',
      code: 'already_played',
      message: 'You have already played.',
    });
    expect(await countPosts()).toBe(0);
    // Shown by the screen that was waiting for it, so not toasted again later.
    expect(await takeFailures()).toEqual([]);
  });
});

/** A worker as the page finds it (its registration's `active`), replaying as sw/sw.ts does. */
function worker() {
  const asked: string[] = [];
  vi.stubGlobal('navigator', {
    onLine: true,
    serviceWorker: {
      getRegistration: async () => ({
        active: {
          postMessage: (msg: { type: string }, [port]: MessagePort[]) => {
            asked.push(msg.type);
            void replayOutbox().then((r) => port!.postMessage({ pending: r.pending, retry: r.retry }));
          },
        },
      }),
    },
  });
  return asked;
}

describe('flushOutbox: the open page sends what waits at once', () => {
  it('asks the worker to replay now (no Background Sync wait), and each post goes once', async () => {
    const calls = server(['drop', 'drop', 'ok', 'ok']);
    vi.stubGlobal('navigator', { onLine: false });
    await postResult('submit_pack_play', { kind: 'fun-and-learn' }, who('key-00000011'));
    await postResult('submit_pack_play', { kind: 'daily-quiz' }, who('key-00000012'));
    expect(outboxSnapshot().pending).toBe(2);
    const asked = worker();
    await flushOutbox();
    expect(asked).toEqual([FLUSH_OUTBOX]);
    expect(outboxSnapshot().pending).toBe(0);
    expect(calls.slice(2).sort()).toEqual(['/api/submit_pack_play key-00000011', '/api/submit_pack_play key-00000012']);
    // Asked again (focus, online, a call that went through): nothing left, nothing sent.
    await flushOutbox();
    expect(calls).toHaveLength(4);
  });

  it('offline: not even tried; many calls at once make one replay', async () => {
    const calls = server(['drop', 'ok']);
    vi.stubGlobal('navigator', { onLine: false });
    await postResult('submit_pack_play', { kind: 'bookmarks' }, who('key-00000013'));
    await flushOutbox();
    expect(calls).toHaveLength(1);
    const asked = worker();
    await Promise.all([flushOutbox(), flushOutbox(), flushOutbox()]);
    expect(asked.length).toBeLessThanOrEqual(2);
    expect(calls).toEqual(['/api/submit_pack_play key-00000013', '/api/submit_pack_play key-00000013']);
  });

  it('what is left (a 503) is tried again from the page with a backoff, and a successful call sends it at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const calls = server(['503', '503', 'ok']);
      vi.stubGlobal('navigator', { onLine: true });
      expect(await postResult('submit_quiz_answers', {}, who('key-00000014'))).toEqual({ status: 'queued' });
      await vi.advanceTimersByTimeAsync(RETRY_MS[0]! - 1);
      expect(calls).toHaveLength(1);
      // The page's own retry (a 503 again); meanwhile another call of the app went through: one
      // more replay right after it, and the post goes.
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(calls).toHaveLength(2));
      outboxNetworkWorks();
      await flushOutbox();
      expect(calls).toEqual(Array(3).fill('/api/submit_quiz_answers key-00000014'));
      expect(outboxSnapshot().pending).toBe(0);
      // Nothing scheduled goes out again.
      await vi.advanceTimersByTimeAsync(120_000);
      expect(calls).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('clearUserData', () => {
  it("empties the queue and deletes the player's caches", async () => {
    server(['drop']);
    await postResult('submit_quiz_answers', {}, who('key-00000005'));
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: vi.fn(async (name: string) => deleted.push(name) > 0) });
    await clearUserData();
    expect(await countPosts()).toBe(0);
    expect(outboxSnapshot().pending).toBe(0);
    expect(deleted.sort()).toEqual(['quizhub-pack-media', 'quizhub-packs']);
  });
});
