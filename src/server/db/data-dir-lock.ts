import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { askHolder, LockRequest, MAX_LINE_BYTES, readLine, type LockHolder } from './lock-channel';

/**
 * One writer per embedded data dir. The lock is a Unix socket its holder listens on, in
 * `<DATA_DIR>.lock/owner/` (beside the data dir: PGlite's dumpDataDir cannot read a socket
 * inside it, and db:restore swaps the data dir while holding the lock):
 * - the socket listens before its folder is renamed to `owner`; a rename onto a non-empty folder
 *   fails, so of two starters exactly one gets it, with no window where `owner` is half made;
 * - a process that dies (kill -9 too) stops listening: its socket file refuses connections, and
 *   the next opener removes that file, by its own unique name (a new holder's has another), so a
 *   stale lock is cleared without ever removing a live one; no pid is trusted (pids are reused);
 * - the folders are 0700 and the socket 0600: only the same OS user can ask the holder anything.
 */

/** What a holder says about itself, and the tasks it runs for a CLI (a server's admin channel). */
export interface HolderInfo {
  role: string;
  /** CLI tasks this holder runs on its open database once `serve` is called. */
  tasks?: readonly string[];
}

export type TaskHandler = (task: string, args: unknown) => Promise<unknown>;

export interface DataDirLock {
  /** Starts answering task requests (asked earlier, they wait for this). */
  serve(handler: TaskHandler): void;
  /** Stops listening and removes the socket: the next opener may go ahead. */
  release(): Promise<void>;
}

/** The data dir is open in another live process: the message says which and what to do. */
export class DataDirBusy extends Error {
  override name = 'DataDirBusy';
  constructor(
    readonly shown: string,
    readonly holder: LockHolder,
    private readonly socket: string,
  ) {
    super(
      `the database in ${shown} is in use by ${holder.role} (pid ${holder.pid}); ` +
        (holder.tasks.length > 0
          ? 'stop it first, or run this against the running server'
          : 'wait for it to finish, or stop it first'),
    );
  }

  /** Asks the holder to run `task` (one of `holder.tasks`) and answers its result. */
  ask(task: string, args: unknown): Promise<unknown> {
    return askHolder(this.socket, { op: 'task', task, args });
  }
}

/** The lock's folder for a data dir. */
export function lockHome(dataDir: string): string {
  return `${resolve(dataDir)}.lock`;
}

/** A socket path short enough for the OS (108 bytes): relative to the working folder when shorter. */
function socketAddress(path: string): string {
  const rel = relative(process.cwd(), path);
  return path.length > 100 && rel.length < path.length ? rel : path;
}

const code = (e: unknown) => (e as NodeJS.ErrnoException).code;

/** Our private folder: made 0700, refused when another user owns it. */
function privateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  const st = statSync(path);
  if (process.getuid && st.uid !== process.getuid()) {
    throw new Error(`${path} belongs to another user: the database's lock must be the server user's own`);
  }
  if ((st.mode & 0o077) !== 0) chmodSync(path, 0o700);
}

/** Whether a process with this pid exists (only to tidy up folders of failed starts). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return code(e) === 'EPERM';
  }
}

/** Removes `new.<pid>.*` folders that dead processes left while taking the lock. */
function removeLeftovers(home: string, mine: string): void {
  for (const name of readdirSync(home)) {
    const pid = /^new\.(\d+)\./.exec(name)?.[1];
    if (name !== mine && pid && !alive(Number(pid))) rmSync(join(home, name), { recursive: true, force: true });
  }
}

/**
 * The live holder of `owner`, if any: each socket there is asked who it is; one that refuses
 * the connection belongs to a dead process and is removed.
 */
