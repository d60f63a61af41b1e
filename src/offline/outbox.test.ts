import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addPost,
  clearOutbox,
  countPosts,
  lastSync,
  listPosts,
  replayOutbox,
  retoken,
  sendPost,
  takeFailures,
} from './outbox';
import type { OutboxPost } from '../core/offline/outbox-shape';

function post(id: string, over: Partial<OutboxPost> = {}): OutboxPost {
  return {
    id,
    action: 'submit_quiz_answers',
    fields: { session_id: id, answers: '[]' },
    token: 'tok-1',
    user_id: 7,
    created_at: Date.now(),
    attempts: 0,
    label: 'Daily quiz',
    ...over,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A server that keeps Idempotency-Key replies as ours does: the first reply of a key is stored
 * and repeated; the credit happens once per key. `script` answers the first calls differently.
 */
function fakeServer(script: Array<'503' | '429' | 'drop' | '400' | '401' | 'busy'> = []) {
  const replies = new Map<string, unknown>();
  const seen: { key: string; auth: string; action: string }[] = [];
  let credits = 0;
  const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const key = headers.get('Idempotency-Key') ?? '';
    seen.push({ key, auth: headers.get('Authorization') ?? '', action: String(url) });
    const step = script.shift();
    if (step === 'drop') throw new TypeError('Failed to fetch');
    if (step === '503') return json(503, { error: true, code: 'internal_error', message: 'down' });
    if (step === '429') return json(429, { error: true, code: 'rate_limited', message: 'slow down' });
    if (step === '400') return json(409, { error: true, code: 'already_played', message: 'You have already played.' });
    if (step === '401') return json(401, { error: true, code: 'unauthorized', message: 'Please login first.' });
    if (step === 'busy') return json(409, { error: true, code: 'request_in_progress', message: 'busy' });
    if (!replies.has(key)) {
      credits++;
      replies.set(key, { session_id: key, user: { coins: 10 * credits, all_time_score: 0 } });
    }
    return json(200, { error: false, data: replies.get(key) });
  }) as typeof fetch;
  return { fetchFn, seen, credits: () => credits };
}

beforeEach(async () => {
  await clearOutbox();
  await takeFailures();
});

describe('sendPost', () => {
  it('sends the fields as a form with the bearer and the post id as Idempotency-Key', async () => {
    const s = fakeServer();
    const out = await sendPost(post('k-00000001', { action: 'submit_pack_play' }), s.fetchFn);
    expect(out.kind).toBe('applied');
    expect(s.seen[0]).toEqual({ key: 'k-00000001', auth: 'Bearer tok-1', action: '/api/submit_pack_play' });
  });

  it.each([
    ['drop', 'retry'],
    ['503', 'retry'],
    ['429', 'retry'],
    ['401', 'retry'],
    ['busy', 'retry'],
    ['400', 'final'],
  ] as const)('a %s reply is %s', async (step, kind) => {
    const out = await sendPost(post('k-00000002'), fakeServer([step]).fetchFn);
    expect(out.kind).toBe(kind);
  });

  it('a reply that is not the API envelope (a proxy page) is retried, not final', async () => {
    const fetchFn = (async () => new Response('<html>Bad gateway</html>', { status: 404 })) as typeof fetch;
    expect((await sendPost(post('k-00000003'), fetchFn)).kind).toBe('retry');
  });
});

