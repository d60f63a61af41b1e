import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/client';
import { createPlayer } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { housekeeping } from './housekeeping';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('housekeeping', () => {
  it('drops old idempotency keys and codes but keeps recent ones', async () => {
    const p = await createPlayer(t.app);
    await t.db.run(sql`INSERT INTO idempotency_keys (user_id, key, action, request_hash, status_code, reply, created_at)
      VALUES (${p.user.id}, 'old-key-123', 'x', 'h', 200, '{}'::jsonb, now() - interval '60 days'),
             (${p.user.id}, 'new-key-123', 'x', 'h', 200, '{}'::jsonb, now() - interval '29 days')`);
    const n = await housekeeping(t.db);
    expect(n.idempotency_keys).toBe(1);
    const left = await t.db.rows<{ key: string }>(sql`SELECT key FROM idempotency_keys WHERE user_id = ${p.user.id}`);
    expect(left.map((r) => r.key)).toEqual(['new-key-123']);
  });
});
