import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/client';
import { call } from '../test-support/client';
import type { PlaySession } from '../../core/contract';
import { createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { ONE_WRITE_ACTIONS, SELF_KEYED_ACTIONS } from '.';

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

const LEVEL = { category: 'sports', subcategory: 'football-and-ball-games', level: 1, language_id: 1 };

/**
 * Each action of ONE_WRITE_ACTIONS with two calls' fields that make it write, for a player (the
 * test fails on a new one): the first is sent without a key, the second with one.
 */
const CALLS: Record<string, (p: Player) => Promise<[Record<string, unknown>, Record<string, unknown>]>> = {
  get_questions_by_level: async () => [LEVEL, LEVEL],
  submit_answer: async (p) => {
    const res = await call<PlaySession>(t.app, 'get_questions_by_level', LEVEL, { token: p.token });
    const s = res.body.data;
    const [q1, q2] = [s.questions[0]!, s.questions[1]!];
    return [
      { session_id: s.session_id, question_id: q1.id, answer: q1.options[0]!.id },
      { session_id: s.session_id, question_id: q2.id, answer: q2.options[0]!.id },
    ];
  },
};

describe('mutations run outside a transaction when sent without a key', () => {
  it.each([...ONE_WRITE_ACTIONS])(
    '%s writes one statement outside a transaction without a key, and in one with a key (unless self-keyed)',
    async (action) => {
      expect(CALLS[action], `give ${action} its fields in CALLS`).toBeDefined();
      const p = await createPlayer(t.app);
      const [fields, second] = await CALLS[action]!(p);
      const sent: string[] = [];
      const res = await request.run(sent, () => call(t.app, action as never, fields, { token: p.token }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // All of it on the root connection (a transaction's statements go through a session of its own).
      expect(sent.filter((s) => WRITE.test(s))).toHaveLength(1);

      const keyed: string[] = [];
      const again = await request.run(keyed, () =>
        call(t.app, action as never, second, { token: p.token, idempotencyKey: randomUUID() }),
      );
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(keyed.length).toBeGreaterThan(0);
      // With a key, the effect and its stored reply commit together: nothing is written outside.
      // A self-keyed action keeps no reply: its one write goes as it did without a key.
      expect(keyed.filter((s) => WRITE.test(s))).toHaveLength(SELF_KEYED_ACTIONS.has(action) ? 1 : 0);
    },
  );

  it('leaves nothing behind when the one-write action is refused', async () => {
    const p = await createPlayer(t.app);
    const res = await call(
      t.app,
      'get_questions_by_level',
      { ...LEVEL, level: 99 },
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