describe('replayOutbox', () => {
  it('applies each post once however often the queue is replayed', async () => {
    for (let i = 0; i < 5; i++) await addPost(post(`k-1000000${i}`, { created_at: i }));
    const s = fakeServer();
    const first = await replayOutbox({ fetchFn: s.fetchFn });
    expect(first.applied.map((a) => a.id)).toHaveLength(5);
    expect(first.pending).toBe(0);
    // The same queue again (a second sync event, another tab): nothing left to send.
    const again = await replayOutbox({ fetchFn: s.fetchFn });
    expect(again.applied).toHaveLength(0);
    expect(s.credits()).toBe(5);
    expect(await lastSync()).toBeGreaterThan(0);
  });

  it('keeps a post the server answered 503, and applies it on the next replay', async () => {
    await addPost(post('k-20000001'));
    const s = fakeServer(['503']);
    const r1 = await replayOutbox({ fetchFn: s.fetchFn });
    expect(r1).toMatchObject({ applied: [], failed: [], pending: 1, retry: true });
    const kept = await listPosts();
    expect(kept[0]).toMatchObject({ id: 'k-20000001', attempts: 1, last_error: 'http_503' });
    const r2 = await replayOutbox({ fetchFn: s.fetchFn });
    expect(r2.applied.map((a) => a.id)).toEqual(['k-20000001']);
    expect(await countPosts()).toBe(0);
    expect(s.credits()).toBe(1);
  });

  it('a lost reply (applied on the server, the connection cut) credits once on the replay', async () => {
    await addPost(post('k-30000001'));
    const s = fakeServer();
    // The server applies it, but the reply never arrives.
    const lost = (async (u: string | URL | Request, i?: RequestInit) => {
      await s.fetchFn(u, i);
      throw new TypeError('connection reset');
    }) as typeof fetch;
    expect((await replayOutbox({ fetchFn: lost })).pending).toBe(1);
    const r = await replayOutbox({ fetchFn: s.fetchFn });
    expect(r.applied).toHaveLength(1);
    expect(s.credits()).toBe(1);
  });

  it('stops at the first network failure: the others wait, untouched', async () => {
    for (let i = 0; i < 6; i++) await addPost(post(`k-4000000${i}`, { created_at: i }));
    const s = fakeServer(['drop', 'drop', 'drop', 'drop']);
    const r = await replayOutbox({ fetchFn: s.fetchFn, concurrency: 1 });
    expect(r.pending).toBe(6);
    expect(s.seen).toHaveLength(1);
  });

  it('a final refusal leaves the queue and is kept once to be shown', async () => {
    await addPost(post('k-50000001'));
    await addPost(post('k-50000002', { created_at: Date.now() + 1 }));
    const r = await replayOutbox({ fetchFn: fakeServer(['400']).fetchFn, concurrency: 1 });
    expect(r.failed).toEqual([
      expect.objectContaining({ id: 'k-50000001', code: 'already_played', label: 'Daily quiz' }),
    ]);
    expect(r.applied.map((a) => a.id)).toEqual(['k-50000002']);
    expect(await countPosts()).toBe(0);
    expect((await takeFailures()).map((f) => f.code)).toEqual(['already_played']);
    expect(await takeFailures()).toEqual([]);
  });

  it('the first send of a screen shows its own refusal: not kept for later', async () => {
    await addPost(post('k-60000001'));
    const r = await replayOutbox({ only: ['k-60000001'], fetchFn: fakeServer(['400']).fetchFn, keepFailures: false });
    expect(r.failed).toHaveLength(1);
    expect(await takeFailures()).toEqual([]);
  });

  it('only sends the posts named', async () => {
    await addPost(post('k-70000001'));
    await addPost(post('k-70000002'));
    const s = fakeServer();
    await replayOutbox({ only: ['k-70000002'], fetchFn: s.fetchFn });
    expect(s.seen.map((x) => x.key)).toEqual(['k-70000002']);
    expect((await listPosts()).map((p) => p.id)).toEqual(['k-70000001']);
  });

  it('a 401 keeps the post; signed in again, it goes with the new token', async () => {
    await addPost(post('k-80000001', { token: 'old' }));
    await addPost(post('k-80000002', { token: 'other-user', user_id: 8 }));
    const s = fakeServer(['401', '401']);
    expect((await replayOutbox({ fetchFn: s.fetchFn })).pending).toBe(2);
    await retoken(7, 'new');
    await replayOutbox({ fetchFn: s.fetchFn });
    const auths = s.seen.slice(2).map((x) => `${x.key} ${x.auth}`);
    expect(auths).toContain('k-80000001 Bearer new');
    expect(auths).toContain('k-80000002 Bearer other-user');
  });

  it('logout clears posts, failures and the sync time', async () => {
    await addPost(post('k-90000001'));
    await replayOutbox({ fetchFn: fakeServer(['400']).fetchFn });
    await addPost(post('k-90000002'));
    await clearOutbox();
    expect(await countPosts()).toBe(0);
    expect(await takeFailures()).toEqual([]);
    expect(await lastSync()).toBe(0);
  });
});
