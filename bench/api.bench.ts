// `npm run bench:api`: requests per second of get_categories and get_questions_by_level
// through the full API versus bare Fastify routes running the same domain calls, on PGlite
// and on PostgreSQL (DATABASE_URL, default the local test database). Prints a table; then the
// hot public reads (issue 24 P6) through the full API, each against the bare no-work route
// measured just before it (this shared machine's load drifts within a run: a ratio of adjacent
// runs holds, a bare figure from minutes earlier does not), the median of BENCH_REPEAT such
// pairs, with a verdict against 0.5. Every request (bare routes and API alike, so the pairs stay
// fair) carries the Accept-Encoding a browser sends (BROWSER_ACCEPT_ENCODING): browsers always
// send one, and the API answers the large hot reads gzip-coded to a client that takes it.
import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { inTempDir, onFreshPostgresUrl } from './bench-db';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
// Each hot read's run: shorter, there are a dozen of them, each paired with a bare run.
const HOT_DURATION = Number(process.env.BENCH_HOT_SECONDS ?? 2);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
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
/** What Chrome sends: the hot reads' API answers their large bodies gzip-coded to it. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

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
      'accept-encoding': BROWSER_ACCEPT_ENCODING,
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A hot read's req/s beside the bare no-work route's run just before it: medians of REPEAT pairs. */
async function paired(what: string, bareUrl: string, run: () => Promise<number>) {
  const pairs: { bare: number; api: number }[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const bare = await load(bareUrl, '{}', { seconds: HOT_DURATION });
    pairs.push({ bare, api: await run() });
  }
  return {
    what,
    bare: median(pairs.map((p) => p.bare)),
    api: median(pairs.map((p) => p.api)),
    ratio: median(pairs.map((p) => p.api / p.bare)),
  };
}

/** Each hot read (and a 304 revalidation, once the server gives an ETag) against the bare route. */
async function hotReads(base: string, bareUrl: string) {
  const seconds = HOT_DURATION;
  const rows = [];
  for (const [action, fields] of HOT_READS) {
    const body = JSON.stringify(fields);
    rows.push(await paired(action, bareUrl, () => load(`${base}/api/${action}`, body, { seconds })));
  }
  const c = JSON.stringify(HOT_READS[0]![1]);
  // The tag of the representation the load gets (fetch sends Accept-Encoding: gzip, deflate).
  const etag = (
    await fetch(`${base}/api/get_categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      body: c,
    })
  ).headers.get('etag');
  if (etag) {
    const headers = { 'if-none-match': etag };
    rows.push(
      await paired('get_categories, If-None-Match (304)', bareUrl, () =>
        load(`${base}/api/get_categories`, c, { headers, status: 304, seconds }),
      ),
    );
  }
  return rows;
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
    `\nHot public reads, ${label}: each ${HOT_DURATION} s after a bare no-work run of ${HOT_DURATION} s, medians of ${REPEAT}`,
  );
  console.log(`| read | API req/s | bare req/s | API / bare | ≥ ${GOAL} |`);
  console.log('|---|---:|---:|---:|---|');
  for (const r of hot) {
    console.log(`| ${r.what} | ${r.api} | ${r.bare} | ${r.ratio.toFixed(2)} | ${r.ratio >= GOAL ? 'yes' : 'NO'} |`);
  }
}

await inTempDir('bench-pglite-', (dir) => runOn('PGlite (embedded)', { DATA_DIR: dir, DATABASE_URL: '' }));
await onFreshPostgresUrl(PG_URL, `bench_${process.pid}`, (url, label) => runOn(label, { DATABASE_URL: url }));
console.log(
  '\nrerun: npm run bench:api   (BENCH_SECONDS, BENCH_HOT_SECONDS, BENCH_REPEAT, BENCH_CONNECTIONS, DATABASE_URL to change)',
);
