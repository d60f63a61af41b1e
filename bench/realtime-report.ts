// The report of `npm run bench:realtime` (realtime.bench.ts): each run's table, and the goals of
// issue 24 ("Realtime, restated") judged on the medians of the runs' paired figures.

/** The offered load is 1 answer a second per player; served means at least this share of it. */
const GOAL_LOAD = 0.98;
const GOAL_P99_MS = 10;
const GOAL_TWO_P99_MS = 15;

/** One scenario of one run: its latencies and the CPU it took. */
export interface Row {
  scenario: string;
  rooms: number;
  /** Seconds measured. */
  seconds: number;
  latencies: number[];
  sent: number;
  lost: number;
  roomsFinished: number;
  errors: Record<string, number>;
  serverCpu: number[];
  /** CPU % over the window: PostgreSQL (all its processes), Redis, the whole machine. */
  pgCpu: number;
  /**
   * CPU % of the backends connected to the bench's database over the window (NaN on PGlite):
   * on a shared machine, pgCpu also counts other databases' work.
   */
  pgDbCpu: number;
  /** Transactions PostgreSQL ended in the server's database over the window (NaN: not counted). */
  pgTransactions: number;
  redisCpu: number;
  machineCpu: number;
  skipped?: string;
}

const pct = (xs: number[], p: number) =>
  xs.length ? xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]! : NaN;
const ms = (x: number) => (Number.isNaN(x) ? '-' : x < 10 ? x.toFixed(2) : x.toFixed(1));

const rate = (r: Row) => r.sent / (2 * r.rooms * r.seconds);
const cpu = (x: number) => (Number.isNaN(x) ? '-' : `${Math.round(x)} %`);
/** CPU milliseconds per answer sent in the window, from a CPU % over it. */
const perAnswer = (r: Row, pct: number) => (r.sent ? (10 * pct * r.seconds) / r.sent : NaN);
const cpuMs = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(2));
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

