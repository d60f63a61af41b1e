// `npm run bench:contest`: a contest with many players. On PostgreSQL (a database of its own,
// BENCH_DATABASE, default `bench_contest`, re-created; skipped with a message when DATABASE_URL is
// unset) and on PGlite (a temp dir): BENCH_PLAYERS players (default 50,000) who have each played
// a live contest of 10 questions, with random scores (many ties). Measures the leaderboard page as
// get_contest_leaderboard serves it (top 20 and the player's own row, for players spread over the
// ranks), answers of new entrants through the real path (entry with its fee, then an answer, one
// transaction each, from BENCH_WRITERS parallel writers on PostgreSQL), and the close: finishing,
// ranking everyone, paying a prize table of 10 places and notifying the winners, in one
// transaction, then a second close that must find nothing.
import { CONTEST_CATEGORY_TYPE } from '../src/core/contract';
import { DEFAULT_BATTLE_RULES } from '../src/core/rules/battle';
import { sql, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { insertEventQuestions } from '../src/server/db/seed/seed-events';
import { onPglite, onPostgres } from './bench-db';
import { answerContest, enterContest } from '../src/server/domain/contest-play';
import { closeDueContest, contestBoard, createContest } from '../src/server/domain/contests';
import { systemClock } from '../src/server/domain/clock';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50_000);
const READS = Number(process.env.BENCH_READS ?? 200);
const ENTRANTS = Number(process.env.BENCH_ENTRANTS ?? 400);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 4);
const DATABASE_URL = process.env.DATABASE_URL || undefined;
const BENCH_DATABASE = process.env.BENCH_DATABASE ?? 'bench_contest';
const PRIZES = Array.from({ length: 10 }, (_, i) => ({ rank: i + 1, coins: 1000 - i * 100 }));

type Row = Record<string, string>;
const table: Row[] = [];

function p(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
}
const ms = (x: number) => x.toFixed(2);

async function setup(db: Database, n: number) {
  const t0 = performance.now();
  await db.run(sql`INSERT INTO languages (code, name, is_default) VALUES ('en', 'English', true)`);
  const lang = (await db.one<{ id: number }>(sql`SELECT id FROM languages WHERE code = 'en'`))!.id;
  const ids = await insertEventQuestions(
    db,
    lang,
    CONTEST_CATEGORY_TYPE,
    Array.from({ length: 10 }, (_, i) => ({
      type: 'mcq' as const,
      question: `Bench question ${i + 1}`,
      options: ['w', 'x', 'y', 'z'],
      answer: i % 4,
      explanation: '',
    })),
  );
  const contestId = await createContest(db, {
    languageId: lang,
    name: 'Bench cup',
    description: '',
    startsAt: new Date(Date.now() - 3_600_000),
    endsAt: new Date(Date.now() + 3_600_000),
    entryFee: 5,
    prizes: PRIZES,
    questionIds: ids,
  });
  await db.session(async (q) => {
    await q(`INSERT INTO users (firebase_id, name, type, refer_code, coins)
      SELECT 'bench:' || g, 'Player ' || g, 'email', 'B' || g, 100 FROM generate_series(1, ${n + ENTRANTS}) g`);
    // Scores of 10 answers worth 0 or 4..14 points: few distinct values, so many ties.
    await q(`INSERT INTO contest_plays (contest_id, user_id, question_ids, answer_key, question_types, served,
        score, correct_answers, questions_attended, finished_at, scored_at)
      SELECT ${contestId}, id, '{${ids.join(',')}}', '{}', '{}', 11, (floor(random() * 30) * 4)::int,
        floor(random() * 11)::int, 10, now(), now() - random() * interval '1 hour'
      FROM users WHERE firebase_id LIKE 'bench:%' ORDER BY id LIMIT ${n}`);
    await q('VACUUM ANALYZE users');
    await q('VACUUM ANALYZE contest_plays');
  });
  const entrants = await db.rows<{ id: number }>(sql`SELECT id FROM users WHERE firebase_id LIKE 'bench:%'
    ORDER BY id OFFSET ${n}`);
  const readers = await db.rows<{ user_id: number }>(sql`SELECT user_id FROM contest_plays
    WHERE contest_id = ${contestId} ORDER BY random() LIMIT ${READS}`);
  return {
    contestId,
    ids,
    entrants: entrants.map((e) => e.id),
    readers: readers.map((r) => r.user_id),
    secs: (performance.now() - t0) / 1000,
  };
}

