import { openAndPrepare } from '../boot';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { DataDirBusy } from '../db/data-dir-lock';
import type { ServerTask } from '../ops/server-task-names';

/** Where a CLI's task runs: on the database this process opened, or in the server that holds it. */
export type TaskTarget = { db: Database; server?: undefined } | { db?: undefined; server: DataDirBusy };

/**
 * Opens the configured database for a CLI (`role`: its npm command, which a second opener is
 * told). When a running server holds the embedded one and runs `task`, the task goes to it
 * instead (said on stderr); any other holder refuses with its message.
 */
export async function openTaskTarget(role: string, task: ServerTask): Promise<TaskTarget> {
  try {
    return { db: (await openAndPrepare(loadConfig(), { role })).db };
  } catch (e) {
    if (!(e instanceof DataDirBusy) || !e.holder.tasks.includes(task)) throw e;
    console.error(`The server (pid ${e.holder.pid}) has the database in ${e.shown} open: asking it to do this.`);
    return { server: e };
  }
}

/** Closes what `openTaskTarget` opened. */
export async function closeTaskTarget(t: TaskTarget): Promise<void> {
  await t.db?.close();
}
