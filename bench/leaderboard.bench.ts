// `npm run bench:leaderboard`: leaderboards at a million players. On PostgreSQL (a database of
// its own, BENCH_DATABASE, default `bench_lb`, re-created; skipped with a message when
// DATABASE_URL is unset) and on PGlite (a temp dir): BENCH_PLAYERS players (default 1,000,000;
// BENCH_PGLITE_PLAYERS for PGlite alone) with random all-time scores, plus a daily and a monthly
// board. Measures the top-100 page, a player's own rank at rank ~N/2 (histogram, as the API
// does it) and the plain `count(*) WHERE score > x` query, then score writes through the real
// grading scorer (score event, users.score and the three periods, one transaction per finished
// quiz) from parallel writers (BENCH_WRITERS, default 4): paced at BENCH_WRITE_RATE (default
// 400/s, PostgreSQL only: PGlite has one connection) and flat out.
import { randomUUID } from 'node:crypto';
import { sql, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { boardPage, periodPlayers, periodScore, rankOfScore } from '../src/server/domain/leaderboard';
import { addScore } from '../src/server/domain/ledger';
import { onPglite, onPostgres } from './bench-db';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const PGLITE_PLAYERS = Number(process.env.BENCH_PGLITE_PLAYERS ?? PLAYERS);
const MAX_SCORE = 1_000_000;
const READS = Number(process.env.BENCH_READS ?? 300);
const PLAIN_READS = Number(process.env.BENCH_PLAIN_READS ?? 40);
const WRITE_RATE = Number(process.env.BENCH_WRITE_RATE ?? 400);
const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 8);
// Two cores here: a few writers keep both busy; more only queue on the CPU.
const WRITERS = Number(process.env.BENCH_WRITERS ?? 4);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const BENCH_DATABASE = process.env.BENCH_DATABASE ?? 'bench_lb';

type Row = Record<string, string | number>;
const table: Row[] = [];

function p(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
}
const ms = (x: number) => x.toFixed(2);

async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

async function load(db: Database, n: number) {
  const t0 = performance.now();
  const today = new Date().toISOString().slice(0, 10);
  await db.session(async (q) => {
    await q(`INSERT INTO users (firebase_id, name, type, refer_code, score)
      SELECT 'bench:' || g, 'Player ' || g, 'email', 'B' || g, 1 + floor(random() * ${MAX_SCORE})::bigint
      FROM generate_series(1, ${n}) g`);
    await q(`INSERT INTO users (firebase_id, name, type, refer_code, score)
      VALUES ('bot:1', 'Quiz Bot', 'email', 'bot:1', ${MAX_SCORE * 10})`);
    // Bulk load without the per-row trigger, then the histogram in one pass.
    await q('ALTER TABLE lb_scores DISABLE TRIGGER lb_scores_histogram');
    await q(`INSERT INTO lb_scores (period, user_id, score)
      SELECT 'g', id, score FROM users WHERE firebase_id LIKE 'bench:%'`);
    await q(`INSERT INTO lb_scores (period, user_id, score)
      SELECT 'm:${today.slice(0, 7)}', id, 1 + floor(random() * 50000)::bigint FROM users
      WHERE firebase_id LIKE 'bench:%' AND id % 3 = 0`);
    await q(`INSERT INTO lb_scores (period, user_id, score)
      SELECT 'd:${today}', id, 1 + floor(random() * 2000)::bigint FROM users
      WHERE firebase_id LIKE 'bench:%' AND id % 10 = 0`);
    await q(`INSERT INTO lb_buckets (period, bucket, n)
      SELECT period, lb_bucket(score), count(*) FROM lb_scores GROUP BY 1, 2`);
    await q('ALTER TABLE lb_scores ENABLE TRIGGER lb_scores_histogram');
    await q('VACUUM ANALYZE users');
    await q('VACUUM ANALYZE lb_scores');
    await q('VACUUM ANALYZE lb_buckets');
    // Flush the load now, not during the measured writes.
    await q('CHECKPOINT');
  });
  return (performance.now() - t0) / 1000;
}

