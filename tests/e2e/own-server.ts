import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** The repository's root (build/server.mjs, dist/). */
export const ROOT = new URL('../../', import.meta.url).pathname;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as AddressInfo;
  await new Promise((ok) => s.close(ok));
  return port;
}

export interface OwnServer {
  base: string;
  /** The running process (replaced by restart). */
  process: ChildProcess;
  /** Starts it again on the same port and database (after a kill, say). */
  restart: () => Promise<void>;
  /** Ends it and removes its database. */
  stop: () => Promise<void>;
}

/**
 * A server of a journey's own (the built app on a free port, a fresh embedded database that
 * survives a restart), for journeys that must not disturb the shared one: deploying a second
 * build, killing the server. `env` adds to its environment; `onStdout` sees its log.
 */
export async function startOwnServer(
  o: {
    env?: Record<string, string>;
    onStdout?: (text: string) => void;
    /** Runs once before the first start, given the server's environment (a CLI on its database). */
    prepare?: (env: NodeJS.ProcessEnv) => Promise<void>;
  } = {},
): Promise<OwnServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const data = mkdtempSync(join(tmpdir(), 'own-server-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(data, 'db'),
    DATABASE_URL: '',
    REDIS_URL: '',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ...o.env,
  };
  const start = async () => {
    const child = spawn(process.execPath, ['build/server.mjs'], {
      cwd: ROOT,
      stdio: ['ignore', o.onStdout ? 'pipe' : 'ignore', 'inherit'],
      env,
    });
    if (o.onStdout) child.stdout!.on('data', (chunk: Buffer) => o.onStdout!(chunk.toString()));
    server.process = child;
    // A fresh embedded database (initdb, migrations, demo content) takes a while under load.
    await expect
      .poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status, { timeout: 90_000 })
      .toBe(200);
  };
  const server: OwnServer = {
    base,
    process: undefined as unknown as ChildProcess,
    restart: start,
    stop: async () => {
      const p = server.process;
      if (p.exitCode === null && p.signalCode === null) {
        p.kill('SIGTERM');
        await new Promise((ok) => p.once('exit', ok));
      }
      rmSync(data, { recursive: true, force: true });
    },
  };
  await o.prepare?.(env);
  await start();
  return server;
}
