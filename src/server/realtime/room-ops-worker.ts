// The room operations' worker thread (see WorkerRoomOps): its own PostgreSQL pool, one
// transaction per request, the reply carrying the events or the error.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, sql } from '../db/client';
import { AppError } from '../http/errors';
import { LocalRoomOps, type RoomOps } from './room-ops';
import type { RoomOpsWorkerData, WorkerReply, WorkerRequest } from './room-ops-worker-client';

const port = parentPort!;
const data = workerData as RoomOpsWorkerData;

try {
  const db = await openDatabase({ databaseUrl: data.databaseUrl, poolSize: data.poolSize });
  // Ready means reachable: a wrong URL fails the start, not the first answer.
  await db.run(sql`SELECT 1`);
  const ops = new LocalRoomOps(db, data.setup);
  port.on('message', (req: WorkerRequest | 'close') => {
    if (req === 'close') {
      void db.close().finally(() => port.close());
      return;
    }
    const call = Promise.resolve().then(() =>
      (ops[req.op] as (...a: unknown[]) => Promise<unknown>).apply(ops, req.args as unknown[]),
    );
    call.then(
      (value) => port.postMessage({ id: req.id, ok: true, value } satisfies WorkerReply),
      (e: unknown) =>
        port.postMessage({
          id: req.id,
          ok: false,
          error:
            e instanceof AppError
              ? { app: true, code: e.code, field: e.extra.field, message: e.message }
              : { app: false, message: e instanceof Error ? (e.stack ?? e.message) : String(e) },
        } satisfies WorkerReply),
    );
  });
  port.postMessage({ ready: true });
} catch (e) {
  port.postMessage({ failed: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  port.close();
}

export type { RoomOps };
