import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../paths';
import { DataDirBusy, lockDataDir, lockHome } from './data-dir-lock';
import { askHolder, readLine } from './lock-channel';

const root = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
let n = 0;
const freshDir = () => join(root, `db${++n}`);
const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * Another process that takes the lock of `dir` when told to (`go`) and holds it until killed;
 * `said` resolves with what it printed then: "got" or the refusal's message.
 */
async function otherProcess(dir: string): Promise<{ child: ChildProcess; go: () => void; said: Promise<string> }> {
  const lock = JSON.stringify(join(ROOT, 'src/server/db/data-dir-lock.ts'));
  const script = `import(${lock}).then((m) => {
    console.log('ready');
    process.stdin.once('data', () => m.lockDataDir(${JSON.stringify(dir)}, { role: 'a test holder' })
      .then(() => { console.log('got'); setInterval(() => {}, 1000); }, (e) => console.log(e.message)));
  });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  child.stdout!.on('data', (d: Buffer) => {
    lines.push(...d.toString().trim().split('\n'));
    waiters.splice(0).forEach((w) => w());
  });
  const line = async (i: number) => {
    while (lines.length <= i) await new Promise<void>((ok) => waiters.push(ok));
    return lines[i]!;
  };
  expect(await line(0)).toBe('ready');
  return { child, go: () => child.stdin!.write('go\n'), said: line(1) };
}

/** Another process that has tried to take the lock: what it said. */
async function tried(dir: string) {
  const o = await otherProcess(dir);
  o.go();
  return { child: o.child, said: await o.said };
}

async function kill9(child: ChildProcess): Promise<void> {
  const gone = new Promise((ok) => child.once('exit', ok));
  child.kill('SIGKILL');
  await gone;
}

describe('the lock of an embedded data dir', () => {
  it('refuses a second opener while the first holds it, naming the holder; takes it once released', async () => {
    const dir = freshDir();
    const first = await lockDataDir(dir, { role: 'the server', tasks: ['admin-create'] }, './data');
    const second = lockDataDir(dir, { role: 'npm run admin:create' });
    await expect(second).rejects.toBeInstanceOf(DataDirBusy);
    await expect(second).rejects.toThrow(
      `the database in ${dir} is in use by the server (pid ${process.pid}); stop it first, or run this against the running server`,
    );
    const other = await tried(dir);
    expect(other.said).toBe(
      `the database in ${dir} is in use by the server (pid ${process.pid}); stop it first, or run this against the running server`,
    );
    await first.release();
    const again = await lockDataDir(dir, { role: 'npm run db:backup' });
    await expect(lockDataDir(dir, { role: 'the server' })).rejects.toThrow(
      `is in use by npm run db:backup (pid ${process.pid}); wait for it to finish, or stop it first`,
    );
    await again.release();
    // Released, nothing is left beside the data dir.
    expect(readdirSync(root)).not.toContain(`db${n}.lock`);
  });

  it('is not left behind by a holder killed with SIGKILL, even when its pid now belongs to a live process', async () => {
    const dir = freshDir();
    const holder = await tried(dir);
    expect(holder.said).toBe('got');
    await expect(lockDataDir(dir, { role: 'the server' })).rejects.toThrow(`(pid ${holder.child.pid})`);
    await kill9(holder.child);
    // Its socket file stays; named as if by this (live) process, it must still read as stale.
    const owner = join(lockHome(dir), 'owner');
    const [stale] = readdirSync(owner);
    renameSync(join(owner, stale!), join(owner, `${process.pid}.reused.sock`));
    const lock = await lockDataDir(dir, { role: 'the server' });
    expect(readdirSync(owner)).toEqual([expect.stringMatching(new RegExp(`^${process.pid}\\.[0-9a-f]{8}\\.sock$`))]);
    await lock.release();
  });

  it('goes to exactly one of several processes that start at once on a stale lock', async () => {
    const dir = freshDir();
    const dead = await tried(dir);
    await kill9(dead.child);
    // Five processes, all loaded and waiting; then told to go at the same moment.
    const others = await Promise.all([1, 2, 3, 4, 5].map(() => otherProcess(dir)));
    others.forEach((o) => o.go());
    const said = await Promise.all(others.map((o) => o.said));
    expect(said.filter((s) => s === 'got')).toHaveLength(1);
    expect(said.filter((s) => s.includes('is in use by a test holder'))).toHaveLength(4);
  }, 60_000);

  it('lets only its own OS user in: the folders are 0700, the socket 0600', async () => {
    const dir = freshDir();
    const lock = await lockDataDir(dir, { role: 'the server' });
    const home = lockHome(dir);
    const owner = join(home, 'owner');
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(statSync(owner).mode & 0o777).toBe(0o700);
    const [socket] = readdirSync(owner);
    expect(statSync(join(owner, socket!)).mode & 0o777).toBe(0o600);
    await lock.release();
  });

  it('answers hostile requests with an error and keeps holding', async () => {
    const dir = freshDir();
    let ran = 0;
    const lock = await lockDataDir(dir, { role: 'the server', tasks: ['admin-create'] });
    lock.serve(async (task, args) => {
      ran++;
      return { task, args };
    });
    const owner = join(lockHome(dir), 'owner');
    const socket = join(owner, readdirSync(owner)[0]!);
    const raw = async (text: string) => {
      const s = connect(socket);
      s.on('error', () => undefined);
      s.write(text);
      return JSON.parse(await readLine(s, 1e6)) as { ok: boolean; error?: string };
    };
    expect(await raw('not json\n')).toMatchObject({ ok: false });
    expect(await raw('{"op":"drop-tables"}\n')).toMatchObject({ ok: false });
    expect(await raw('{"op":"task","task":"db-restore","args":{}}\n')).toEqual({
      ok: false,
      error: 'the server does not run db-restore',
    });
    expect(await raw(`{"op":"task","task":"${'x'.repeat(100)}","args":{}}\n`)).toMatchObject({ ok: false });
    // A line past the limit (32 MB) is refused without being read to its end.
    expect(await raw(`{"op":"who","pad":"${'x'.repeat(33 * 1024 * 1024)}"}\n`)).toMatchObject({ ok: false });
    expect(ran).toBe(0);
    expect(await askHolder(socket, { op: 'task', task: 'admin-create', args: { email: 'a@b.c' } })).toEqual({
      task: 'admin-create',
      args: { email: 'a@b.c' },
    });
    await expect(lockDataDir(dir, { role: 'npm run admin:create' })).rejects.toThrow('is in use by the server');
    await lock.release();
  });
});
