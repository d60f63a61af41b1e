// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIONS, type ActionName } from '../../../core/contract';
import { MUTATING_ACTIONS } from '../../../core/contract/mutating-actions';
import { configureApi } from '../../lib/api-client';
import { forgetKeptReplies } from '../../lib/kept-replies';
import { loggedOut } from '../events';
import { makeStore } from '../store';
import { serverApi } from './api-slice';
import { apiBaseQuery, isApiFailure } from './base-query';
import { isReadAction } from './endpoint-kinds';
import { updatePages } from './use-api-pages';
import { INVALIDATES, PROVIDES } from './tags';

function reply(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}
const ok = (data: unknown, extra: object = {}) => reply(200, { error: false, data, ...extra });
const bodyOf = (fetch: ReturnType<typeof reply>, call = 0) =>
  (fetch.mock.calls[call] as unknown as [string, RequestInit])[1].body as FormData;

afterEach(() => {
  vi.unstubAllGlobals();
  configureApi({ onError: () => undefined });
  forgetKeptReplies();
});

describe('the generated endpoints', () => {
  it('are one per action of the contract: a query for each read, a mutation for each change', () => {
    const names = Object.keys(ACTIONS) as ActionName[];
    expect(Object.keys(MUTATING_ACTIONS).sort()).toEqual([...names].sort());
    for (const name of names) {
      const kind = name === 'get_user_badges' || !ACTIONS[name].mutates ? 'query' : 'mutation';
      expect([name, MUTATING_ACTIONS[name]]).toEqual([name, ACTIONS[name].mutates]);
      expect([name, isReadAction(name) ? 'query' : 'mutation']).toEqual([name, kind]);
      expect([name, 'useQuery' in serverApi.endpoints[name] ? 'query' : 'mutation']).toEqual([name, kind]);
    }
  });

  it('tag only reads as provided and only changes as invalidating', () => {
    for (const name of Object.keys(PROVIDES) as ActionName[]) expect([name, isReadAction(name)]).toEqual([name, true]);
    for (const name of Object.keys(INVALIDATES) as ActionName[])
      expect([name, isReadAction(name)]).toEqual([name, false]);
  });
});

describe('the base query', () => {
  const api = { signal: new AbortController().signal } as never;

  it('calls the action through api() with its fields, not the call settings, and keeps the total', async () => {
    const fetch = ok([{ id: 1 }], { total: 57 });
    vi.stubGlobal('fetch', fetch);
    const out = await apiBaseQuery(
      { action: 'get_notifications', arg: { offset: 10, limit: 5, call: { idempotencyKey: 'k' } } },
      api,
      {},
    );
    expect(out).toEqual({ data: [{ id: 1 }], meta: { total: 57 } });
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/get_notifications');
    expect([...bodyOf(fetch).keys()].sort()).toEqual(['limit', 'offset']);
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      'Idempotency-Key': 'k',
    });
  });

  it('turns a failure into plain data, toasted once by the client unless expected', async () => {
    vi.stubGlobal('fetch', reply(400, { error: true, code: 'bookmark_remove_failed', message: 'm' }));
    const onError = vi.fn();
    configureApi({ onError });
    const toasted = await apiBaseQuery({ action: 'set_bookmark', arg: { question_id: 1, status: 0 } }, api, {});
    expect(toasted.error).toEqual({ code: 'bookmark_remove_failed', status: 400, message: 'm', field: undefined });
    expect(isApiFailure(toasted.error, 'bookmark_remove_failed')).toBe(true);
    expect(onError).toHaveBeenCalledOnce();
    await apiBaseQuery(
      { action: 'set_bookmark', arg: { question_id: 1, status: 0, call: { expect: ['bookmark_remove_failed'] } } },
      api,
      {},
    );
    expect(onError).toHaveBeenCalledOnce();
  });
});

describe('the server state in the store', () => {
  it('refetches a read after a change of its area, and forgets everything at logout', async () => {
    const fetch = vi.fn(async (url: string) => {
      const data = url.endsWith('/get_bookmark') ? [] : {};
      return new Response(JSON.stringify({ error: false, data }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    const store = makeStore();
    const sub = store.dispatch(serverApi.endpoints.get_bookmark.initiate({}));
    await sub;
    await store.dispatch(serverApi.endpoints.set_bookmark.initiate({ question_id: 3, status: 0 }));
    await vi.waitFor(() =>
      expect(fetch.mock.calls.map(([u]) => u)).toEqual(['/api/get_bookmark', '/api/set_bookmark', '/api/get_bookmark']),
    );
    expect(Object.keys(store.getState().server?.queries ?? {})).toHaveLength(1);
    store.dispatch(loggedOut());
    expect(store.getState().server?.queries).toEqual({});
    sub.unsubscribe();
  });

  it("writes into a paged read's cached pages: a total raised there offers the next page", async () => {
    vi.stubGlobal('fetch', ok([{ id: 2 }, { id: 1 }], { total: 2 }));
    const store = makeStore();
    const arg = { limit: 2 };
    const sub = store.dispatch(serverApi.endpoints.get_notifications_pages.initiate(arg));
    await sub;
    const read = () => serverApi.endpoints.get_notifications_pages.select(arg)(store.getState() as never);
    expect(read().hasNextPage).toBe(false);

    store.dispatch(
      updatePages('get_notifications', arg, (pages) => {
        pages[0]!.total = 3;
      }),
    );

    expect(read().hasNextPage).toBe(true);
    expect(read().data?.pages[0]?.total).toBe(3);
    sub.unsubscribe();
  });

  it('refetches a read that follows the content language unnamed when the language changes', async () => {
    const fetch = ok([]);
    vi.stubGlobal('fetch', fetch);
    const store = makeStore();
    const { contentLanguagesLoaded, contentLanguageChosen } = await import('../../features/languages/languages-slice');
    store.dispatch(
      contentLanguagesLoaded({
        list: [
          { id: 1, language: 'English', code: 'en', is_default: true },
          { id: 2, language: 'Hindi', code: 'hi', is_default: false },
        ] as never,
        config: { language_mode: '1' } as never,
      }),
    );
    const sub = store.dispatch(serverApi.endpoints.get_bookmark.initiate({}));
    await sub;
    store.dispatch(contentLanguageChosen(2));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    sub.unsubscribe();
  });
});
