// The report of `npm run bench:realtime` (realtime.bench.ts): each run's table, and the goals of
// issue 4 judged on the medians of the runs' paired figures.

const GOAL_RATIO = 2;
const GOAL_P99_MS = 10;
const GOAL_ADDED_MS = 2;

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
  redisCpu: number;
  machineCpu: number;
  skipped?: string;
}

const pct = (xs: number[], p: number) =>
  xs.length ? xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]! : NaN;
const ms = (x: number) => (Number.isNaN(x) ? '-' : x < 10 ? x.toFixed(2) : x.toFixed(1));

const rate = (r: Row) => r.sent / (2 * r.rooms * r.seconds);
const cpu = (x: number) => (Number.isNaN(x) ? '-' : `${Math.round(x)} %`);

export function table(rows: Row[], o: { rooms: number; procs: number; warmup: number; seconds: number }) {
  console.log(
    `\n${o.rooms} rooms × 2 players, each answering 1/s; ${o.procs} load processes; ${o.warmup} s warm-up, ${o.seconds} s measured; latency in ms`,
  );
  console.log(
    '| scenario | rooms | answers measured | answers/s per player | lost | p50 | p95 | p99 | max | server CPU | PostgreSQL CPU | Redis CPU | machine busy |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|');
  for (const r of rows) {
    if (r.skipped) {
      console.log(`| ${r.scenario} | - | - | - | - | - | - | - | - | skipped: ${r.skipped} | - | - | - |`);
      continue;
    }
    const l = r.latencies;
    console.log(
      `| ${r.scenario} | ${r.rooms} | ${l.length} | ${rate(r).toFixed(2)} | ${r.lost} | ${ms(pct(l, 50))} | ${ms(pct(l, 95))} | ${ms(pct(l, 99))} | ${ms(l.at(-1) ?? NaN)} | ${r.serverCpu.length ? r.serverCpu.map((c) => `${Math.round(c)} %`).join(' + ') : '-'} | ${cpu(r.pgCpu)} | ${cpu(r.redisCpu)} | ${cpu(r.machineCpu)} |`,
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
  /** Share of the offered load the one-node run carried. */
  load: number;
  /** The relay's p99 on a machine kept as busy as the one-node run left it, and one node's p99 over it. */
  busyRelayP99: number;
  busyRatio: number;
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
    busyRelayP99: busy ? p99(busy) : NaN,
    busyRatio: one && busy ? p99(one) / p99(busy) : NaN,
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
  const loadNote = load < 0.9 ? ` at ${Math.round(100 * load)} % of the load` : '';
  const of = runs.length > 1 ? `median of ${runs.length}` : 'one run';
  console.log(`\n| goal (${of}) | measured | result |`);
  console.log('|---|---:|---|');
  if (Number.isNaN(ratio)) return;
  console.log(
    `| one node p99 ≤ ${GOAL_RATIO}× bare relay p99 | ${ratio.toFixed(2)}×${loadNote}${each((g) => `${g.ratio.toFixed(2)}×`)} | ${mark(ratio <= GOAL_RATIO)} |`,
  );
  console.log(
    `| one node p99 ≤ ${GOAL_P99_MS} ms | ${ms(p99)} ms${loadNote}${each((g) => ms(g.p99))} | ${mark(p99 <= GOAL_P99_MS)} |`,
  );
  const two = runs.filter((g) => !Number.isNaN(g.added));
  const busy = median(runs.map((g) => g.busyRelayP99));
  if (!Number.isNaN(busy))
    console.log(
      `| (context, not a goal) the relay's p99 on a machine as busy as one node left it; one node over it | ${ms(busy)} ms, ${median(runs.map((g) => g.busyRatio)).toFixed(2)}×${each((g) => `${ms(g.busyRelayP99)}`)} | - |`,
    );
  if (!two.length) return;
  const added = median(two.map((g) => g.added));
  const sign = (x: number) => `${x >= 0 ? '+' : ''}${ms(x)}`;
  console.log(
    `| two nodes (Redis) add ≤ ${GOAL_ADDED_MS} ms at p99 | ${sign(added)} ms${each((g) => sign(g.added))} | ${two.every((g) => g.comparable) ? mark(added <= GOAL_ADDED_MS) : 'not comparable: the two runs carried different loads'} |`,
  );
}
