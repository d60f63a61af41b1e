/**
 * The CLI tasks a running server does for a CLI that finds it holding the embedded DATA_DIR
 * (ops/server-tasks.ts runs them; a name of its own so that the server's start loads no more).
 */
export const SERVER_TASKS = ['admin-create', 'content-import', 'content-export', 'db-backup'] as const;
export type ServerTask = (typeof SERVER_TASKS)[number];
