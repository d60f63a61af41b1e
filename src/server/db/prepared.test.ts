import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { sql } from './client';
import { prepared } from './prepared';
import { idempotencyKeys } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const keysOf = prepared((orm) =>
  orm
    .select({ key: idempotencyKeys.key, status_code: idempotencyKeys.status_code })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.user_id, sql.placeholder('user_id')))
    .orderBy(idempotencyKeys.key),
);

const insertKey = (userId: number, key: string) =>
  sql`INSERT INTO idempotency_keys (user_id, key, action, request_hash, status_code, reply)
    VALUES (${userId}, ${key}, 'test', 'h', 200, '{}'::jsonb)`;

describe('statements built once', () => {
  it('answers what the builder answers, each call with its own values', async () => {
    const a = await createPlayer(t.app);
    const b = await createPlayer(t.app);
    await t.db.run(insertKey(a.user.id, 'key-a-1'));
    await t.db.run(insertKey(b.user.id, 'key-b-1'));
    const built = await t.db.orm
      .select({ key: idempotencyKeys.key, status_code: idempotencyKeys.status_code })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.user_id, a.user.id))
      .orderBy(idempotencyKeys.key);
    expect(await keysOf(t.db, { user_id: a.user.id })).toEqual(built);
    expect(await keysOf(t.db, { user_id: b.user.id })).toEqual([{ key: 'key-b-1', status_code: 200 }]);
  });

  it('runs in the transaction (and savepoint) of the Db it is given, not on the connection it was built on', async () => {
    const p = await createPlayer(t.app);
    const seen: string[][] = [];
    await expect(
      t.db.tx(async (tx) => {
        await tx.run(insertKey(p.user.id, 'key-in-tx'));
        seen.push((await keysOf(tx, { user_id: p.user.id })).map((r) => r.key));
        await tx.tx(async (inner) => {
          await inner.run(insertKey(p.user.id, 'key-in-savepoint'));
          seen.push((await keysOf(inner, { user_id: p.user.id })).map((r) => r.key));
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seen).toEqual([['key-in-tx'], ['key-in-savepoint', 'key-in-tx']]);
    // Rolled back: nothing was written on the root connection by the prepared reads either.
    expect(await keysOf(t.db, { user_id: p.user.id })).toEqual([]);
  });
});