export function table(rows: Row[], o: { rooms: number; procs: number; warmup: number; seconds: number }) {
  console.log(
    `\n${o.rooms} rooms × 2 players, each answering 1/s; ${o.procs} load processes; ${o.warmup} s warm-up, ${o.seconds} s measured; latency in ms`,
  );
  console.log(
    "| scenario | rooms | answers measured | answers/s per player | lost | p50 | p95 | p99 | max | server CPU | PostgreSQL CPU (its database's backends) | Redis CPU | machine busy |",
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|');
  for (const r of rows) {
    if (r.skipped) {
      console.log(`| ${r.scenario} | - | - | - | - | - | - | - | - | skipped: ${r.skipped} | - | - | - |`);
      continue;
    }
    const l = r.latencies;
    console.log(
      `| ${r.scenario} | ${r.rooms} | ${l.length} | ${rate(r).toFixed(2)} | ${r.lost} | ${ms(pct(l, 50))} | ${ms(pct(l, 95))} | ${ms(pct(l, 99))} | ${ms(l.at(-1) ?? NaN)} | ${r.serverCpu.length ? r.serverCpu.map((c) => `${Math.round(c)} %`).join(' + ') : '-'} | ${cpu(r.pgCpu)} (${cpu(r.pgDbCpu)}) | ${cpu(r.redisCpu)} | ${cpu(r.machineCpu)} |`,
    );
  }
  console.log('\nCPU time per answer (ms of CPU per answer sent in the window; the relay row: the relay process)');
  console.log(
    "| scenario | server (all nodes) | PostgreSQL | PostgreSQL, its database's backends | Redis | server + PostgreSQL + Redis | PostgreSQL transactions per answer |",
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    if (r.skipped) continue;
    const server = perAnswer(
      r,
      r.serverCpu.reduce((s, c) => s + c, 0),
    );
    const pg = perAnswer(r, r.pgCpu);
    const pgDb = perAnswer(r, r.pgDbCpu);
    const redis = perAnswer(r, r.redisCpu);
    const all = [server, pg, redis].filter((x) => !Number.isNaN(x)).reduce((s, x) => s + x, 0);
    const tx = r.sent ? r.pgTransactions / r.sent : NaN;
    console.log(
      `| ${r.scenario} | ${cpuMs(server)} | ${cpuMs(pg)} | ${cpuMs(pgDb)} | ${cpuMs(redis)} | ${cpuMs(all)} | ${Number.isNaN(tx) ? '-' : tx.toFixed(2)} |`,
    );
  }
  for (const r of rows) {
    const e = Object.entries(r.errors);
    if (e.length) console.log(`errors in "${r.scenario}": ${e.map(([k, v]) => `${k} ×${v}`).join(', ')}`);
    const achieved = rate(r);
    if (!r.skipped && achieved < 0.9)
      console.log(
        `"${r.scenario}": ${achieved.toFixed(2)} answers/s per player, not the 1/s offered: a player answers a round only once it opens, and rounds opened only that fast (${Math.round(achieved * r.rooms)} rounds/s over ${r.rooms} rooms), so these latencies were measured at ${Math.round(achieved * 100)} % of the intended load`,
      );
    if (r.roomsFinished) console.log(`"${r.scenario}": ${r.roomsFinished} battles finished and were started again`);
  }
}

/** One run's goal figures: p99 ratio to the relay, p99, two nodes' added p99 (NaN where not run). */
export interface RunGoals {
  ratio: number;
  p99: number;
  added: number;
  /** Whether both server runs carried the same load (rounds open only as fast as they close). */
  comparable: boolean;
  /** Share of the offered load the one-node and the two-node runs carried. */
  load: number;
  loadTwo: number;
  /** Two nodes' p99 (NaN where not run). */
  p99Two: number;
  /** The relay's p99 on a machine kept as busy as the one-node run left it, and one node's p99 over it. */
  busyRelayP99: number;
  busyRatio: number;
  /** CPU ms per answer: the servers, and the bench database's PostgreSQL backends (one node, two nodes). */
  cpu: { server: number; pg: number; serverTwo: number; pgTwo: number };
}

export function runGoals(relay: Row, one: Row | undefined, two: Row | undefined, busy?: Row): RunGoals {
  const p99 = (r: Row) => pct(r.latencies, 99);
  const hasTwo = Boolean(one && two && !two.skipped);
  const [r1, r2] = [one ? rate(one) : NaN, hasTwo ? rate(two!) : NaN];
  return {
    ratio: one ? p99(one) / p99(relay) : NaN,
    p99: one ? p99(one) : NaN,
    added: hasTwo ? p99(two!) - p99(one!) : NaN,
    comparable: hasTwo && Math.abs(r2 - r1) <= 0.1 * Math.max(r1, r2),
    load: r1,
    loadTwo: r2,
    p99Two: hasTwo ? p99(two!) : NaN,
    busyRelayP99: busy ? p99(busy) : NaN,
    busyRatio: one && busy ? p99(one) / p99(busy) : NaN,
    cpu: {
      server: one ? perAnswer(one, sum(one.serverCpu)) : NaN,
      pg: one ? perAnswer(one, one.pgDbCpu) : NaN,
      serverTwo: hasTwo ? perAnswer(two!, sum(two!.serverCpu)) : NaN,
      pgTwo: hasTwo ? perAnswer(two!, two!.pgDbCpu) : NaN,
    },
  };
}

const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export function goals(runs: RunGoals[]) {
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const each = (f: (g: RunGoals) => string) => (runs.length > 1 ? ` (runs: ${runs.map(f).join(', ')})` : '');
  const ratio = median(runs.map((g) => g.ratio));
  const p99 = median(runs.map((g) => g.p99));
  const load = median(runs.map((g) => g.load));
  const of = runs.length > 1 ? `median of ${runs.length}` : 'one run';
  console.log(`\n| goal (${of}) | measured | result |`);
  console.log('|---|---:|---|');
  if (Number.isNaN(ratio)) return;
  console.log(
    `| one node serves the offered load (≥ ${GOAL_LOAD} answers/s per player) | ${load.toFixed(2)}${each((g) => g.load.toFixed(2))} | ${mark(load >= GOAL_LOAD)} |`,
  );
  console.log(
    `| one node p99 ≤ ${GOAL_P99_MS} ms | ${ms(p99)} ms${each((g) => ms(g.p99))} | ${mark(p99 <= GOAL_P99_MS && load >= GOAL_LOAD)} |`,
  );
  const two = runs.filter((g) => !Number.isNaN(g.p99Two));
  if (two.length) {
    const loadTwo = median(two.map((g) => g.loadTwo));
    const p99Two = median(two.map((g) => g.p99Two));
    console.log(
      `| two nodes serve the offered load (≥ ${GOAL_LOAD} answers/s per player) | ${loadTwo.toFixed(2)}${each((g) => g.loadTwo.toFixed(2))} | ${mark(loadTwo >= GOAL_LOAD)} |`,
    );
    console.log(
      `| two nodes (Redis) p99 ≤ ${GOAL_TWO_P99_MS} ms | ${ms(p99Two)} ms${each((g) => ms(g.p99Two))} | ${mark(p99Two <= GOAL_TWO_P99_MS && loadTwo >= GOAL_LOAD)} |`,
    );
  }
  console.log(
    `| (context) one node p99 over the bare relay's | ${ratio.toFixed(2)}×${each((g) => `${g.ratio.toFixed(2)}×`)} | - |`,
  );
  const busy = median(runs.map((g) => g.busyRelayP99));
  if (!Number.isNaN(busy))
    console.log(
      `| (context) the relay's p99 on a machine as busy as one node left it; one node over it | ${ms(busy)} ms, ${median(runs.map((g) => g.busyRatio)).toFixed(2)}×${each((g) => `${ms(g.busyRelayP99)}`)} | - |`,
    );
  const cpuOf = (k: keyof RunGoals['cpu']) =>
    `${cpuMs(median(runs.map((g) => g.cpu[k])))}${each((g) => cpuMs(g.cpu[k]))}`;
  console.log(
    `| (context) CPU ms per answer, one node: server; PostgreSQL (its database's backends) | ${cpuOf('server')}; ${cpuOf('pg')} | - |`,
  );
  if (two.length)
    console.log(
      `| (context) CPU ms per answer, two nodes: servers; PostgreSQL (its database's backends) | ${cpuOf('serverTwo')}; ${cpuOf('pgTwo')} | - |`,
    );
  if (two.length) {
    const sign = (x: number) => `${x >= 0 ? '+' : ''}${ms(x)}`;
    console.log(
      `| (context) what two nodes add at p99 | ${sign(median(two.map((g) => g.added)))} ms${each((g) => sign(g.added))} | ${two.every((g) => g.comparable) ? '-' : 'the two runs carried different loads'} |`,
    );
  }
}