async function run(name: string, db: Database, n: number, writers: number) {
  console.log(`\n${name}: migrating and loading a contest of ${n.toLocaleString('en')} players ...`);
  await migrate(db);
  const s = await setup(db, n);
  console.log(`  loaded in ${s.secs.toFixed(1)} s`);

  const reads: number[] = [];
  for (const uid of s.readers) {
    const t0 = performance.now();
    const b = await contestBoard(db, systemClock, uid, { contestId: s.contestId, offset: 0, limit: 20 });
    reads.push(performance.now() - t0);
    if (!b.me || b.entries.length !== 20) throw new Error('board without the own row or a full page');
  }

  // New entrants: the entry (fee through the ledger), then one answer, each its own transaction.
  const rules = { speed_bonuses: DEFAULT_BATTLE_RULES.speed_bonuses };
  const lat: number[] = [];
  const queue = [...s.entrants];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let uid = queue.shift(); uid !== undefined; uid = queue.shift()) {
        const a = performance.now();
        await db.tx((tx) => enterContest(tx, rules, uid, s.contestId, new Date()));
        await db.tx((tx) =>
          answerContest(tx, rules, uid, { contestId: s.contestId, questionId: s.ids[0]!, answer: 'a' }, new Date()),
        );
        lat.push(performance.now() - a);
      }
    }),
  );
  const entryRate = s.entrants.length / ((performance.now() - t0) / 1000);

  await db.run(sql`UPDATE contests SET ends_at = now() WHERE id = ${s.contestId}`);
  const c0 = performance.now();
  const closed = await db.tx((tx) => closeDueContest(tx, systemClock));
  const closeMs = performance.now() - c0;
  const again = await db.tx((tx) => closeDueContest(tx, systemClock));
  const paid = await db.one<{
    n: number;
    sum: number;
  }>(sql`SELECT count(*)::int AS n, coalesce(sum(delta), 0)::int AS sum
    FROM coin_ledger WHERE reason = 'contest_prize' AND ref = ${String(s.contestId)}`);
  const table_sum = PRIZES.reduce((x, y) => x + y.coins, 0);
  if (!closed || again || paid!.sum !== table_sum) throw new Error(`close: ${JSON.stringify({ closed, again, paid })}`);

  const col: Record<string, string> = {
    players: (n + s.entrants.length).toLocaleString('en'),
    'board page + own row p50 / p99 ms': `${ms(p(reads, 0.5))} / ${ms(p(reads, 0.99))}`,
    [`entry + first answer, ${writers} writer(s): per second`]: entryRate.toFixed(0),
    'entry + first answer p50 / p99 ms': `${ms(p(lat, 0.5))} / ${ms(p(lat, 0.99))}`,
    'close (rank everyone, pay 10 places, notify) ms': closeMs.toFixed(0),
    'prizes paid (rows, coins) / table': `${paid!.n}, ${paid!.sum} / ${table_sum}`,
    'a second close finds nothing': again ? 'NO' : 'yes',
  };
  for (const [metric, value] of Object.entries(col)) {
    let row = table.find((r) => r.metric === metric);
    if (!row) table.push((row = { metric }));
    row[name] = value;
  }
}

await onPostgres(DATABASE_URL, BENCH_DATABASE, WRITERS + 2, (db) => run('PostgreSQL', db, PLAYERS, WRITERS));
// PGlite has one connection: one writer.
await onPglite('bench-contest-', (db) => run('PGlite', db, PLAYERS, 1));

const names = Object.keys(table[0] ?? {}).filter((k) => k !== 'metric');
console.log(`\n| metric | ${names.join(' | ')} |\n|---|${names.map(() => '---:').join('|')}|`);
for (const r of table) console.log(`| ${r.metric} | ${names.map((k) => r[k] ?? '-').join(' | ')} |`);
console.log(
  `\nrerun: npm run bench:contest   (BENCH_PLAYERS, BENCH_READS, BENCH_ENTRANTS, BENCH_WRITERS, DATABASE_URL)`,
);
