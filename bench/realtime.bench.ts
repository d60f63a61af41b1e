// `npm run bench:realtime`: answer-to-opponent latency of live battles. BENCH_ROOMS friend
// rooms (2 players each, each player answering once a second) driven by BENCH_PROCS load
// processes; latency = a player sending `answer` → the opponent receiving the matching
// `answered` (both players of a room live in one load process: one clock). Three scenarios:
//   1. a bare `ws` relay (bench/realtime-relay.ts): same frames, same load shape, no app;
//   2. the real server, one node (`src/server/server.ts` as a child process): on PostgreSQL when
//      DATABASE_URL is set (a database of its own, BENCH_DATABASE, default `bench`,
//      re-created each run), else on PGlite in a temporary directory;
//   3. two server nodes on that PostgreSQL and REDIS_URL, player A on node 1, player B on node
//      2 (skipped, with a message, when DATABASE_URL or REDIS_URL is unset);
//   4. the bare relay again, with CPU burners keeping the machine as busy as scenario 2 left it
//      (context, not a goal: what a busy 2-core machine alone does to the relay's tail;
//      BENCH_BUSY_RELAY=0 skips it).
// The 2·BENCH_ROOMS users and their api_tokens are written to the database before the server
// starts. Answers sent in the first BENCH_WARMUP seconds are not measured; BENCH_SECONDS are.
// BENCH_REPEAT runs the whole sequence that many times and judges the goals on the medians of
// the runs' figures (one run's p99 on this shared machine moves by 2× from run to run).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openAndPrepare } from '../src/server/boot';
import { loadConfig } from '../src/server/config';
import { sql } from '../src/server/db/client';
import type { DoneMsg, GoMsg, PairSpec, SetupMsg } from './realtime-load';
import { cpuByName, cpuDelta, cpuSeconds, freePort, killAll, machineCpu, sleep, stop, track } from './realtime-procs';
import { goals, runGoals, table, type Row, type RunGoals } from './realtime-report';
import { stageReport } from './realtime-trace';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const PROCS = Math.max(1, Number(process.env.BENCH_PROCS ?? 2));
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 50);
const CATEGORY = process.env.BENCH_CATEGORY ?? 'science';
const ROUND_DELAY_MS = Number(process.env.BENCH_ROUND_DELAY_MS ?? 100);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 30);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const REDIS_URL = process.env.REDIS_URL || undefined;
const BENCH_DB = process.env.BENCH_DATABASE ?? 'bench';
/** Runs of the whole sequence (relay, one node, two nodes); the goals are judged on medians. */
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));
/** Whether to measure the relay again beside CPU burners as busy as the one-node run left the machine (0: no). */
const BUSY_RELAY = process.env.BENCH_BUSY_RELAY !== '0';
/** Extra node flags for the server processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile them. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** BENCH_TRACE=1: the servers note each answer's stages (REALTIME_TRACE); each scenario prints their p50/p99. */
const TRACE = process.env.BENCH_TRACE === '1';

const here = (f: string) => new URL(f, import.meta.url).pathname;
const root = here('../');
const logDir = mkdtempSync(join(tmpdir(), 'bench-realtime-'));

