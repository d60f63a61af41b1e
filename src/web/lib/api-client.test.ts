import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, configureApi, isApiError, type ApiError } from './api-client';
import { forgetKeptReplies } from './kept-replies';

function reply(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetKeptReplies();
});

describe('api client', () => {
  it('posts multipart fields with the bearer and Idempotency-Key and resolves with data', async () => {
    const fetch = reply(200, { error: false, data: { exists: true } });
    vi.stubGlobal('fetch', fetch);
    configureApi({ getToken: () => 'tok' });
    await expect(api('get_user_coin_score', {}, { idempotencyKey: 'k1' })).resolves.toEqual({ exists: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/get_user_coin_score');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Idempotency-Key': 'k1' });
    expect(init.body).toBeInstanceOf(FormData);
  });

  it('hands the total of a paged reply to onTotal', async () => {
    vi.stubGlobal('fetch', reply(200, { error: false, data: [{ id: 1 }], total: 57 }));
    const totals: number[] = [];
    await expect(api('get_notifications', {}, { onTotal: (n) => totals.push(n) })).resolves.toEqual([{ id: 1 }]);
    expect(totals).toEqual([57]);
  });

  it('sends JSON-valued fields as JSON strings', async () => {
    const fetch = reply(200, { error: false, data: {} });
    vi.stubGlobal('fetch', fetch);
    await api('submit_quiz_answers', { session_id: 's', answers: [{ question_id: 1, answer: null }] as never });
    const body = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect(body.get('answers')).toBe('[{"question_id":1,"answer":null}]');
  });

  it('logs out on a 401 with a session token, without an error toast', async () => {
    vi.stubGlobal('fetch', reply(401, { error: true, code: 'unauthorized', message: 'x' }));
    const onError = vi.fn();
    const onUnauthorized = vi.fn();
    configureApi({ getToken: () => 'tok', onError, onUnauthorized });
    const err = await api('get_user_by_id').catch((e: unknown) => e);
    expect(isApiError(err, 'unauthorized')).toBe(true);
    expect(onError).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('tells the logout why when the server revoked the session for a password change', async () => {
    vi.stubGlobal('fetch', reply(401, { error: true, code: 'session_password_changed', message: 'x' }));
    const onError = vi.fn();
    const onUnauthorized = vi.fn();
    configureApi({ getToken: () => 'tok', onError, onUnauthorized });
    await api('get_user_by_id').catch(() => undefined);
    expect(onError).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect((onUnauthorized.mock.calls[0] as [ApiError])[0].code).toBe('session_password_changed');
  });

  it('does not log out on a 400 invalid_password, and leaves expected codes to the caller', async () => {
    vi.stubGlobal('fetch', reply(400, { error: true, code: 'invalid_password', message: 'x' }));
    const onError = vi.fn();
    const onUnauthorized = vi.fn();
    configureApi({ getToken: () => null, onError, onUnauthorized });
    await expect(
      api('auth_email_login', { email: 'a@b.co', password: 'x' }, { expect: ['invalid_password'] }),
    ).rejects.toThrow();
    expect(onError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a network failure as code network', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    configureApi({ onError: () => undefined });
    const err = await api('get_web_settings').catch((e: unknown) => e);
    expect(isApiError(err, 'network')).toBe(true);
  });

  it('offline (the browser says so): no request at all; the packs answer what they hold, the rest fails as network', async () => {
    const fetchFn = reply(200, { error: false, data: { ok: 1 } });
    vi.stubGlobal('fetch', fetchFn);
    vi.stubGlobal('navigator', { onLine: false });
    const offline = vi.fn(async (action: string) => (action === 'get_categories' ? [{ id: 1 }] : undefined));
    const onError = vi.fn();
    configureApi({ onError, offline });
    expect(await api('get_categories', { type: 2, language_id: 1 })).toEqual([{ id: 1 }]);
    const err = await api('get_user_by_id', {}, { expect: ['network'] }).catch((e: unknown) => e);
    expect(isApiError(err, 'network')).toBe(true);
    expect(onError).not.toHaveBeenCalled();
    expect(fetchFn).not.toHaveBeenCalled();
    expect(offline.mock.calls.map((c) => c[0])).toEqual(['get_categories', 'get_user_by_id']);
    // Back online: the server is asked again.
    vi.stubGlobal('navigator', { onLine: true });
    expect(await api('get_user_by_id')).toEqual({ ok: 1 });
    expect(fetchFn).toHaveBeenCalledTimes(1);
    configureApi({ offline: () => Promise.resolve(undefined) });
  });

  describe('hot reads, revalidated by ETag', () => {
    /** A server that answers each call in turn: a status, and a body and ETag for a 200. */
    function server(...replies: ({ etag: string; data: unknown } | 304)[]) {
      return vi.fn(async () => {
        const r = replies.shift();
        if (r === undefined) throw new Error('no more replies');
        if (r === 304) return new Response(null, { status: 304 });
        return new Response(JSON.stringify({ error: false, data: r.data }), {
          status: 200,
          headers: { 'content-type': 'application/json', etag: r.etag },
        });
      });
    }
    const sentTag = (fetch: ReturnType<typeof server>, call: number) =>
      ((fetch.mock.calls[call] as unknown as [string, RequestInit])[1].headers as Record<string, string>)[
        'If-None-Match'
      ];

    it('sends the kept ETag and answers a 304 with the kept data, as a success', async () => {
      const fetch = server({ etag: '"e1"', data: [{ id: 1 }] }, 304);
      vi.stubGlobal('fetch', fetch);
      const onSuccess = vi.fn();
      const onError = vi.fn();
      configureApi({ getToken: () => null, onSuccess, onError });
      expect(await api('get_categories', { type: 1, language_id: 1 })).toEqual([{ id: 1 }]);
      expect(sentTag(fetch, 0)).toBeUndefined();
      expect(await api('get_categories', { language_id: 1, type: 1 })).toEqual([{ id: 1 }]);
      expect(sentTag(fetch, 1)).toBe('"e1"');
      expect(onSuccess).toHaveBeenCalledTimes(2);
      expect(onError).not.toHaveBeenCalled();
      configureApi({ onSuccess: () => undefined });
    });

    it('keeps one reply per call: other fields are not revalidated with it, a new reply replaces it', async () => {
      const fetch = server(
        { etag: '"a"', data: ['first'] },
        { etag: '"b"', data: ['type 2'] },
        { etag: '"a2"', data: ['renamed'] },
        304,
      );
      vi.stubGlobal('fetch', fetch);
      await api('get_categories', { type: 1 });
      await api('get_categories', { type: 2 });
      expect(sentTag(fetch, 1)).toBeUndefined();
      expect(await api('get_categories', { type: 1 })).toEqual(['renamed']);
      expect(sentTag(fetch, 2)).toBe('"a"');
      expect(await api('get_categories', { type: 1 })).toEqual(['renamed']);
      expect(sentTag(fetch, 3)).toBe('"a2"');
    });

    it('revalidates only the hot reads, and forgets their replies when the session ends', async () => {
      const fetch = server(
        { etag: '"u"', data: { id: 7 } },
        { etag: '"u"', data: { id: 7 } },
        { etag: '"w"', data: { app_name: 'Q' } },
        { etag: '"w"', data: { app_name: 'Q' } },
      );
      vi.stubGlobal('fetch', fetch);
      await api('get_user_by_id');
      await api('get_user_by_id');
      expect(sentTag(fetch, 1)).toBeUndefined();
      await api('get_web_settings');
      forgetKeptReplies();
      await api('get_web_settings');
      expect(sentTag(fetch, 3)).toBeUndefined();
    });
  });
});
