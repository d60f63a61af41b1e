// `npm run bench:play-baseline`: bench:play on this checkout and on the baseline commit (c49f362,
// before issue 24's changes) in the same run, alternating, so that the goals' ratios come from one
// machine at one time (this machine's speed changes by 2× from day to day). The baseline is checked
// out once into BENCH_BASELINE_DIR (default: a directory in the system's temp), with its own
// `npm ci`, and runs the bench as it was first written (f8e000d: the same load, the same figures,
// before the bench learnt BENCH_DB and CPU figures, which the old code could not give).
// BENCH_REPEAT (default 2) pairs; BENCH_DB (default both), BENCH_SECONDS (default 6) as bench:play.
// Prints each run's figures and the medians' ratios against the issue's goals (×3 on PostgreSQL at
// p99 ≤ 50 ms, ×2 on PGlite).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BASELINE = 'c49f362';
const BENCH_AT = 'f8e000d';
const here = new URL('..', import.meta.url).pathname;
const dir = process.env.BENCH_BASELINE_DIR || join(tmpdir(), `quizhub-play-baseline-${BASELINE}`);
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 2));
const ON = process.env.BENCH_DB || 'both';
const SECONDS = process.env.BENCH_SECONDS ?? '6';

const git = (...args) => execFileSync('git', args, { cwd: here, encoding: 'utf8' });

if (!existsSync(join(dir, 'package.json'))) {
  console.log(`baseline: checking out ${BASELINE} into ${dir}`);
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${BASELINE} | tar -x -C "${dir}"`], { cwd: here, stdio: 'inherit' });
}
for (const f of ['bench/play.bench.ts', 'bench/play-server.ts'])
  writeFileSync(join(dir, f), git('show', `${BENCH_AT}:${f}`));
if (!existsSync(join(dir, 'node_modules'))) {
  console.log('baseline: npm ci (its own lockfile, from the npm registry)');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
}

/** One bench run in `cwd`: its figures by database. */
function run(cwd, label) {
  const env = { ...process.env, BENCH_SECONDS: SECONDS, BENCH_DB: ON };
  const r = spawnSync('node', ['scripts/run-ts.mjs', 'bench/play.bench.ts'], { cwd, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${label}: bench:play failed\n${r.stdout}\n${r.stderr}`);
  const out = {};
  for (const [db, head] of [
    ['pglite', /^PGlite \(embedded\)/m],
    ['postgres', /^PostgreSQL \(/m],
  ]) {
    const m = head.exec(r.stdout);
    if (!m || (ON !== 'both' && ON !== db)) continue;
    const part = r.stdout.slice(m.index).split(/\n\n/)[0];
    const p99s = [...part.matchAll(/^\|\s+\(b\) \w+ \| \d+ calls \| [\d.]+ \| ([\d.]+) \|/gm)].map((x) => Number(x[1]));
    out[db] = {
      open: Number(/\(a\) open sessions \| (\d+) req\/s/.exec(part)[1]),
      graded: Number(/([\d.]+) graded\/s/.exec(part)[1]),
      p99: Math.max(...p99s),
    };
  }
  console.log(`${label}: ${JSON.stringify(out)}`);
  return out;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const head = git('rev-parse', '--short', 'HEAD').trim();
const runs = { base: [], head: [] };
for (let i = 1; i <= REPEAT; i++) {
  console.log(
    `\n=== pair ${i} of ${REPEAT} (load ${execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).trim()})`,
  );
  runs.base.push(run(dir, `baseline ${BASELINE}`));
  runs.head.push(run(here, `this checkout ${head}`));
}

const GOAL = { postgres: 3, pglite: 2 };
console.log(`\n| database | figure | baseline ${BASELINE} | ${head} | ratio | goal |`);
console.log('|---|---|---:|---:|---:|---|');
for (const db of ['pglite', 'postgres']) {
  if (!runs.base[0][db]) continue;
  const m = (side, k) => median(runs[side].map((r) => r[db][k]));
  for (const k of ['open', 'graded']) {
    const ratio = m('head', k) / m('base', k);
    const ok = ratio >= GOAL[db];
    console.log(
      `| ${db} | ${k === 'open' ? 'opens/s' : 'graded plays/s'} | ${m('base', k)} | ${m('head', k)} | ${ratio.toFixed(2)}× | ≥ ${GOAL[db]}× ${ok ? 'met' : 'NOT met'} |`,
    );
  }
  const p99 = m('head', 'p99');
  const goal = db === 'postgres' ? ` | ≤ 50 ms ${p99 <= 50 ? 'met' : 'NOT met'}` : ' | -';
  console.log(`| ${db} | worst p99 of a play's calls (ms) | ${m('base', 'p99')} | ${p99} | -${goal} |`);
}
console.log(
  `\nmedians of ${REPEAT} pairs; rerun: npm run bench:play-baseline   (BENCH_REPEAT, BENCH_DB, BENCH_SECONDS, BENCH_BASELINE_DIR)`,
);