async function liveHolder(owner: string): Promise<{ holder: LockHolder; socket: string } | undefined> {
  let names: string[];
  try {
    names = readdirSync(owner);
  } catch (e) {
    if (code(e) === 'ENOENT' || code(e) === 'ENOTDIR') return undefined;
    throw e;
  }
  for (const name of names) {
    const path = join(owner, name);
    const pid = Number(/^(\d+)\./.exec(name)?.[1] ?? 0);
    try {
      const who = (await askHolder(socketAddress(path), { op: 'who' }, 3000)) as LockHolder;
      return { holder: { pid: who.pid, role: who.role, tasks: who.tasks ?? [] }, socket: socketAddress(path) };
    } catch (e) {
      if (code(e) === 'ECONNREFUSED' || code(e) === 'ENOTSOCK') {
        rmSync(path, { force: true }); // its process is gone; the name is its own, never a new holder's
      } else if (code(e) !== 'ENOENT') {
        // Listening but not answering (busy, or another user's): held all the same.
        return { holder: { pid, role: 'another process', tasks: [] }, socket: socketAddress(path) };
      }
    }
  }
  return undefined;
}

/**
 * Takes the exclusive lock of an embedded data dir for this process, or throws `DataDirBusy`
 * naming the live holder. `shown` is the data dir as the operator wrote it (for the message).
 */
export async function lockDataDir(dataDir: string, info: HolderInfo, shown = dataDir): Promise<DataDirLock> {
  const home = lockHome(dataDir);
  const id = `${process.pid}.${randomBytes(4).toString('hex')}`;
  const fresh = join(home, `new.${id}`);
  const owner = join(home, 'owner');
  for (let tries = 0; ; tries++) {
    privateDir(home);
    try {
      mkdirSync(fresh, { mode: 0o700 });
      break;
    } catch (e) {
      // A holder releasing removes the (then empty) folder: make it again.
      if (code(e) !== 'ENOENT' || tries > 3) throw e;
    }
  }
  removeLeftovers(home, `new.${id}`);
  const holder: LockHolder = { pid: process.pid, role: info.role, tasks: [...(info.tasks ?? [])] };
  let handler: (h: TaskHandler) => void = () => undefined;
  const served = new Promise<TaskHandler>((ok) => (handler = ok));
  const server = createServer((s) => void answer(s, holder, served));
  server.unref();
  try {
    await new Promise<void>((ok, ko) => server.once('error', ko).listen(socketAddress(join(fresh, `${id}.sock`)), ok));
    chmodSync(join(fresh, `${id}.sock`), 0o600);
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        renameSync(fresh, owner);
        return lockHandle(server, join(owner, `${id}.sock`), owner, handler);
      } catch (e) {
        if (code(e) !== 'ENOTEMPTY' && code(e) !== 'EEXIST') throw e;
      }
      const live = await liveHolder(owner);
      if (live) throw new DataDirBusy(shown, live.holder, live.socket);
    }
    throw new Error(`${owner} holds files that are not a lock's: remove them, then start again`);
  } catch (e) {
    server.close();
    rmSync(fresh, { recursive: true, force: true });
    throw e;
  }
}

function lockHandle(server: Server, socket: string, owner: string, serve: (h: TaskHandler) => void): DataDirLock {
  const home = join(owner, '..');
  let released = false;
  return {
    serve,
    async release() {
      if (released) return;
      released = true;
      rmSync(socket, { force: true });
      for (const dir of [owner, home]) {
        try {
          rmdirSync(dir);
        } catch {
          // Not empty: another opener is taking the lock, or has it already.
        }
      }
      await new Promise((ok) => server.close(ok));
    },
  };
}

/** Answers one connection: who the holder is, or a task's result once the holder serves tasks. */
async function answer(socket: Socket, holder: LockHolder, served: Promise<TaskHandler>): Promise<void> {
  socket.on('error', () => undefined);
  let reply: unknown;
  try {
    const request = LockRequest.parse(JSON.parse(await readLine(socket, MAX_LINE_BYTES)));
    if (request.op === 'who') reply = { ok: true, result: holder };
    else if (!holder.tasks.includes(request.task))
      reply = { ok: false, error: `${holder.role} does not run ${request.task}` };
    else reply = { ok: true, result: await (await served)(request.task, request.args) };
  } catch (e) {
    reply = { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  socket.end(`${JSON.stringify(reply)}\n`);
}
