// `npm run bench:farm`: a scripted coin farm against the real server (HTTP, embedded database in
// a temporary folder), the way a player with a script would go at it:
//   1. sign up N accounts, each with the first one's referral code and a made-up device id;
//   2. each plays every English quiz-zone level as fast as the API lets it, with every answer it
//      has learnt so far (from what the server sends, and from earlier accounts' reviews);
//   3. each deletes its account and signs up again with the same e-mail, and plays again.
// Prints the coins each phase minted per account and overall, what an honest player earns on
// day one, and what the operator can see of it (trust events, payout review).
// FARM_ACCOUNTS (default 4), FARM_PACE_MS (pause before each answer, default 0).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { openAndPrepare } from '../src/server/boot';
import { loadConfig } from '../src/server/config';
import { sql } from '../src/server/db/client';
import { FarmClient, type Account, type Phase } from './farm-client';

const ACCOUNTS = Number(process.env.FARM_ACCOUNTS ?? 4);
const PACE_MS = Number(process.env.FARM_PACE_MS ?? 0);

const dir = mkdtempSync(join(tmpdir(), 'quiz-farm-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  DATA_DIR: join(dir, 'data'),
  DATABASE_URL: '',
  // A farm rotates addresses; behind a proxy each request names its own.
  TRUST_PROXY: '1',
});
const { db } = await openAndPrepare(config);
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const farm = new FarmClient(base, PACE_MS);
const rows: Phase[] = [];
const started = performance.now();
const emails = Array.from({ length: ACCOUNTS }, (_, i) => `farm.${i}.${Date.now()}@example.test`);
// The first account refers every other one (each from a made-up device).
const boss = await farm.signUp(emails[0]!);
const accounts: Account[] = [boss];
for (const email of emails.slice(1)) accounts.push(await farm.signUp(email, boss.referCode));
for (const a of accounts) rows.push({ name: '1. sign up (+referral)', coins: await farm.coins(a), ms: 0 });
for (const a of accounts) rows.push(await farm.phase('2. play every level', a, () => farm.playAllLevels(a)));
// Each account but the referrer deletes itself and signs up again with the same e-mail (and code).
const again: Account[] = [];
for (const a of accounts.slice(1)) {
  await farm.deleteAccount(a);
  const b = await farm.signUp(a.email, boss.referCode);
  again.push(b);
  rows.push({ name: '3. delete, sign up again', coins: await farm.coins(b), ms: 0 });
}
for (const a of again) rows.push(await farm.phase('4. play every level again', a, () => farm.playAllLevels(a)));
const seconds = (performance.now() - started) / 1000;

const byPhase = new Map<string, { coins: number; ms: number; n: number }>();
for (const r of rows) {
  const p = byPhase.get(r.name) ?? { coins: 0, ms: 0, n: 0 };
  byPhase.set(r.name, { coins: p.coins + r.coins, ms: p.ms + r.ms, n: p.n + 1 });
}
console.log(`\nA scripted farm: ${ACCOUNTS} accounts, pace ${PACE_MS} ms an answer, ${seconds.toFixed(1)} s in all`);
console.table(
  [...byPhase].map(([name, p]) => ({
    phase: name,
    'coins per account': Math.round(p.coins / p.n),
    'seconds per account': +(p.ms / p.n / 1000).toFixed(2),
  })),
);
const referrer = await farm.coins(boss);
const minted = await db.one<{ n: number }>(
  sql`SELECT coalesce(sum(delta), 0)::int AS n FROM coin_ledger WHERE delta > 0`,
);
console.log(`coins the referring account holds: ${referrer}`);
console.log(`coins minted in all (ledger credits): ${minted?.n ?? 0}`);
console.log(`levels cleared with coins, honest day one (welcome bonus + first clears): ${farm.honestDayOne()} coins`);
const events = await db
  .rows<{ kind: string; n: number }>(sql`SELECT kind, count(*)::int AS n FROM trust_events GROUP BY kind ORDER BY kind`)
  .catch(() => []);
console.log(
  `what the operator sees (trust events): ${events.length ? events.map((e) => `${e.kind} ${e.n}`).join(', ') : 'none'}`,
);
const referrals = await db
  .rows<{ status: string; n: number }>(
    sql`SELECT status, count(*)::int AS n FROM referrals GROUP BY status ORDER BY status`,
  )
  .catch(() => []);
console.log(`referrals: ${referrals.map((r) => `${r.status} ${r.n}`).join(', ') || 'none'}`);
console.log('command: npm run bench:farm   (FARM_ACCOUNTS, FARM_PACE_MS)');
await app.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