// ---- database: users and tokens written before any server opens it ----
interface Target {
  label: string;
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

async function prepareDatabase(): Promise<{ target: Target; tokens: string[]; questions: number }> {
  let env: Record<string, string>;
  let label: string;
  let cleanup = async () => {};
  if (DATABASE_URL) {
    const u = new URL(DATABASE_URL);
    u.pathname = `/${BENCH_DB}`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${BENCH_DB}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${BENCH_DB}"`);
    await admin.end();
    env = { DATABASE_URL: u.toString() };
    label = `PostgreSQL (${u.toString().replace(/\/\/[^@]*@/, '//')})`;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'bench-realtime-pglite-'));
    env = { DATABASE_URL: '', DATA_DIR: dir };
    label = 'PGlite (embedded; DATABASE_URL unset)';
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const config = loadConfig({ ...process.env, ...env, NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  const t0 = Date.now();
  const { db } = await openAndPrepare(config);
  try {
    const run = randomBytes(4).toString('hex');
    const n = 2 * ROOMS;
    const users = await db.rows<{ id: number }>(sql`INSERT INTO users (firebase_id, name, type, refer_code)
      SELECT 'bench-' || ${run} || '-' || g, 'Bench ' || g, 'email', 'B' || ${run} || g
      FROM generate_series(1, ${n}::int) g RETURNING id`);
    const tokens = users.map(() => randomBytes(32).toString('base64url'));
    const hashes = tokens.map((t) => createHash('sha256').update(t).digest('base64url'));
    await db.run(sql`INSERT INTO auth_tokens (token_hash, user_id, expires_at)
      SELECT h, u, now() + interval '30 days'
      FROM unnest(${`{${hashes.join(',')}}`}::text[], ${`{${users.map((u) => u.id).join(',')}}`}::int[]) AS x(h, u)`);
    const q = await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM questions q
      JOIN categories c ON c.id = q.category_id
      WHERE c.slug = ${CATEGORY} AND q.type IN ('mcq', 'true_false') AND q.comprehension_id IS NULL`);
    console.log(`database: ${label}: migrated, seeded, ${n} users and tokens in ${Date.now() - t0} ms`);
    return { target: { label, env, cleanup }, tokens, questions: q?.n ?? 0 };
  } finally {
    await db.close();
  }
}

/** Rooms a run left open would be closed by the next run's tickers: end them. */
async function endOpenRooms(env: Record<string, string>) {
  if (!env.DATABASE_URL) return;
  const c = new pg.Client({ connectionString: env.DATABASE_URL });
  await c.connect();
  await c.query(`UPDATE rooms SET status = 'deleted', finished_at = now() WHERE status IN ('waiting', 'playing')`);
  await c.end();
}

// ---- servers ----
/** Where a scenario's servers write their answers' stages (BENCH_TRACE=1). */
const tracePrefix = (scenario: string) => join(logDir, `trace-${scenario}`);

async function startServer(
  name: string,
  env: Record<string, string>,
  trace?: string,
): Promise<{ proc: ChildProcess; port: number }> {
  const port = freePort();
  const log = join(logDir, `${name}.log`);
  const fd = openSync(log, 'w');
  const proc = track(
    spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', 'src/server/server.ts'], {
      cwd: root,
      stdio: ['ignore', fd, fd],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        SEED_DEMO: '0',
        STATIC_DIR: '/nonexistent',
        RATE_LIMIT_PER_MINUTE: '100000000',
        // Every simulated player connects from this machine, and the bench floods on purpose.
        WS_MAX_SOCKETS_PER_IP: '100000000',
        WS_MESSAGES_PER_10S: '100000000',
        AUTH_RATE_LIMIT_PER_IP: '100000000',
        BATTLE_ROUND_SECONDS: String(ROUND_SECONDS),
        BATTLE_ROUND_DELAY_MS: String(ROUND_DELAY_MS),
        REDIS_URL: '',
        ...(TRACE && trace ? { REALTIME_TRACE: trace } : {}),
        ...env,
      },
    }),
  );
  closeSync(fd);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${name} exited (${proc.exitCode}):\n${readFileSync(log, 'utf8')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { proc, port };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not start:\n${readFileSync(log, 'utf8')}`);
    await sleep(200);
  }
}

async function startRelay(): Promise<{ proc: ChildProcess; port: number }> {
  const port = freePort();
  const proc = track(
    spawn(process.execPath, ['--import', 'tsx', here('./realtime-relay.ts')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, PORT: String(port) },
    }),
  );
  await new Promise<void>((ok, fail) => {
    proc.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && ok());
    proc.once('exit', (c) => fail(new Error(`relay exited ${c}`)));
  });
  return { proc, port };
}

/**
 * Measures the bare relay again with the machine kept as busy, beside it, as the one-node run
 * left it (PostgreSQL, the server, its worker): CPU burners on every core make up the
 * difference. What this relay loses to a busy machine is what no server sharing these cores
 * with its database can avoid.
 */
async function busyRelay(relayBusy: number, serverBusy: number): Promise<Row> {
  const cores = availableParallelism();
  // Machine busy is a share of all cores: each core's burner adds that share.
  const duty = Math.max(0, Math.min(1, (serverBusy - relayBusy) / 100));
  const burners = Array.from({ length: cores }, () =>
    track(
      spawn(process.execPath, ['--import', 'tsx', here('./realtime-burn.ts')], {
        cwd: root,
        stdio: 'ignore',
        env: { ...process.env, DUTY: String(duty) },
      }),
    ),
  );
  try {
    await sleep(1000);
    const relay = await startRelay();
    const row = await runLoad(
      `bare ws relay, machine kept ${Math.round(serverBusy)} % busy beside it`,
      'relay',
      [relay.port, relay.port],
      [],
      [relay.proc.pid],
      QUESTIONS,
    );
    await stop(relay.proc);
    return row;
  } finally {
    await Promise.all(burners.map(stop));
  }
}

/**
 * Transactions PostgreSQL has ended in the database so far (NaN without one), and the process
 * ids of the backends connected to it (the servers' pools; other databases' backends on this
 * shared machine are not this bench's).
 */
