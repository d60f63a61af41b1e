import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BATTLE_RULES } from '../../core/rules/battle';
import { systemClock } from '../domain/clock';
import { AppError } from '../errors';
import { createPlayer } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { WorkerRoomOps } from './room-ops-worker-client';

// The worker thread runs only on PostgreSQL (PGlite is one in-process database).
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('room operations in a worker thread', () => {
  let t: TestApp;
  let ops: WorkerRoomOps;
  const setup = { rules: { ...DEFAULT_BATTLE_RULES }, roundDelayMs: 100, clock: systemClock };
  const errors: unknown[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    ops = await WorkerRoomOps.start({ databaseUrl: t.databaseUrl!, poolSize: 2, setup }, (e) => errors.push(e));
  });
  afterAll(async () => {
    await ops.close();
    await t.close();
  });

  it("answers with the domain's own error (code, field, message) for another player's or an unknown room", async () => {
    const p = await createPlayer(t.app);
    const e = await ops.snapshot(p.user.id, '00000000-0000-4000-8000-000000000000').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect(e).toMatchObject({ code: 'not_found', status: 404, extra: { field: 'room_id' } });
    const bad = await ops.leave(p.user.id, 'not-a-uuid').catch((x: unknown) => x);
    expect(bad).toBeInstanceOf(Error);
  });

  it('runs the ticker operations on the database (nothing due in a fresh one)', async () => {
    await expect(
      Promise.all([
        ops.revealDueRounds(),
        ops.botMove(),
        ops.expireGrace(),
        ops.closeDueRounds(),
        ops.dissolveAbandoned(),
      ]),
    ).resolves.toEqual([[], null, null, [], null]);
  });

  it('a worker that dies fails the calls under way and is started again for the next', async () => {
    const w = await (ops as unknown as { worker: Promise<import('node:worker_threads').Worker> }).worker;
    const under = ops.botMove();
    await w.terminate();
    // Either it was answered before the thread ended, or it fails; it never hangs.
    const settled = await under.then(
      (v) => ({ v, e: '' }),
      (e: Error) => ({ v: undefined, e: e.message }),
    );
    expect(settled.v === null || /exited/.test(settled.e), JSON.stringify(settled)).toBe(true);
    await expect(ops.closeDueRounds()).resolves.toEqual([]);
  });

  it('refuses calls once closed', async () => {
    const other = await WorkerRoomOps.start({ databaseUrl: t.databaseUrl!, poolSize: 1, setup }, (e) => errors.push(e));
    await other.close();
    await expect(other.botMove()).rejects.toThrow(/closed/);
  });

  it('a database it cannot open fails the start', async () => {
    const u = new URL(t.databaseUrl!);
    u.pathname = '/no_such_database_here';
    await expect(
      WorkerRoomOps.start({ databaseUrl: u.toString(), poolSize: 1, setup }, (e) => errors.push(e)),
    ).rejects.toThrow();
  });
});
