// `npm run bench:startup`: time from `npm start` to the first 200 on /healthz, on a fresh data
// dir and on an existing one, versus a bare `PGlite.create()` on the same kind of dir, each as
// a new Node process. Prints medians of RUNS runs.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = 9600 + Math.floor(Math.random() * 200);

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function barePglite(dir: string): number {
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [
      '-e',
      `import('@electric-sql/pglite').then(async ({ PGlite }) => { const db = await PGlite.create({ dataDir: ${JSON.stringify(dir)} }); await db.query('select 1'); await db.close(); })`,
    ],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('bare PGlite failed');
  return performance.now() - t0;
}

async function npmStart(dir: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn('npm', ['start'], {
    env: { ...process.env, DATA_DIR: dir, PORT: String(PORT), DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/healthz`);
        if (res.status === 200) return performance.now() - t0;
      } catch {
        // not listening yet
      }
      if (performance.now() - t0 > 60_000) throw new Error('no /healthz within 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }
}

// Build once outside the measurement.
if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) throw new Error('build failed');

const rows: Record<string, number[]> = {
  'bare PGlite, fresh dir': [],
  'npm start, fresh dir': [],
  'bare PGlite, existing dir': [],
  'npm start, existing dir': [],
};
for (let i = 0; i < RUNS; i++) {
  const a = mkdtempSync(join(tmpdir(), 'st-bare-'));
  const b = mkdtempSync(join(tmpdir(), 'st-app-'));
  rows['bare PGlite, fresh dir']!.push(barePglite(join(a, 'db')));
  rows['npm start, fresh dir']!.push(await npmStart(join(b, 'db')));
  rows['bare PGlite, existing dir']!.push(barePglite(join(a, 'db')));
  rows['npm start, existing dir']!.push(await npmStart(join(b, 'db')));
  rmSync(a, { recursive: true, force: true });
  rmSync(b, { recursive: true, force: true });
}
const m = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, median(v)]));
console.log(`\nStartup to first 200 on /healthz (median of ${RUNS}, ms)`);
console.log('| | bare PGlite.create() | npm start | ratio |');
console.log('|---|---:|---:|---:|');
for (const kind of ['fresh dir', 'existing dir']) {
  const bare = m[`bare PGlite, ${kind}`]!;
  const app = m[`npm start, ${kind}`]!;
  console.log(`| ${kind} | ${bare.toFixed(0)} | ${app.toFixed(0)} | ${(app / bare).toFixed(2)}× |`);
}
console.log('\nrerun: npm run bench:startup   (BENCH_RUNS to change)');
