import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../paths';

const execFileP = promisify(execFile);
// tsx as a loader in the one process (its CLI would run the script in a child of its own: the
// pid the test sees, and kills, would not be the server's).
const TS = ['--import', 'tsx'];

/** A free TCP port on the loopback. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as AddressInfo;
  await new Promise((ok) => s.close(ok));
  return port;
}

/** The environment of a server or CLI on the embedded database in `dataDir`. */
export function embeddedEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** What it wrote to stderr so far. */
  stderr: () => string;
  /** Resolves with the exit code (or signal) once it has ended. */
  exited: Promise<number | string>;
}

/**
 * Starts `src/server/server.ts` (through tsx) as a child process on `env`; resolves once it
 * answers /healthz, or with its exit when it ends first (a refused start).
 */
export async function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...TS, join(ROOT, 'src/server/server.ts')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | string>((ok) => child.once('exit', (code, signal) => ok(code ?? signal!)));
  const server: ServerProcess = { base: `http://127.0.0.1:${port}`, child, stderr: () => err, exited };
  let ended = false;
  void exited.then(() => (ended = true));
  // A fresh embedded database (initdb, migrations) takes a while on a loaded machine.
  for (let i = 0; i < 1200 && !ended; i++) {
    const res = await fetch(`${server.base}/healthz`).catch(() => null);
    if (res?.status === 200) return server;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  if (!ended) child.kill('SIGKILL');
  return server;
}

/** Stops a server with `signal` and waits for its end; answers its exit code (or signal). */
export async function stopServer(s: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | string> {
  if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill(signal);
  return s.exited;
}

/** Runs `src/server/cli/<name>.ts` with `args` on `env`: its exit code and output. */
export async function runCli(name: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    const r = await execFileP(process.execPath, [...TS, join(ROOT, `src/server/cli/${name}.ts`), ...args], {
      cwd: ROOT,
      env,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/** Calls an action over HTTP as the app does (JSON body); answers the status and the envelope. */
export async function httpCall<T = unknown>(base: string, action: string, fields: object, token?: string) {
  const res = await fetch(`${base}/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(fields),
  });
  return { status: res.status, body: (await res.json()) as { error: boolean; data: T; code?: string } };
}

/** Signs a new player up over HTTP (code from the dev outbox); answers the e-mail and user id. */
export async function signUpOverHttp(base: string): Promise<{ email: string; id: number }> {
  const email = `lock.${randomBytes(5).toString('hex')}@example.test`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const must = async <T>(action: string, fields: object, token?: string) => {
    const r = await httpCall<T>(base, action, fields, token);
    if (r.status !== 200) throw new Error(`${action}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  await must('auth_email_signup', { email, password, name: 'Lock Test' });
  const outbox = (await (await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
    data: { code: string }[];
  };
  const proof = await must<{ firebase_id: string; id_token: string }>('auth_email_verify', {
    email,
    code: outbox.data[0]!.code,
  });
  const user = await must<{ id: number }>(
    'user_signup',
    {
      firebase_id: proof.firebase_id,
      type: 'email',
      name: 'Lock Test',
      email,
      device_id: randomBytes(8).toString('hex'),
    },
    proof.id_token,
  );
  return { email, id: Number(user.id) };
}
