// `npm run bench:api`: requests per second of get_categories and get_questions_by_level
// through the full API versus bare Fastify routes running the same domain calls, on PGlite
// and on PostgreSQL (DATABASE_URL, default the local test database). Prints a table; then the
// hot public reads (issue 24 P6) through the full API, each against the bare no-work route of
// the same run (measured before and after them, the mean taken), with a verdict against 0.5.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
// Each hot read's run: shorter, there are a dozen of them.
const HOT_DURATION = Number(process.env.BENCH_HOT_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function post(base: string, action: string, fields: Record<string, string>, token?: string) {
  const res = await fetch(`${base}/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(fields),
  });
  const body = (await res.json()) as { data: Record<string, unknown> };
  if (!res.ok) throw new Error(`${action}: ${JSON.stringify(body)}`);
  return body.data;
}

async function player(base: string) {
  const email = `bench.${Date.now()}@example.test`;
  await post(base, 'auth_email_signup', { email, password: 'bench password', name: 'Bench' });
  const out = (await (await fetch(`${base}/dev/outbox?to=${email}`)).json()) as { data: { code: string }[] };
  const proof = await post(base, 'auth_email_verify', { email, code: out.data[0]!.code });
  const user = await post(base, 'user_signup', { firebase_id: String(proof.firebase_id) }, String(proof.id_token));
  return { token: String(user.api_token), id: Number(user.id) };
}

/** The public reads that answer from memory (issue 24 P6), with the fields the app sends. */
const HOT_READS: [string, Record<string, string>][] = [
  ['get_categories', { type: '1', language_id: '1' }],
  ['get_subcategory_by_maincategory', { category_slug: 'sports', language_id: '1' }],
  ['get_languages', {}],
  ['get_settings', { type: 'about_us', language: 'en' }],
  ['get_system_configurations', {}],
  ['get_web_settings', {}],
  ['get_web_home_settings', { language_id: '1' }],
  ['get_system_language_list', {}],
  ['get_translation_overrides', { language: 'en' }],
  ['get_system_language_json', { language: 'en' }],
];
const GOAL = 0.5;

interface LoadOptions {
  token?: string;
  headers?: Record<string, string>;
  /** The one status every reply must have (default: any 2xx). */
  status?: number;
  seconds?: number;
}

async function load(url: string, body: string, o: LoadOptions = {}): Promise<number> {
  const r = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: o.seconds ?? DURATION,
    headers: {
      'content-type': 'application/json',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...o.headers,
    },
    body,
  });
  // A revalidation answers 304: counted as non-2xx by autocannon, so checked by its own count.
  const bad = o.status ? r.requests.total - (r.statusCodeStats?.[`${o.status}`]?.count ?? 0) : r.non2xx;
  if (bad > 0 || r.errors > 0) throw new Error(`${url}: ${bad} unexpected replies, ${r.errors} errors`);
  return Math.round(r.requests.average);
}

/** The hot reads' req/s, and the bare no-work route's before and after them. */
async function hotReads(base: string, bareUrl: string) {
  const rows: { what: string; api: number }[] = [];
  const seconds = HOT_DURATION;
  const bareBefore = await load(bareUrl, '{}', { seconds });
  for (const [action, fields] of HOT_READS) {
    rows.push({ what: action, api: await load(`${base}/api/${action}`, JSON.stringify(fields), { seconds }) });
  }
  // A revalidation of an unchanged list (only once the server gives an ETag).
  const c = JSON.stringify(HOT_READS[0]![1]);
  const etag = (
    await fetch(`${base}/api/get_categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: c,
    })
  ).headers.get('etag');
  if (etag) {
    rows.push({
      what: 'get_categories, If-None-Match (304)',
      api: await load(`${base}/api/get_categories`, c, { headers: { 'if-none-match': etag }, status: 304, seconds }),
    });
  }
  const bareAfter = await load(bareUrl, '{}', { seconds });
  return { bareBefore, bareAfter, bare: (bareBefore + bareAfter) / 2, rows };
}

async function runOn(label: string, env: Record<string, string>) {
  const port = 9300 + Math.floor(Math.random() * 300);
  const child: ChildProcess = fork(new URL('./bench-server.ts', import.meta.url).pathname, [], {
    env: { ...process.env, ...env, PORT: String(port), BARE_PORT: String(port + 1) },
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (c) => reject(new Error(`bench server exited ${c}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const bare = `http://127.0.0.1:${port + 1}`;
  const me = await player(base);
  child.send({ userId: me.id });
  await new Promise((r) => setTimeout(r, 100));
  const q = JSON.stringify({
    category: 'sports',
    subcategory: 'football-and-ball-games',
    level: '1',
    language_id: '1',
  });
  const c = JSON.stringify({ type: '1', language_id: '1' });
  const rows = [
    { what: 'bare route, no work', bare: await load(`${bare}/bare/empty`, '{}'), api: NaN },
    {
      what: 'get_categories',
      bare: await load(`${bare}/bare/get_categories`, c),
      api: await load(`${base}/api/get_categories`, c),
    },
    {
      what: 'get_questions_by_level',
      bare: await load(`${bare}/bare/get_questions_by_level`, q),
      api: await load(`${base}/api/get_questions_by_level`, q, { token: me.token }),
    },
  ];
  const hot = await hotReads(base, `${bare}/bare/empty`);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  console.log(`\n${label} (${CONNECTIONS} connections, ${DURATION} s each)`);
  console.log('| call | bare req/s | API req/s | API / bare |');
  console.log('|---|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.what} | ${r.bare} | ${Number.isNaN(r.api) ? '-' : r.api} | ${Number.isNaN(r.api) ? '-' : `${Math.round((100 * r.api) / r.bare)} %`} |`,
    );
  }
  console.log(
    `\nHot public reads, ${label}, ${HOT_DURATION} s each: bare no-work route ${hot.bareBefore} req/s before them, ${hot.bareAfter} after (mean ${Math.round(hot.bare)})`,
  );
  console.log(`| read | API req/s | / bare | ≥ ${GOAL} |`);
  console.log('|---|---:|---:|---|');
  for (const r of hot.rows) {
    const ratio = r.api / hot.bare;
    console.log(`| ${r.what} | ${r.api} | ${ratio.toFixed(2)} | ${ratio >= GOAL ? 'yes' : 'NO'} |`);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
try {
  await runOn('PGlite (embedded)', { DATA_DIR: dir, DATABASE_URL: '' });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const dbName = `bench_${process.pid}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
try {
  const u = new URL(PG_URL);
  u.pathname = `/${dbName}`;
  await runOn(`PostgreSQL (${PG_URL.replace(/\/\/[^@]*@/, '//')})`, { DATABASE_URL: u.toString() });
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
console.log(
  '\nrerun: npm run bench:api   (BENCH_SECONDS, BENCH_HOT_SECONDS, BENCH_CONNECTIONS, DATABASE_URL to change)',
);
