// BENCH_TRACE=1 of `npm run bench:realtime`: lines up the servers' per-stage timestamps of each
// measured answer (src/server/realtime/trace.ts, files `<prefix>.<pid>.<thread>`) with the load
// processes' send and receipt, and prints each stage's p50/p99 and its share of the slowest 1 %.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A stage: from one mark to the next, as the path of an answer goes. */
const STAGES: [name: string, from: string, to: string][] = [
  ['client send → gateway reads the frame', 'c_sent', 'recv'],
  ['gateway → early "answered" published', 'recv', 'early'],
  ['bus (publish → delivered to the opponent socket)', 'early', 'deliver'],
  ['socket write', 'deliver', 'sent'],
  ['server write → client reads it', 'sent', 'c_recv'],
  ['end to end (the measured latency)', 'c_sent', 'c_recv'],
  // The database path: not on the measured path (the early mark is), but sharing its cores.
  ['db: handle → worker thread queue', 'submit', 'queued'],
  ['db: group-commit wait', 'queued', 'batch'],
  ['db: batch transaction', 'batch', 'commit'],
  ['db: commit → main thread reply', 'commit', 'replied'],
  ['db: gateway → answer stored and replied', 'recv', 'replied'],
];

const pct = (xs: number[], p: number) =>
  xs.length ? xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]! : NaN;
const f = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(2));

/** Prints the stages of the answers in `client` (key, sent, received) from the trace files at `prefix`. */
export function stageReport(prefix: string, client: [string, number, number][]): void {
  const marks = new Map<string, Record<string, number>>();
  for (const [key, sent, recv] of client) marks.set(key, { c_sent: sent, c_recv: recv });
  const dir = dirname(prefix);
  for (const name of readdirSync(dir).filter((n) => n.startsWith(`${basename(prefix)}.`))) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      const [stage, key, at] = line.split(' ');
      const m = key && marks.get(key);
      // The first mark of a stage counts (an answer resent or refused does not move it).
      if (m && stage && m[stage] === undefined) m[stage] = Number(at);
    }
  }
  const all = [...marks.values()];
  const tail = [...all]
    .sort((a, b) => b.c_recv! - b.c_sent! - (a.c_recv! - a.c_sent!))
    .slice(0, Math.max(1, Math.ceil(all.length / 100)));
  console.log(`\nstages of ${all.length} measured answers (ms; BENCH_TRACE=1)`);
  console.log('| stage | answers | p50 | p99 | max | mean over the slowest 1 % end to end |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, from, to] of STAGES) {
    const d = (m: Record<string, number>) => (m[from] !== undefined && m[to] !== undefined ? m[to]! - m[from]! : NaN);
    const xs = all
      .map(d)
      .filter((x) => !Number.isNaN(x))
      .sort((a, b) => a - b);
    const t = tail.map(d).filter((x) => !Number.isNaN(x));
    const mean = t.length ? t.reduce((s, x) => s + x, 0) / t.length : NaN;
    console.log(
      `| ${name} | ${xs.length} | ${f(pct(xs, 50))} | ${f(pct(xs, 99))} | ${f(xs.at(-1) ?? NaN)} | ${f(mean)} |`,
    );
  }
}
