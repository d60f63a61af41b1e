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

  it('drops past leaderboard periods with their histogram, keeping recent days, months and all time', async () => {
    const p = await createPlayer(t.app);
    const periods = ['d:2001-01-01', 'm:2001-01', 'g', `d:${new Date().toISOString().slice(0, 10)}`];
    for (const period of periods)
      await t.db.run(sql`INSERT INTO lb_scores (period, user_id, score) VALUES (${period}, ${p.user.id}, 40)
        ON CONFLICT (period, user_id) DO UPDATE SET score = 40`);
    const n = await housekeeping(t.db);
    expect(n.leaderboard_scores).toBeGreaterThanOrEqual(2);
    const kept = await t.db.rows<{ period: string }>(
      sql`SELECT period FROM lb_scores WHERE user_id = ${p.user.id} ORDER BY period`,
    );
    expect(kept.map((r) => r.period)).toEqual([periods[3], 'g']);
    const buckets = await t.db.rows(sql`SELECT 1 FROM lb_buckets WHERE period IN ('d:2001-01-01', 'm:2001-01')`);
    expect(buckets).toEqual([]);
  });
});
