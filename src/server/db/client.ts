import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir, type DataDirLock, type HolderInfo } from './data-dir-lock';

export { sql };
export type { SQL };

/** drizzle's query builder, bound to one connection or transaction (the `Db` it came from). */
export type Orm = PgDatabase<PgQueryResultHKT>;

/** The query surface every server module uses: the same on PGlite and on PostgreSQL. */
export interface Db {
  /** Rows of a query. */
  rows<T>(query: SQL): Promise<T[]>;
  /** The first row, or undefined. */
  one<T>(query: SQL): Promise<T | undefined>;
  /** Runs a statement; answers the number of rows it touched. */
  run(query: SQL): Promise<number>;
  /** Runs `fn` in one transaction (a savepoint when nested). */
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * The query builder on the same connection or transaction, typed from `schema.ts`:
   * `db.orm.select({ coins: users.coins }).from(users).where(eq(users.id, id))`.
   */
  readonly orm: Orm;
  readonly kind: 'pglite' | 'postgres';
}

export interface Database extends Db {
  close(): Promise<void>;
  /**
   * Runs `fn` on one dedicated connection (session-level locks, multi-statement scripts):
   * `q(script)` answers the rows of the script's last statement.
   */
  session<T>(fn: (q: (script: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T>;
  /** The embedded data dir's lock, held while open (PGlite on a DATA_DIR only). */
  readonly lock?: DataDirLock;
  /**
   * Hears `NOTIFY channel` (sent when the notifying transaction commits, from any connection or
   * node on this database) until the returned function is called. `onResumed` runs when the
   * listening connection is back after a drop (PostgreSQL): what was sent meanwhile is lost.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResumed?: () => void): Promise<() => Promise<void>>;
}

// drizzle's two drivers share this surface; the union keeps both typed.
type Drizzle = {
  execute(q: SQL): Promise<{ rows: unknown[]; rowCount?: number | null; affectedRows?: number }>;
  transaction<T>(fn: (tx: Drizzle) => Promise<T>): Promise<T>;
};

function wrap(d: Drizzle, kind: Db['kind']): Db {
  const db: Db = {
    kind,
    orm: d as unknown as Orm,
    async rows<T>(q: SQL) {
      return (await d.execute(q)).rows as T[];
    },
    async one<T>(q: SQL) {
      return (await d.execute(q)).rows[0] as T | undefined;
    },
    async run(q: SQL) {
      const r = await d.execute(q);
      return r.rowCount ?? r.affectedRows ?? 0;
    },
    // Nested calls become savepoints, so a caught failure inside leaves the outer one usable.
    async tx<T>(fn: (db: Db) => Promise<T>) {
      return d.transaction((t) => fn(wrap(t, kind)));
    },
  };
  return db;
}

/** Distinct statements a connection keeps prepared; past that, statements are sent unnamed. */
const MAX_NAMED_PER_CONNECTION = 2000;
const MAX_NAMED_TEXT = 8000;

/**
 * Makes every parameterized statement a named (prepared) one, named by its text: PostgreSQL
 * then parses and plans it once per connection instead of on every call (the battle rounds
 * send the same few statements hundreds of times a second). Our statements are fixed texts with
 * their values as parameters, so the names are few; a connection stops naming past a cap.
 */
function nameStatements(client: { query: (...args: unknown[]) => unknown }) {
  const query = client.query.bind(client);
  const named = new Set<string>();
  client.query = (config: unknown, ...rest: unknown[]) => {
    const c = config as { text?: unknown; name?: unknown } | null;
    if (c && typeof c === 'object' && typeof c.text === 'string' && c.name === undefined) {
      if (c.text.length <= MAX_NAMED_TEXT && (named.size < MAX_NAMED_PER_CONNECTION || named.has(c.text))) {
        named.add(c.text);
        c.name = statementName(c.text);
      }
    }
    return query(config, ...rest);
  };
}

/** Statement names by text, shared by the connections (hashed once, not on every call). */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (statementNames.size >= MAX_NAMED_PER_CONNECTION) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** Open a PGlite from a dumped data dir (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  poolSize?: number;
  /** Who opens the embedded data dir (the lock says so to a second opener); default "another process". */
  holder?: HolderInfo;
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite file database. Each driver is
 * loaded only when used: start-up time matters on the embedded default.
 */
export async function openDatabase(o: OpenOptions): Promise<Database> {
  if (o.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
    // pg answers int8 and numeric as strings; our counters fit in a double.
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1700, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: o.databaseUrl, max: o.poolSize ?? 10 });
    pool.on('error', () => undefined); // an idle client's error must not crash the process
    pool.on('connect', (client) => nameStatements(client));
    const d = drizzlePg(pool) as unknown as Drizzle;
    const listener = new PgListener(() => new pg.Client({ connectionString: o.databaseUrl }));
    return {
      ...wrap(d, 'postgres'),
      close: async () => {
        await listener.close();
        await pool.end();
      },
      listen: (channel, onPayload, onResumed) => listener.listen(channel, onPayload, onResumed),
      session: async (fn) => {
        const c = await pool.connect();
        try {
          return await fn(async (script) => {
            const r = (await c.query(script)) as unknown as { rows: unknown[] } | { rows: unknown[] }[];
            return (Array.isArray(r) ? (r.at(-1)?.rows ?? []) : r.rows) as Record<string, unknown>[];
          });
        } finally {
          c.release();
        }
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const startParams = [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((s) => ['-c', s])];
  let client: InstanceType<typeof PGlite>;
  let lock: DataDirLock | undefined;
  if (o.loadDataDir) {
    client = await PGlite.create({ loadDataDir: o.loadDataDir, startParams });
  } else if (o.dataDir && o.dataDir !== 'memory://') {
    // Two processes writing one data dir lose each other's commits: one opener at a time.
    lock = await lockDataDir(o.dataDir, o.holder ?? { role: 'another process' });
    try {
      mkdirSync(o.dataDir, { recursive: true });
      if (!existsSync(join(o.dataDir, 'PG_VERSION'))) await initDataDir(o.dataDir);
      client = await PGlite.create({ dataDir: o.dataDir, startParams });
    } catch (e) {
      await lock.release();
      throw e;
    }
  } else {
    client = await PGlite.create({ startParams });
  }
  const d = drizzlePglite(client) as unknown as Drizzle;
  return {
    ...wrap(d, 'pglite'),
    lock,
    close: async () => {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
    listen: async (channel, onPayload) => {
      const off = await client.listen(channel, onPayload);
      return async () => {
        // The instance may be closed already (the app's close after the database's).
        if (!client.closed) await off();
      };
    },
    session: (fn) =>
      fn(async (script) => {
        const r = await client.exec(script);
        return (r.at(-1)?.rows ?? []) as Record<string, unknown>[];
      }),
    pglite: client,
  } as Database;
}

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own. Its shared memory lives in
 * PGlite's WebAssembly memory, which is zero-filled when it is set up (so all of it is resident)
 * and never shrinks: the default 128 MB of shared_buffers alone is ~128 MB of the server's RSS.
 * 32 MB holds the embedded default's working set (the play bench's database is 12 MB after its
 * load, and read as many blocks from its files as with 128 MB); a page not in them is read from
 * the data dir's files, through the OS's page cache.
 */
const EMBEDDED_SETTINGS = ['shared_buffers=32MB'];

/**
 * Creates a new embedded data dir (initdb) in a process of its own. initdb's WebAssembly memory
 * and the data dir's image it hands over come to about 430 MB. Made on the server's thread they
 * stay in its RSS until a major collection, and some of them for good; made in a worker thread,
 * ~130 MB of them stayed all the same (the C heap's arenas of a thread that ended are not handed
 * back to the system). A process's memory is all gone when it exits.
 */
async function initDataDir(dataDir: string): Promise<void> {
  // It ends with the server: its stdin closes when the server is gone, killed too, so it never
  // writes on in a data dir another server may have opened since.
  const code = `process.stdin.on('end', () => process.exit(1)).resume();
    const { PGlite } = await import(process.argv[1]);
    const db = await PGlite.create({ dataDir: process.argv[2] });
    await db.close();
    process.exit(0);`;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', code, import.meta.resolve('@electric-sql/pglite'), dataDir],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr = (stderr + s).slice(-4000)));
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`initdb process exited ${code ?? signal}: ${stderr.trim()}`)),
    );
  });
}

/** What PgListener needs of a pg client. */
interface ListenClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  on(event: 'notification', fn: (n: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', fn: () => void): unknown;
  end(): Promise<void>;
}

/**
 * PostgreSQL's LISTEN on one dedicated connection (a pooled one would be handed to others):
 * opened with the first listener, reconnected with backoff when it drops, its channels listened
 * to again. Notifications sent while it was down are lost (PostgreSQL keeps none for a listener
 * that is gone), so a listener must treat a message as a hint that is usually, not always, there.
 */
class PgListener {
  private client: ListenClient | null = null;
  private connecting: Promise<ListenClient> | null = null;
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private readonly resumed = new Set<() => void>();
  private closed = false;
  private retries = 0;
  /** Set once a connection dropped: the next one to listen is a resumption. */
  private dropped = false;

  constructor(private readonly make: () => ListenClient) {}

  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResumed?: () => void,
  ): Promise<() => Promise<void>> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    let set = this.channels.get(channel);
    const first = !set;
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(onPayload);
    if (onResumed) this.resumed.add(onResumed);
    const c = await this.connected();
    if (first) await c.query(`LISTEN ${channel}`);
    return async () => {
      if (onResumed) this.resumed.delete(onResumed);
      const own = this.channels.get(channel);
      if (!own?.delete(onPayload) || own.size > 0) return;
      this.channels.delete(channel);
      if (this.client && !this.closed) await this.client.query(`UNLISTEN ${channel}`).catch(() => undefined);
    };
  }

  private connected(): Promise<ListenClient> {
    if (this.client) return Promise.resolve(this.client);
    return (this.connecting ??= this.open().finally(() => (this.connecting = null)));
  }

  private async open(): Promise<ListenClient> {
    const c = this.make();
    c.on('notification', (n) => {
      for (const fn of this.channels.get(n.channel) ?? []) fn(n.payload ?? '');
    });
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      this.dropped = true;
      if (this.client === c) this.client = null;
      if (this.closed || this.channels.size === 0) return;
      // Back with its channels after a pause (doubling to 5 s): the listeners hear again.
      const wait = Math.min(100 * 2 ** this.retries++, 5_000);
      setTimeout(() => void this.connected().catch(() => undefined), wait).unref();
    };
    c.on('error', drop);
    c.on('end', drop);
    await c.connect();
    for (const ch of this.channels.keys()) await c.query(`LISTEN ${ch}`);
    this.retries = 0;
    this.client = c;
    if (this.dropped) {
      this.dropped = false;
      for (const fn of this.resumed) fn();
    }
    return c;
  }

  async close(): Promise<void> {
    this.closed = true;
    const c = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}
