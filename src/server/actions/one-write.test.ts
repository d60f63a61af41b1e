import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/client';
import { call } from '../test-support/client';
import { createPlayer } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { ONE_WRITE_ACTIONS } from '.';

let t: TestApp;
// The statements sent on behalf of one request (background jobs of the app are not in it).
const request = new AsyncLocalStorage<string[]>();

beforeAll(async () => {
  t = await buildTestApp();
  // Every statement on the root connection or pool (not in a transaction) goes through its session's prepareQuery.
  const session = (t.app.services.db.orm as unknown as { session: { prepareQuery: (...a: unknown[]) => unknown } })
    .session;
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = (query: unknown, ...rest: unknown[]) => {
    request.getStore()?.push((query as { sql: string }).sql);
    return prepare(query, ...rest);
  };
});
afterAll(() => t.close());

const WRITE = /^\s*(insert|update|delete|merge)\b|\b(insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i;

/** Each action of ONE_WRITE_ACTIONS with fields that make it write (the test fails on a new one). */
const CALLS: Record<string, Record<string, unknown>> = {
  get_questions_by_level: { category: 'sports', subcategory: 'football-and-ball-games', level: 1, language_id: 1 },
};

describe('mutations run outside a transaction when sent without a key', () => {
  it.each([...ONE_WRITE_ACTIONS])(
    '%s writes one statement outside a transaction without a key, and in one with a key',
    async (action) => {
      const fields = CALLS[action];
      expect(fields, `give ${action} its fields in CALLS`).toBeDefined();
      const p = await createPlayer(t.app);
      const sent: string[] = [];
      const res = await request.run(sent, () => call(t.app, action as never, fields!, { token: p.token }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // All of it on the root connection (a transaction's statements go through a session of its own).
      expect(sent.filter((s) => WRITE.test(s))).toHaveLength(1);

      const keyed: string[] = [];
      const again = await request.run(keyed, () =>
        call(t.app, action as never, fields!, { token: p.token, idempotencyKey: randomUUID() }),
      );
      expect(again.status).toBe(200);
      // With a key, the effect and its stored reply commit together: nothing is written outside.
      expect(keyed.length).toBeGreaterThan(0);
      expect(keyed.filter((s) => WRITE.test(s))).toHaveLength(0);
    },
  );

  it('leaves nothing behind when the one-write action is refused', async () => {
    const p = await createPlayer(t.app);
    const res = await call(
      t.app,
      'get_questions_by_level',
      { ...CALLS.get_questions_by_level, level: 99 },
      {
        token: p.token,
      },
    );
    expect(res.status).toBe(404);
    const n = await t.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM play_sessions WHERE user_id = ${p.user.id}`,
    );
    expect(n!.n).toBe(0);
  });
});
