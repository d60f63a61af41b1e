import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, sql } from '../db/client';
import { ROOT } from '../paths';
import {
  embeddedEnv,
  httpCall,
  runCli,
  signUpOverHttp,
  startServer,
  stopServer,
  type ServerProcess,
} from '../test-support/server-process';

// Real processes on one embedded data dir: the server (tsx), a second server, the CLIs.
const root = mkdtempSync(join(tmpdir(), 'one-writer-'));
const dataDir = join(root, 'db');
const env = embeddedEnv(dataDir, { INIT_CWD: root });
const FIXTURES = join(ROOT, 'src/server/domain/content-import/fixtures');
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const s of running) await stopServer(s, 'SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const s = await startServer(env);
  running.push(s);
  expect(s.child.exitCode, s.stderr()).toBeNull();
  return s;
}

/** Signs in over HTTP with e-mail and password: the api_token. */
async function signIn(base: string, email: string, password: string): Promise<string> {
  const proof = await httpCall<{ firebase_id: string; id_token: string }>(base, 'auth_email_login', {
    email,
    password,
  });
  expect(proof.status, JSON.stringify(proof.body)).toBe(200);
  const user = await httpCall<{ api_token: string }>(
    base,
    'user_signup',
    { firebase_id: proof.body.data.firebase_id, type: 'email', name: 'Ops', email },
    proof.body.data.id_token,
  );
  expect(user.status, JSON.stringify(user.body)).toBe(200);
  return user.body.data.api_token;
}

/** The e-mails of the users the data dir holds, read after every process has let go of it. */
async function storedEmails(): Promise<string[]> {
  const db = await openDatabase({ dataDir });
  try {
    return (await db.rows<{ email: string }>(sql`SELECT email FROM users ORDER BY id`)).map((r) => r.email);
  } finally {
    await db.close();
  }
}

const busy = (pid: number) => `the database in ${dataDir} is in use by the server (pid ${pid}); stop it first`;

describe('one writer per embedded database', () => {
  const acknowledged: string[] = [];

  it('refuses a second server, runs the CLIs through the running one, and keeps every write after a stop', async () => {
    const server = await start();
    acknowledged.push((await signUpOverHttp(server.base)).email);

    const second = await startServer(env);
    running.push(second);
    // startServer came back: the second one either answered /healthz (still running) or ended.
    expect(second.child.exitCode, 'a second server started on the same data dir').toBe(1);
    expect(second.stderr()).toContain(`${busy(server.child.pid!)}, or run this against the running server`);

    const admin = await runCli('admin-create', ['--email', 'Ops@Example.test', '--password', 'a long admin pass'], env);
    expect(admin.code, admin.stderr).toBe(0);
    expect(admin.stdout).toMatch(/^Admin ready: ops@example\.test \(user \d+\)\n$/);
    expect(admin.stderr).toContain(`The server (pid ${server.child.pid}) has the database in ${dataDir} open`);
    acknowledged.push('ops@example.test');
    // The admin exists in the running server: it signs in and opens the console's lists.
    const token = await signIn(server.base, 'ops@example.test', 'a long admin pass');

    const folder = join(root, 'in');
    mkdirSync(folder);
    copyFileSync(join(FIXTURES, 'otqa-utf8'), join(folder, 'world-capitals'));
    const imported = await runCli('content-import', [folder, '--language', 'en', '--skip-errors'], env);
    expect(imported.code, imported.stdout + imported.stderr).toBe(0);
    expect(imported.stdout).toContain('new categories: World Capitals');
    const categories = await httpCall<{ name: string }[]>(
      server.base,
      'admin_get_categories',
      { type: 1, limit: 100 },
      token,
    );
    expect(categories.status, JSON.stringify(categories.body)).toBe(200);
    expect(categories.body.data.map((c) => c.name)).toContain('World Capitals');

    const out = join(root, 'capitals.json');
    const exported = await runCli(
      'content-export',
      ['--category', 'world-capitals', '--format', 'json', '--out', out],
      env,
    );
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain(`4 questions written to ${out}`);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toHaveLength(4);

    const backup = await runCli('db-backup', ['--out', 'live.tar.gz'], env);
    expect(backup.code, backup.stderr).toBe(0);
    expect(existsSync(join(root, 'live.tar.gz'))).toBe(true);
    const restore = await runCli('db-restore', ['live.tar.gz'], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(busy(server.child.pid!));

    acknowledged.push((await signUpOverHttp(server.base)).email);
    expect(await stopServer(server)).toBe(0);
    expect(await storedEmails()).toEqual(expect.arrayContaining(acknowledged));
  }, 900_000); // several real processes, each opening the embedded database: minutes on a loaded machine

  it('keeps every acknowledged write through a kill -9, and the killed server leaves no lock behind', async () => {
    const server = await start();
    acknowledged.push((await signUpOverHttp(server.base)).email);
    const admin = await runCli('admin-create', ['--email', 'night@example.test'], env);
    expect(admin.code, admin.stderr).toBe(0);
    acknowledged.push('night@example.test');
    acknowledged.push((await signUpOverHttp(server.base)).email);
    expect(await stopServer(server, 'SIGKILL')).toBe('SIGKILL');

    // Nobody listens any more: a CLI opens the database itself, without a word about the server.
    const after = await runCli('admin-create', ['--email', 'later@example.test'], env);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stderr).toBe('');
    acknowledged.push('later@example.test');
    const again = await start();
    // The admin made through the killed server signs in with the password the CLI printed.
    const password = /Password: (\S+)/.exec(admin.stdout)![1]!;
    expect((await httpCall(again.base, 'auth_email_login', { email: 'night@example.test', password })).status).toBe(
      200,
    );
    expect(await stopServer(again)).toBe(0);
    expect(await storedEmails()).toEqual(expect.arrayContaining(acknowledged));
  }, 900_000); // several real processes, each opening the embedded database: minutes on a loaded machine
});
