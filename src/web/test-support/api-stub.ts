import { vi } from 'vitest';

/** A reply of the stubbed API: the action's data, or a failure built by `failure`. */
export type StubReply = (fields: FormData, headers: Record<string, string>) => unknown;

/** A call the screen made: its action, its fields and headers. */
export interface StubCall {
  action: string;
  fields: FormData;
  headers: Record<string, string>;
}

const FAILURE = Symbol('failure');

/** A failed reply (the envelope the server sends with `code`) for a `StubReply` to return. */
export function failure(code: string, status = 400) {
  return { [FAILURE]: true, code, status };
}

/**
 * Answers `/api/<action>` from `replies` through a stubbed `fetch` (an action without a reply
 * answers `unknown_action`, 404) and records every call, in order. Undone by `vi.unstubAllGlobals()`.
 */
export function stubApi(replies: Record<string, StubReply>): StubCall[] {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const action = url.replace('/api/', '');
      const fields = init.body as FormData;
      const headers = init.headers as Record<string, string>;
      calls.push({ action, fields, headers });
      const reply = replies[action];
      const data = reply ? reply(fields, headers) : failure('unknown_action', 404);
      if (typeof data === 'object' && data !== null && FAILURE in data) {
        const { code, status } = data as ReturnType<typeof failure>;
        return new Response(JSON.stringify({ error: true, code, message: code }), { status });
      }
      return new Response(JSON.stringify({ error: false, data }), { status: 200 });
    }),
  );
  return calls;
}
