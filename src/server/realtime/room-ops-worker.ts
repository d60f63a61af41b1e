// The room operations' worker thread (see WorkerRoomOps): its own PostgreSQL pool, one
// transaction per request, the reply carrying the events or the error.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, sql } from '../db/client';
import { AppError } from '../errors';
import { systemClock, TestClock } from '../domain/clock';
import { LocalRoomOps } from './room-ops';
import { batcher, type RoomOpsWorkerData, type WorkerReply, type WorkerRequest } from './room-ops-worker-client';

const port = parentPort!;
const data = workerData as RoomOpsWorkerData;

try {
  const db = await openDatabase({ databaseUrl: data.databaseUrl, poolSize: data.poolSize });
  // Ready means reachable: a wrong URL fails the start, not the first answer.
  await db.run(sql`SELECT 1`);
  // The system clock, until a request carries a test clock's reading: then one that follows it.
  const setup = { ...data.setup, clock: systemClock };
  const ops = new LocalRoomOps(db, setup);
  let testClock: TestClock | undefined;
  const reply = batcher<WorkerReply>((batch) => port.postMessage(batch));
  const run = (req: WorkerRequest) => {
    if (req.at !== undefined) {
      testClock ??= new TestClock(new Date(req.at));
      testClock.follow(req.at);
      setup.clock = testClock;
    }
    const call = Promise.resolve().then(() =>
      (ops[req.op] as (...a: unknown[]) => Promise<unknown>).apply(ops, req.args as unknown[]),
    );
    call.then(
      (value) => reply({ id: req.id, ok: true, value }),
      (e: unknown) =>
        reply({
          id: req.id,
          ok: false,
          error:
            e instanceof AppError
              ? { app: true, code: e.code, field: e.extra.field, message: e.message }
              : { app: false, message: e instanceof Error ? (e.stack ?? e.message) : String(e) },
        }),
    );
  };
  port.on('message', (batch: WorkerRequest[] | 'close') => {
    if (batch === 'close') {
      void db.close().finally(() => port.close());
      return;
    }
    for (const req of batch) run(req);
  });
  port.postMessage({ ready: true });
} catch (e) {
  port.postMessage({ failed: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  port.close();
}