async function pgTransactions(url: string | undefined): Promise<{ tx: number; backends: number[] }> {
  if (!url) return { tx: NaN, backends: [] };
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ n: string }>(
      `SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = current_database()`,
    );
    const b = await c.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return { tx: Number(r.rows[0]?.n ?? NaN), backends: b.rows.map((x) => x.pid) };
  } finally {
    await c.end();
  }
}

// ---- load ----
async function runLoad(
  scenario: string,
  mode: SetupMsg['mode'],
  ports: [number, number],
  tokens: string[],
  serverPids: (number | undefined)[],
  noOfQue: number,
  /** The server's database, to count its transactions over the window (PostgreSQL only). */
  dbUrl?: string,
  /** The servers' trace files (BENCH_TRACE=1). */
  trace?: string,
): Promise<Row> {
  const pairs: PairSpec[] = Array.from({ length: ROOMS }, (_, i) => ({
    a: tokens[2 * i] ?? `relay-a-${i}`,
    b: tokens[2 * i + 1] ?? `relay-b-${i}`,
  }));
  const workers = Array.from({ length: PROCS }, () =>
    track(fork(here('./realtime-load.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' })),
  );
  const failed = new Promise<never>((_, fail) => {
    for (const w of workers) w.once('exit', (c) => c !== 0 && fail(new Error(`${scenario}: load process exited ${c}`)));
  });
  const next = <T>(w: ChildProcess) => new Promise<T>((ok) => w.once('message', (m) => ok(m as T)));
  const t0 = Date.now();
  const ready = workers.map((w) => next<{ ev: 'ready' }>(w));
  workers.forEach((w, i) => {
    const msg: SetupMsg = {
      cmd: 'setup',
      mode,
      http: [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`],
      ws: [`ws://127.0.0.1:${ports[0]}/ws`, `ws://127.0.0.1:${ports[1]}/ws`],
      pairs: pairs.filter((_, j) => j % PROCS === i),
      category: CATEGORY,
      noOfQue,
    };
    w.send(msg);
  });
  await Promise.race([Promise.all(ready), failed]);
  console.log(
    `  ${ROOMS} rooms, ${2 * ROOMS} sockets ready in ${Date.now() - t0} ms; playing ${WARMUP} + ${SECONDS} s`,
  );
  const start = Date.now() + 200;
  const go: GoMsg = { cmd: 'go', from: start + WARMUP * 1000, to: start + (WARMUP + SECONDS) * 1000 };
  const done = workers.map((w) => next<DoneMsg>(w));
  await sleep(200);
  for (const w of workers) w.send(go);
  await sleep(go.from - Date.now());
  const cpu0 = serverPids.map(cpuSeconds);
  const [pg0, redis0, m0] = [cpuByName(/^postgres/), cpuByName(/^redis-server/), machineCpu()];
  const tx0 = await pgTransactions(dbUrl);
  const db0 = new Map(tx0.backends.map((pid) => [pid, cpuSeconds(pid)]));
  await sleep(go.to - Date.now());
  const cpu1 = serverPids.map(cpuSeconds);
  const [pg1, redis1, m1] = [cpuByName(/^postgres/), cpuByName(/^redis-server/), machineCpu()];
  const tx1 = await pgTransactions(dbUrl);
  // The bench database's backends over the window: those there at its start, and any that came
  // since (from 0); a backend gone meanwhile is missed (the pools keep theirs).
  const db1 = new Map([...new Set([...tx0.backends, ...tx1.backends])].map((pid) => [pid, cpuSeconds(pid)]));
  for (const [pid, c] of db1) if (Number.isNaN(c)) db1.set(pid, db0.get(pid) ?? 0);
  const results = await Promise.race([Promise.all(done), failed]);
  await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode === null ? w.once('exit', r) : r(null)))));
  if (TRACE && trace)
    stageReport(
      trace,
      results.flatMap((r) => r.trace ?? []),
    );
  const errors: Record<string, number> = {};
  for (const r of results) for (const [k, v] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + v;
  return {
    scenario,
    rooms: ROOMS,
    seconds: SECONDS,
    latencies: results.flatMap((r) => r.latencies).sort((x, y) => x - y),
    sent: results.reduce((s, r) => s + r.sent, 0),
    lost: results.reduce((s, r) => s + r.lost, 0),
    roomsFinished: results.reduce((s, r) => s + r.roomsFinished, 0),
    errors,
    serverCpu: cpu0.map((c, i) => (100 * (cpu1[i]! - c)) / SECONDS),
    pgCpu: (100 * cpuDelta(pg0, pg1)) / SECONDS,
    pgDbCpu: dbUrl ? (100 * cpuDelta(db0, db1)) / SECONDS : NaN,
    pgTransactions: tx1.tx - tx0.tx,
    redisCpu: (100 * cpuDelta(redis0, redis1)) / SECONDS,
    machineCpu: (100 * (m1.busy - m0.busy)) / (m1.total - m0.total),
  };
}

