import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOutbox, countPosts, takeFailures } from '../../../../sw/outbox';
import { clearUserData, flushOutbox, postResult, queuedPacks } from './outbox-client';
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