async function writes(db: Database, n: number, concurrency: number, rate: number | null, seconds: number) {
  const lat: number[] = [];
  let done = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  let next = t0;
  // Latency counts from the arrival slot when paced (waiting for a free writer counts too).
  const one = async (arrival: number) => {
    const uid = 1 + Math.floor(Math.random() * n);
    await db.tx(async (tx) => {
      await tx.run(sql`SELECT 1 FROM users WHERE id = ${uid} FOR UPDATE`);
      await addScore(tx, uid, 1 + Math.floor(Math.random() * 40), 'bench', randomUUID());
    });
    lat.push(performance.now() - arrival);
    done++;
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        let arrival = performance.now();
        if (rate) {
          // Open loop: each writer takes the next arrival slot; waits for it when early.
          arrival = next;
          next += 1000 / rate;
          if (arrival >= end) return;
          const wait = arrival - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        } else if (arrival >= end) return;
        await one(arrival);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  return { rate: done / secs, p50: p(lat, 0.5), p99: p(lat, 0.99) };
}

async function run(name: string, db: Database, n: number, writers: number) {
  console.log(`\n${name}: migrating and loading ${n.toLocaleString('en')} players ...`);
  await migrate(db);
  const loadSeconds = await load(db, n);
  console.log(`  loaded in ${loadSeconds.toFixed(1)} s`);
  const players = await periodPlayers(db, 'g');
  // Players around rank N/2 (each measured once; a spread so no single one sits in cache).
  const mid = await db.rows<{ user_id: number; score: number }>(sql`SELECT user_id, score FROM lb_scores
    WHERE period = 'g' ORDER BY score DESC, user_id OFFSET ${Math.floor(players / 2) - 50} LIMIT 100`);
  const top = await timed(READS, () => boardPage(db, 'g', 0, 100));
  let rankSeen = 0;
  const own = await timed(READS, async (i) => {
    const m = mid[i % mid.length]!;
    const score = await periodScore(db, 'g', m.user_id);
    rankSeen = await rankOfScore(db, 'g', score);
  });
  let plainSeen = 0;
  const plain = await timed(PLAIN_READS, async (i) => {
    const m = mid[i % mid.length]!;
    const r = await db.one<{ rank: number }>(
      sql`SELECT count(*) + 1 AS rank FROM lb_scores WHERE period = 'g' AND score > ${m.score}::bigint`,
    );
    plainSeen = Number(r!.rank);
  });
  const check = await db.one<{ rank: number }>(
    sql`SELECT count(*) + 1 AS rank FROM lb_scores WHERE period = 'g' AND score > ${mid[(READS - 1) % mid.length]!.score}::bigint`,
  );
  if (Number(check!.rank) !== rankSeen) throw new Error(`rank mismatch: ${rankSeen} vs ${check!.rank}`);
  // PGlite has one connection: it is measured flat out only.
  await writes(db, n, writers, null, 1); // warm-up: connections, plans
  const paced = writers > 1 ? await writes(db, n, writers, WRITE_RATE, WRITE_SECONDS) : undefined;
  const flat = await writes(db, n, writers, null, Math.max(3, WRITE_SECONDS / 2));
  const histogramOk = await db.one<{ bad: number }>(sql`SELECT count(*)::int AS bad FROM
    (SELECT period, bucket, n FROM lb_buckets WHERE n > 0) h
    FULL JOIN (SELECT period, lb_bucket(score) AS bucket, count(*) AS n FROM lb_scores GROUP BY 1, 2) x
      ON x.period = h.period AND x.bucket = h.bucket
    WHERE h.n IS DISTINCT FROM x.n`);
  const col: Record<string, string> = {
    players: n.toLocaleString('en'),
    'load s': loadSeconds.toFixed(1),
    'top-100 p50 / p99 ms': `${ms(p(top, 0.5))} / ${ms(p(top, 0.99))}`,
    'own rank (histogram) p50 / p99 ms': `${ms(p(own, 0.5))} / ${ms(p(own, 0.99))}`,
    'own rank measured at': `~${rankSeen.toLocaleString('en')}`,
    'plain count(*) p50 / p99 ms': `${ms(p(plain, 0.5))} / ${ms(p(plain, 0.99))}`,
    'plain / own, p99': `${(p(plain, 0.99) / p(own, 0.99)).toFixed(1)}x`,
    [`writes paced at ${WRITE_RATE}/s: done/s`]: paced ? paced.rate.toFixed(0) : '-',
    'writes paced p50 / p99 ms (from arrival)': paced ? `${ms(paced.p50)} / ${ms(paced.p99)}` : '-',
    'writers (connections)': String(writers),
    'writes flat out: done/s': flat.rate.toFixed(0),
    'writes flat out p50 / p99 ms': `${ms(flat.p50)} / ${ms(flat.p99)}`,
    'histogram equal to count(*) after': histogramOk!.bad === 0 ? 'yes' : `NO (${histogramOk!.bad} buckets off)`,
  };
  for (const [metric, value] of Object.entries(col)) {
    let row = table.find((r) => r.metric === metric);
    if (!row) table.push((row = { metric }));
    row[name] = value;
  }
  console.log(`  own rank ${rankSeen} (plain query: ${plainSeen}); writes flat out ${flat.rate.toFixed(0)}/s`);
}

const started = performance.now();
await onPostgres(DATABASE_URL, BENCH_DATABASE, WRITERS + 2, (db) => run('PostgreSQL', db, PLAYERS, WRITERS));
await onPglite('bench-lb-', (db) => run('PGlite', db, PGLITE_PLAYERS, 1));

console.log('\nLeaderboards (p99 over', READS, 'reads;', PLAIN_READS, 'plain count(*) reads):');
console.table(table);
console.log(`total ${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log(
  'goals (PostgreSQL): own rank p99 <= 5 ms and >= 10x faster than plain count(*); writes >= 400/s at p99 <= 20 ms',
);
console.log(
  'rerun: npm run bench:leaderboard   (DATABASE_URL, BENCH_PLAYERS, BENCH_PGLITE_PLAYERS, BENCH_WRITE_RATE, BENCH_WRITERS, BENCH_WRITE_SECONDS)',
);