/** One run of the sequence: the relay, one node, two nodes; prints its table. */
async function runOnce(run: number): Promise<RunGoals> {
  const rows: Row[] = [];
  if (REPEAT > 1) console.log(`\n=== run ${run} of ${REPEAT}`);

  console.log('\n1. bare ws relay');
  const relay = await startRelay();
  rows.push(await runLoad('bare ws relay', 'relay', [relay.port, relay.port], [], [relay.proc.pid], QUESTIONS));
  await stop(relay.proc);

  console.log(`\n2. one server node`);
  const { target, tokens, questions } = await prepareDatabase();
  const noOfQue = Math.min(QUESTIONS, questions);
  if (noOfQue < 1) throw new Error(`category ${CATEGORY} has no battle questions`);
  let one: Row | undefined;
  let two: Row | undefined;
  let busy: Row | undefined;
  try {
    const node = await startServer('node-1', target.env, tracePrefix(`one-${run}`));
    one = await runLoad(
      `server, 1 node, ${target.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
      'server',
      [node.port, node.port],
      tokens,
      [node.proc.pid],
      noOfQue,
      target.env.DATABASE_URL,
      tracePrefix(`one-${run}`),
    );
    rows.push(one);
    await stop(node.proc);
    await endOpenRooms(target.env);

    console.log('\n3. two server nodes through Redis');
    if (!DATABASE_URL || !REDIS_URL) {
      const why = `needs DATABASE_URL and REDIS_URL (${[!DATABASE_URL && 'DATABASE_URL', !REDIS_URL && 'REDIS_URL'].filter(Boolean).join(' and ')} unset)`;
      console.log(`  skipped: ${why}`);
      two = {
        scenario: 'server, 2 nodes, Redis',
        rooms: ROOMS,
        seconds: SECONDS,
        latencies: [],
        sent: 0,
        lost: 0,
        roomsFinished: 0,
        errors: {},
        serverCpu: [],
        pgCpu: NaN,
        pgDbCpu: NaN,
        pgTransactions: NaN,
        redisCpu: NaN,
        machineCpu: NaN,
        skipped: why,
      };
    } else {
      const env = { ...target.env, REDIS_URL };
      const trace = tracePrefix(`two-${run}`);
      const [n1, n2] = await Promise.all([
        startServer('node-1-redis', env, trace),
        startServer('node-2-redis', env, trace),
      ]);
      two = await runLoad(
        'server, 2 nodes, PostgreSQL + Redis (A on node 1, B on node 2)',
        'server',
        [n1.port, n2.port],
        tokens,
        [n1.proc.pid, n2.proc.pid],
        noOfQue,
        target.env.DATABASE_URL,
        trace,
      );
      await Promise.all([stop(n1.proc), stop(n2.proc)]);
      await endOpenRooms(target.env);
    }
    rows.push(two);

    if (BUSY_RELAY && one && !Number.isNaN(one.machineCpu)) {
      console.log('\n4. bare ws relay on a machine as busy as in 2.');
      busy = await busyRelay(rows[0]!.machineCpu, one.machineCpu);
      rows.push(busy);
    }
  } finally {
    killAll('SIGTERM');
    await target.cleanup();
  }

  console.log(
    `\nsingle-node database: ${target.label}${DATABASE_URL ? '' : ' — set DATABASE_URL to run on PostgreSQL'}`,
  );
  console.log(
    `battle settings: ${noOfQue} questions per room, round ${ROUND_SECONDS} s, ${ROUND_DELAY_MS} ms between rounds`,
  );
  table(rows, { rooms: ROOMS, procs: PROCS, warmup: WARMUP, seconds: SECONDS });
  return runGoals(rows[0]!, one, two, busy);
}

async function main() {
  console.log(`bench:realtime — server logs in ${logDir} (kept when the run fails)`);
  const runs: RunGoals[] = [];
  for (let i = 1; i <= REPEAT; i++) runs.push(await runOnce(i));
  goals(runs);
  console.log(
    '\nrerun: npm run bench:realtime   (BENCH_ROOMS, BENCH_SECONDS, BENCH_WARMUP, BENCH_PROCS, BENCH_QUESTIONS, BENCH_ROUND_DELAY_MS, BENCH_REPEAT, BENCH_BUSY_RELAY, DATABASE_URL, REDIS_URL)',
  );
}

main().then(
  () => {
    rmSync(logDir, { recursive: true, force: true });
    process.exit(0);
  },
  (e: unknown) => {
    console.error(e);
    killAll('SIGTERM');
    setTimeout(() => process.exit(1), 300);
  },
);
