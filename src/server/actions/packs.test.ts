import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BookmarksPack,
  Category,
  DailyQuizPack,
  FunAndLearnPack,
  Pack,
  PlayQuestion,
  PlaySession,
  QuizResult,
  Subcategory,
} from '../../core/contract';
import { sql } from '../db/client';
import { seedModeFile } from '../db/seed/seed-modes';
import { packSizes } from '../domain/packs';
import { moveCoins } from '../domain/ledger';
import { housekeeping } from '../jobs/housekeeping';
import { finishAnswers } from '../test-support/answer-key';
import { call, type CallResult } from '../test-support/client';
import { createPlayer, perfectLevel, type Player } from '../test-support/factories';
import { seedSoloFixture } from '../test-support/solo-fixture';
import { buildTestApp, type TestApp } from '../test-support/test-app';

const MEDIA = '/media/11111111-2222-4333-8444-555555555555.webp';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedSoloFixture(t.db);
  // A free text with media (one same-origin upload, two other sites) and a premium category.
  const q = (n: number, image = '') => ({
    type: 'mcq' as const,
    question: `Pack question ${n}?`,
    options: ['one', 'two', 'three', 'four'],
    answer: n % 4,
    explanation: '.',
    image,
  });
  await seedModeFile(t.db, 1, {
    language: 'en',
    mode: 'fun_n_learn',
    categories: [
      {
        slug: 'fnl-pack',
        name: 'Pack texts',
        image: '//elsewhere.example/cat.png',
        premium_price: 0,
        subcategories: [
          {
            slug: 'fnl-pack-sub',
            name: 'Pack sub',
            image: 'https://cdn.example.test/sub.png',
            texts: [{ slug: 'pictures', title: 'Pictures', detail: 'Look.', questions: [q(1, MEDIA), q(2)] }],
          },
        ],
      },
      {
        slug: 'fnl-premium',
        name: 'Premium texts',
        image: '/images/categories/science.svg',
        premium_price: 30,
        subcategories: [
          {
            slug: 'fnl-premium-sub',
            name: 'Premium sub',
            image: '',
            texts: [{ slug: 'secret', title: 'Secret', detail: 'Hidden.', questions: [q(3), q(4)] }],
          },
        ],
      },
    ],
  });
});
afterAll(() => t.close());

// ---------------------------------------------------------------- helpers

async function getPack<P extends Pack>(
  p: Player | null,
  kind: string,
  o: { lang?: string; ifNoneMatch?: string; token?: string } = {},
) {
  const headers: Record<string, string> = {};
  const token = o.token ?? p?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (o.ifNoneMatch) headers['if-none-match'] = o.ifNoneMatch;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/packs/${kind}${o.lang === undefined ? '' : `?lang=${o.lang}`}`,
    headers,
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    raw: res.body,
    body: res.body ? (res.json() as { error: boolean; data: P; code?: string; field?: string }) : undefined,
  };
}

async function pack<P extends Pack>(p: Player, kind: P['kind']): Promise<P> {
  const res = await getPack<P>(p, kind);
  expect(res.status, res.raw).toBe(200);
  return res.body!.data;
}

async function ok<T>(p: Player, action: string, fields: Record<string, unknown>): Promise<T> {
  const res = await call<T>(t.app, action, fields, { token: p.token });
  expect(res.status, `${action} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

const answersOf = (qs: PlayQuestion[], right = true) =>
  JSON.stringify(
    qs.map((q) => ({ question_id: q.id, answer: right ? q.answer : q.options.find((o) => o.id !== q.answer)!.id })),
  );

/** A pack's question as an online (sealed) session shows it: without answer or explanation. */
const sealed = ({ answer: _a, explanation: _e, ...q }: PlayQuestion) => q;

/** Sealed questions with their answers put back from the database (a test reads them where a device cannot). */
async function keyed(qs: PlayQuestion[]): Promise<PlayQuestion[]> {
  const ids = qs.map((q) => q.id);
  const rows = await t.db.rows<{ id: number; answer: string }>(sql`SELECT id, answer #>> '{}' AS answer FROM questions
    WHERE id = ANY(${`{${ids.join(',')}}`}::integer[])`);
  const key = new Map(rows.map((r) => [r.id, r.answer]));
  return qs.map((q) => ({ ...q, answer: key.get(q.id)! }));
}

/** Moves the clock on for a player's packs: what they were served, an hour ago (time to play offline). */
async function servedAnHourAgo(p: Player) {
  await t.db.run(sql`UPDATE pack_serves SET served_at = served_at - interval '1 hour' WHERE user_id = ${p.user.id}`);
}

/** Posts a pack play made at a person's pace (an hour after the pack was served). */
async function postPlay(p: Player, fields: Record<string, unknown>, key?: string): Promise<CallResult<QuizResult>> {
  await servedAnHourAgo(p);
  return call<QuizResult>(t.app, 'submit_pack_play', fields, {
    token: p.token,
    ...(key ? { idempotencyKey: key } : {}),
  });
}

/** A text of a fun-and-learn pack, and the fields of a play of it with every answer right. */
function textPlay(fl: FunAndLearnPack, slug: string, right = true) {
  const text = fl.texts.find((x) => x.slug === slug)!;
  expect(text, slug).toBeDefined();
  return {
    text,
    fields: {
      kind: 'fun-and-learn',
      language_id: fl.language_id,
      version: fl.version,
      session_id: randomUUID(),
      fun_n_learn_id: text.id,
      answers: answersOf(text.questions, right),
    },
  };
}

/** Coins, checking the balance equals the sum of the ledger. */
async function coins(p: Player) {
  const r = await t.db.one<{ coins: number; sum: number }>(sql`SELECT u.coins,
    (SELECT coalesce(sum(delta), 0)::int FROM coin_ledger WHERE user_id = u.id) AS sum FROM users u WHERE u.id = ${p.user.id}`);
  expect(r!.coins, 'balance equals the sum of the ledger').toBe(r!.sum);
  return r!.coins;
}

const ledger = (p: Player) =>
  t.db.rows<{ delta: number; reason: string; ref: string; op_id: string }>(sql`SELECT delta, reason, ref, op_id
    FROM coin_ledger WHERE user_id = ${p.user.id} AND reason <> 'welcome_bonus' ORDER BY id`);

/** Everything a player's plays can have written. */
async function footprint(p: Player) {
  return t.db.one<Record<'sessions' | 'ledger' | 'scores' | 'daily' | 'answered' | 'keys', number>>(sql`SELECT
    (SELECT count(*)::int FROM play_sessions WHERE user_id = ${p.user.id}) AS sessions,
    (SELECT count(*)::int FROM coin_ledger WHERE user_id = ${p.user.id}) AS ledger,
    (SELECT count(*)::int FROM score_events WHERE user_id = ${p.user.id}) AS scores,
    (SELECT count(*)::int FROM daily_quiz_plays WHERE user_id = ${p.user.id}) AS daily,
    (SELECT coalesce(sum(questions_answered), 0)::int FROM user_statistics WHERE user_id = ${p.user.id}) AS answered,
    (SELECT count(*)::int FROM idempotency_keys WHERE user_id = ${p.user.id} AND status_code = 200) AS keys`);
}

async function utcDate(daysFromToday = 0): Promise<string> {
  const r = await t.db.one<{ d: string }>(
    sql`SELECT to_char((now() AT TIME ZONE 'UTC')::date + ${daysFromToday}::int, 'YYYY-MM-DD') AS d`,
  );
  return r!.d;
}

// ---------------------------------------------------------------- GET /api/packs/<kind>

describe('GET /api/packs/<kind>', () => {
  it('serves fun and learn as the online screens list it, answers included, premium texts only once unlocked', async () => {
    const p = await createPlayer(t.app);
    const fl = await pack<FunAndLearnPack>(p, 'fun-and-learn');
    expect(fl).toMatchObject({ kind: 'fun-and-learn', language_id: 1 });
    expect(fl.version).toMatch(/^[A-Za-z0-9_-]{33}$/);
    // Categories and subcategories as get_categories (type 2) and get_subcategory_by_maincategory answer them.
    const online = await call<Category[]>(t.app, 'get_categories', { type: 2, language_id: 1 }, { token: p.token });
    expect(fl.categories).toEqual(online.body.data.filter((c) => c.slug !== 'fnl-premium'));
    const subs = await call<Subcategory[]>(t.app, 'get_subcategory_by_maincategory', {
      type: 2,
      category_slug: 'fnl-test',
      language_id: 1,
    });
    expect(fl.subcategories.filter((s) => s.category_slug === 'fnl-test')).toEqual(subs.body.data);
    const one = fl.texts.find((x) => x.slug === 'text-one')!;
    expect(one).toMatchObject({ category: 'fnl-test', subcategory: 'fnl-sub', no_of_que: 3, played: false });
    expect(one.questions.map((q) => q.answer)).toEqual(['b', 'c', 'd']);
    // The same questions as the online play of the text, with the same rule's seconds.
    const s = await ok<PlaySession>(p, 'get_fun_n_learn_questions', { fun_n_learn_id: one.id });
    // Online, sealed: the same questions without their key.
    expect(one.questions.map(sealed)).toEqual(s.questions);
    expect(fl.seconds_per_question).toBe(s.seconds_per_question);
    expect(fl.texts.some((x) => x.slug === 'secret')).toBe(false);
    expect(fl.media).toEqual(expect.arrayContaining([MEDIA]));
    expect(fl.media.every((m) => m.startsWith('/') && !m.startsWith('//'))).toBe(true);
    expect(fl.media).not.toContain('/images/categories/science.svg');
    // Shared by everyone without premium texts.
    const row = await t.db.one<{ scope_user_id: number }>(sql`SELECT scope_user_id FROM pack_versions
      WHERE kind = 'fun-and-learn' AND key_hash = ${fl.version.slice(0, 22)}`);
    expect(row!.scope_user_id).toBe(0);

    await moveCoins(t.db, { userId: p.user.id, delta: 30, reason: 'test', opId: randomUUID() });
    await ok(p, 'unlock_premium_category', { category: 'fnl-premium', type: 2, language_id: 1 });
    const unlocked = await pack<FunAndLearnPack>(p, 'fun-and-learn');
    expect(unlocked.version).not.toBe(fl.version);
    expect(unlocked.texts.find((x) => x.slug === 'secret')!.questions).toHaveLength(2);
    expect(unlocked.media).toContain('/images/categories/science.svg');
    const own = await t.db.one<{ scope_user_id: number }>(sql`SELECT scope_user_id FROM pack_versions
      WHERE kind = 'fun-and-learn' AND key_hash = ${unlocked.version.slice(0, 22)}`);
    expect(own!.scope_user_id, 'premium texts make the key the player’s own').toBe(p.user.id);
    // Someone else cannot post a play of it.
    const other = await createPlayer(t.app);
    const res = await postPlay(other, textPlay(unlocked, 'secret').fields);
    expect([res.status, res.body.code]).toEqual([409, 'pack_outdated']);
  });

  it('answers the same version and ETag for the same content, 304 to If-None-Match, private and revalidated', async () => {
    const p = await createPlayer(t.app);
    const a = await getPack<FunAndLearnPack>(p, 'fun-and-learn');
    const b = await getPack<FunAndLearnPack>(p, 'fun-and-learn');
    const version = a.body!.data.version;
    expect(b.body!.data.version).toBe(version);
    expect(a.headers.etag).toBe(`"${version}"`);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(a.headers['cache-control']).toBe('private, no-cache');
    expect(a.headers.vary).toBe('Authorization');
    // Sequence and match questions are shuffled, but the same way each time.
    const mm = await getPack<FunAndLearnPack>(p, 'fun-and-learn');
    expect(mm.raw.replace(/"generated_at":"[^"]+"/, '')).toBe(a.raw.replace(/"generated_at":"[^"]+"/, ''));
    for (const inm of [`"${version}"`, `W/"${version}"`, `"other", "${version}"`, '*']) {
      const c = await getPack(p, 'fun-and-learn', { ifNoneMatch: inm });
      expect(c.status, inm).toBe(304);
      expect(c.raw).toBe('');
      expect(c.headers.etag).toBe(`"${version}"`);
    }
    expect((await getPack(p, 'fun-and-learn', { ifNoneMatch: '"stale"' })).status).toBe(200);
    // Language 0, blank, the default's id or no active language's: the default language, the same pack.
    for (const lang of ['0', '', '1', '999']) {
      expect((await getPack<FunAndLearnPack>(p, 'fun-and-learn', { lang })).body!.data.version).toBe(version);
    }
    // A play changes what the player sees (played, best score): a new version.
    await postPlay(p, textPlay(a.body!.data, 'text-two').fields);
    expect((await pack<FunAndLearnPack>(p, 'fun-and-learn')).version).not.toBe(version);
  });

  it("serves today's daily quiz sealed, as get_daily_quiz serves it, and the dates taken", async () => {
    const p = await createPlayer(t.app);
    const d = await pack<DailyQuizPack>(p, 'daily-quiz');
    const today = await utcDate(0);
    // The days some zone has reached (daily-pack.test moves a clock through them).
    expect(d.days.map((x) => x.date)).toContain(today);
    expect(d.days.map((x) => x.date)).not.toContain(await utcDate(2));
    expect(d.played).toEqual([]);
    for (const day of d.days) {
      expect(day.questions.length).toBeGreaterThan(0);
      expect(day.questions.every((q) => ['mcq', 'true_false'].includes(q.question_type))).toBe(true);
    }
    // The daily quiz pays coins: no answer or explanation on the device.
    expect(JSON.stringify(d.days)).not.toMatch(/"answer"|"explanation"/);
    const online = await ok<PlaySession>(p, 'get_daily_quiz', { gmt_format: '+00:00' });
    expect(online.daily_date).toBe(today);
    expect(d.days.find((x) => x.date === today)!.questions).toEqual(online.questions);
    expect(d.seconds_per_question).toBe(online.seconds_per_question);
    // Opened online (not yet submitted): taken.
    const after = await pack<DailyQuizPack>(p, 'daily-quiz');
    expect(after.played).toEqual([today]);
    expect(after.version).not.toBe(d.version);
    expect(after.version.slice(0, 22), 'the same questions: the same shared key').toBe(d.version.slice(0, 22));
  });

  it("serves a player's own bookmarks, and a new bookmark makes a new version", async () => {
    const p = await createPlayer(t.app);
    const other = await createPlayer(t.app);
    const empty = await pack<BookmarksPack>(p, 'bookmarks');
    expect(empty.bookmarks).toEqual([]);
    const played = await perfectLevel(t.app, p);
    const [a, b] = played.review.map((r) => r.question_id);
    await ok(p, 'set_bookmark', { question_id: a, status: 1 });
    const one = await pack<BookmarksPack>(p, 'bookmarks');
    expect(one.bookmarks.map((x) => x.question_id)).toEqual([a]);
    expect(one.bookmarks[0]!.question.answer).toBe(played.review[0]!.correct_answer);
    expect(one.version).not.toBe(empty.version);
    await ok(p, 'set_bookmark', { question_id: b, status: 1 });
    const two = await pack<BookmarksPack>(p, 'bookmarks');
    expect(two.bookmarks.map((x) => x.question_id).sort()).toEqual([a, b].sort());
    expect(two.version).not.toBe(one.version);
    const online = await ok<{ question_id: number }[]>(p, 'get_bookmark', {});
    expect(two.bookmarks.map((x) => x.question_id)).toEqual(online.map((x) => x.question_id));
    expect((await pack<BookmarksPack>(other, 'bookmarks')).bookmarks).toEqual([]);
  });

  it('refuses without a live token (401), for a deactivated account (403), in maintenance (503), an unknown kind (404) and a bad lang (400)', async () => {
    const p = await createPlayer(t.app);
    for (const token of [undefined, 'x'.repeat(43)]) {
      const res = await getPack(null, 'daily-quiz', token ? { token } : {});
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: true, code: 'unauthorized' });
    }
    for (const kind of ['quiz-zone', 'FUN-AND-LEARN', '%27%3B%20DROP%20TABLE%20users']) {
      const res = await getPack(p, kind);
      expect([res.status, res.body?.code], kind).toEqual([404, 'not_found']);
    }
    for (const lang of ['abc', '-1', '1.5', '1e3', `${'9'.repeat(30)}`, '1&lang=2']) {
      const res = await getPack(p, 'bookmarks', { lang });
      expect([res.status, res.body?.code, res.body?.field], lang).toEqual([400, 'invalid_input', 'lang']);
    }
    const system = (await t.db.one<{ value: unknown }>(sql`SELECT value FROM settings WHERE key = 'system'`))?.value;
    await t.app.services.settings.put('system', { ...(system as object), maintenance_mode: '1' });
    try {
      const res = await getPack(p, 'bookmarks');
      expect([res.status, res.body?.code]).toEqual([503, 'maintenance']);
    } finally {
      await t.app.services.settings.put('system', system ?? {});
    }
    await t.db.run(sql`UPDATE users SET status = 0 WHERE id = ${p.user.id}`);
    const res = await getPack(p, 'bookmarks');
    expect([res.status, res.body?.code]).toEqual([403, 'account_deactivated']);
  });

  it('reports the JSON size of each pack (bench hook)', async () => {
    const p = await createPlayer(t.app);
    const sizes = await packSizes({ db: t.db, settings: t.app.services.settings, userId: p.user.id, languageId: 1 });
    expect(Object.keys(sizes).sort()).toEqual(['bookmarks', 'daily-quiz', 'fun-and-learn']);
    const fl = await getPack(p, 'fun-and-learn');
    expect(sizes['fun-and-learn']).toBe(Buffer.byteLength(JSON.stringify((fl.body as { data: unknown }).data)));
  });
});

// ---------------------------------------------------------------- submit_pack_play

describe('submit_pack_play: fun and learn', () => {
  it('credits a text played from the pack exactly as an online play of it, once', async () => {
    const offline = await createPlayer(t.app);
    const online = await createPlayer(t.app);
    const play = textPlay(await pack<FunAndLearnPack>(offline, 'fun-and-learn'), 'text-one');
    const before = await coins(offline);
    const res = await postPlay(offline, play.fields);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;

    const s = await ok<PlaySession>(online, 'get_fun_n_learn_questions', { fun_n_learn_id: play.text.id });
    const o = await ok<QuizResult>(online, 'submit_quiz_answers', {
      session_id: s.session_id,
      answers: await finishAnswers(t.db, s),
    });
    const { session_id: _a, user: _u, ...same } = r;
    const { session_id: _b, user: _v, ...sameOnline } = o;
    expect(same).toEqual(sameOnline);
    expect(r).toMatchObject({ mode: 'fun_n_learn', correct: 3, total: 3, coins: 5, score: 12, first_clear: true });
    expect(r.session_id).toBe(play.fields.session_id);
    expect(await coins(offline)).toBe(before + 5);
    expect(await ledger(offline)).toEqual(await ledger(online));
    expect(await ledger(offline)).toEqual([
      {
        delta: 5,
        reason: 'fun_n_learn_level',
        ref: 'fnl-test/text-one/1',
        op_id: 'first_clear:fun_n_learn:fnl-test/text-one/1',
      },
    ]);
    const scores = await t.db.rows(sql`SELECT points, mode FROM score_events WHERE user_id = ${offline.user.id}`);
    expect(scores).toEqual([{ points: 12, mode: 'fun_n_learn' }]);

    // The same post again (the outbox replays): the stored result, nothing more.
    const mark = await footprint(offline);
    const again = await postPlay(offline, { ...play.fields, answers: '[]' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(r);
    expect(await footprint(offline)).toEqual(mark);
    // Another play of the same text (a new session): graded, no second first-clear reward.
    const second = await postPlay(offline, { ...play.fields, session_id: randomUUID() });
    expect(second.body.data).toMatchObject({ coins: 0, score_gain: 0, correct: 3 });
    expect(await ledger(offline)).toHaveLength(1);
  });

  it('replays the stored reply for a repeated Idempotency-Key', async () => {
    const p = await createPlayer(t.app);
    const play = textPlay(await pack<FunAndLearnPack>(p, 'fun-and-learn'), 'text-two');
    const key = randomUUID();
    const a = await postPlay(p, play.fields, key);
    const mark = await footprint(p);
    const b = await postPlay(p, play.fields, key);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body).toEqual(a.body);
    expect(await footprint(p)).toEqual(mark);
    expect((await ledger(p)).map((x) => x.op_id)).toEqual(['first_clear:fun_n_learn:fnl-test/text-two/1']);
    // The same key with another body is a conflict, and changes nothing.
    const c = await postPlay(p, { ...play.fields, session_id: randomUUID() }, key);
    expect([c.status, c.body.code]).toEqual([409, 'idempotency_conflict']);
    expect(await footprint(p)).toEqual(mark);
  });

  it('credits 20 parallel posts of one play once', async () => {
    const p = await createPlayer(t.app);
    const play = textPlay(await pack<FunAndLearnPack>(p, 'fun-and-learn'), 'text-one');
    const before = await coins(p);
    const all = await Promise.all(Array.from({ length: 20 }, () => postPlay(p, play.fields)));
    expect(
      all.map((r) => r.status),
      JSON.stringify(all.map((r) => r.body)),
    ).toEqual(Array(20).fill(200));
    for (const r of all) expect(r.body.data).toEqual(all[0]!.body.data);
    expect(await coins(p)).toBe(before + 5);
    expect(await footprint(p)).toMatchObject({ sessions: 1, ledger: 2, scores: 1, answered: 3 });
  });

  it('grades against the version played, even after a question’s answer has changed', async () => {
    const p = await createPlayer(t.app);
    const fl = await pack<FunAndLearnPack>(p, 'fun-and-learn');
    const play = textPlay(fl, 'pictures');
    const q = play.text.questions[0]!;
    const changed = q.options.find((o) => o.id !== q.answer)!.id;
    await t.db.run(sql`UPDATE questions SET answer = to_jsonb(${changed}::text) WHERE id = ${q.id}`);
    try {
      const res = await postPlay(p, play.fields);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ correct: 2, total: 2 });
      expect(res.body.data.review[0]).toMatchObject({ question_id: q.id, correct_answer: q.answer, is_correct: true });
      // The pack served now has the new answer, under a new version.
      const now = await pack<FunAndLearnPack>(p, 'fun-and-learn');
      expect(now.version.slice(0, 22)).not.toBe(fl.version.slice(0, 22));
      expect(now.texts.find((x) => x.slug === 'pictures')!.questions[0]!.answer).toBe(changed);
    } finally {
      await t.db.run(sql`UPDATE questions SET answer = to_jsonb(${q.answer}::text) WHERE id = ${q.id}`);
    }
  });

  it('answers pack_outdated for an unknown or forgotten version, and writes nothing', async () => {
    const p = await createPlayer(t.app);
    const fl = await pack<FunAndLearnPack>(p, 'fun-and-learn');
    const mark = await footprint(p);
    for (const version of ['A'.repeat(33), 'abcdefgh', `${fl.version.slice(0, 22)}${'x'.repeat(20)}`]) {
      const res = await postPlay(p, { ...textPlay(fl, 'text-one').fields, version });
      expect([res.status, res.body.code, res.body.field], version).toEqual([409, 'pack_outdated', 'version']);
    }
    // A version of another kind is not this kind's.
    const res = await postPlay(p, { ...textPlay(fl, 'text-one').fields, kind: 'daily-quiz', date: await utcDate() });
    expect(res.body.code).toBe('pack_outdated');
    // Housekeeping forgets versions no one has been served for 60 days.
    await t.db.run(sql`UPDATE pack_versions SET served_at = now() - interval '61 days'
      WHERE key_hash = ${fl.version.slice(0, 22)}`);
    const removed = await housekeeping(t.db);
    expect(removed.pack_versions).toBeGreaterThanOrEqual(1);
    const gone = await postPlay(p, textPlay(fl, 'text-one').fields);
    expect([gone.status, gone.body.code]).toEqual([409, 'pack_outdated']);
    expect(await footprint(p)).toEqual(mark);
    // Served again, it is known again (the device revalidates before it plays).
    await pack(p, 'fun-and-learn');
    expect((await postPlay(p, textPlay(fl, 'text-one').fields)).status).toBe(200);
  });
});

describe('submit_pack_play: plausibility', () => {
  async function implausible(p: Player) {
    return (await t.db.rows<{ ref: string; detail: Record<string, number> }>(sql`SELECT ref, detail FROM trust_events
      WHERE user_id = ${p.user.id} AND kind = 'implausible_pack'`)) as {
      ref: string;
      detail: Record<string, number>;
    }[];
  }

  it('pays nothing for a text posted sooner after the pack was served than its answers can be read', async () => {
    const p = await createPlayer(t.app);
    const play = textPlay(await pack<FunAndLearnPack>(p, 'fun-and-learn'), 'text-one');
    const before = await coins(p);
    // Posted at once: three answers need at least 3 × 300 ms since the pack was served.
    const res = await call<QuizResult>(t.app, 'submit_pack_play', play.fields, { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ correct: 3, coins: 0, score_gain: 0, first_clear: false });
    expect(await coins(p)).toBe(before);
    const events = await implausible(p);
    expect(events).toHaveLength(1);
    expect(events[0]!.ref).toBe(play.fields.session_id);
    // The text still pays a later plausible play (the implausible one took nothing).
    const later = await postPlay(p, { ...play.fields, session_id: randomUUID() });
    expect(later.body.data).toMatchObject({ coins: 5, first_clear: true });
  });

  it('pays nothing when an answer is stated faster than the human floor, however long ago the pack came', async () => {
    const p = await createPlayer(t.app);
    const play = textPlay(await pack<FunAndLearnPack>(p, 'fun-and-learn'), 'text-one');
    const timed = (JSON.parse(play.fields.answers) as object[]).map((a, i) => ({
      ...a,
      elapsed_ms: i === 1 ? 120 : 4000,
    }));
    const res = await postPlay(p, { ...play.fields, answers: JSON.stringify(timed) });
    expect(res.body.data).toMatchObject({ correct: 3, coins: 0 });
    expect((await implausible(p))[0]!.detail).toMatchObject({ too_fast: 1, floor: 300 });
  });

  it('counts the time from when this player was served the version, recording it if it never was', async () => {
    const p = await createPlayer(t.app);
    const other = await createPlayer(t.app);
    // Another player was served the same version an hour ago; this one never fetched it.
    const fl = await pack<FunAndLearnPack>(other, 'fun-and-learn');
    await servedAnHourAgo(other);
    const play = textPlay(fl, 'text-one');
    const res = await call<QuizResult>(t.app, 'submit_pack_play', play.fields, { token: p.token });
    expect(res.body.data.coins).toBe(0);
    const served = await t.db.rows(sql`SELECT 1 FROM pack_serves WHERE user_id = ${p.user.id}`);
    expect(served).toHaveLength(1);
  });

  it('refuses a negative or oversized elapsed time with 400', async () => {
    const p = await createPlayer(t.app);
    const play = textPlay(await pack<FunAndLearnPack>(p, 'fun-and-learn'), 'text-one');
    for (const elapsed_ms of [-1, 1e12, 'soon']) {
      const bad = (JSON.parse(play.fields.answers) as object[]).map((a) => ({ ...a, elapsed_ms }));
      const res = await postPlay(p, { ...play.fields, answers: JSON.stringify(bad) });
      expect(res.status, String(elapsed_ms)).toBe(400);
    }
  });
});

describe('submit_pack_play: daily quiz', () => {
  const zone = { gmt_format: '+00:00' };
  const dayPlay = async (d: DailyQuizPack, date: string, right = true) => ({
    kind: 'daily-quiz',
    language_id: d.language_id,
    version: d.version,
    session_id: randomUUID(),
    date,
    ...zone,
    answers: answersOf(await keyed(d.days.find((x) => x.date === date)?.questions ?? d.days.at(-1)!.questions), right),
  });

  it("pays today's quiz played offline as online, once; refuses a future date, a late one and one already played", async () => {
    const p = await createPlayer(t.app);
    const d = await pack<DailyQuizPack>(p, 'daily-quiz');
    const [yesterday, today, tomorrow] = await Promise.all([utcDate(-1), utcDate(0), utcDate(1)]);

    const future = await postPlay(p, await dayPlay(d, tomorrow!));
    expect([future.status, future.body.code, future.body.field]).toEqual([400, 'invalid_input', 'date']);
    const playToday = await dayPlay(d, today!);
    const res = await postPlay(p, playToday);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      mode: 'daily_quiz',
      coins: 10,
      correct: d.days.find((x) => x.date === today)!.questions.length,
    });
    expect(await ledger(p)).toEqual([{ delta: 10, reason: 'daily_quiz', ref: today, op_id: `daily_quiz:${today}` }]);
    const taken = await t.db.one<{ session_id: string }>(sql`SELECT session_id::text AS session_id
      FROM daily_quiz_plays WHERE user_id = ${p.user.id} AND quiz_date = ${today}::date`);
    expect(taken!.session_id).toBe(playToday.session_id);
    // The status the online screen reads counts it.
    const status = await ok<{ played: boolean; result: { coins: number } }>(p, 'get_daily_quiz_status', zone);
    expect(status).toMatchObject({ played: true, result: { coins: 10 } });

    const mark = await footprint(p);
    // The same post again: its result. Another play of the date, or of a date before: already played.
    expect((await postPlay(p, playToday)).body.data).toEqual(res.body.data);
    for (const date of [today!, yesterday!]) {
      const again = await postPlay(p, await dayPlay(d, date));
      expect([again.status, again.body.code], date).toEqual([409, 'already_played']);
    }
    expect(await footprint(p)).toEqual(mark);
    expect((await pack<DailyQuizPack>(p, 'daily-quiz')).played).toEqual([today]);
  });

  it('accepts a day up to two days late, in order, and refuses older ones as expired', async () => {
    const p = await createPlayer(t.app);
    const d = await pack<DailyQuizPack>(p, 'daily-quiz');
    const [threeAgo, twoAgo, yesterday, today] = await Promise.all([-3, -2, -1, 0].map((n) => utcDate(n)));
    const old = await postPlay(p, await dayPlay(d, threeAgo!));
    expect([old.status, old.body.code]).toEqual([409, 'session_expired']);
    // Two days ago is not late yet, but this pack does not have it.
    const missing = await postPlay(p, await dayPlay(d, twoAgo!));
    expect([missing.status, missing.body.code, missing.body.field]).toEqual([404, 'not_found', 'date']);
    expect((await postPlay(p, await dayPlay(d, yesterday!))).status).toBe(200);
    expect((await postPlay(p, await dayPlay(d, today!, false))).body.data).toMatchObject({ correct: 0, coins: 0 });
    expect((await ledger(p)).map((x) => x.op_id)).toEqual([`daily_quiz:${yesterday}`]);
    // A player in UTC+14 (whose today is the server's UTC date or the next) posts the next day:
    // theirs to play once it is their today, refused as in the future before.
    const east = await createPlayer(t.app);
    const tomorrow = await utcDate(1);
    const eastToday = (await ok<{ date: string }>(east, 'get_daily_quiz_status', { gmt_format: '+14:00' })).date;
    const version = (await pack<DailyQuizPack>(east, 'daily-quiz')).version;
    const local = await postPlay(east, { ...(await dayPlay(d, tomorrow)), gmt_format: '+14:00', version });
    expect(local.status, JSON.stringify(local.body)).toBe(eastToday === tomorrow ? 200 : 400);
  });

  it('answers already_played for a day played online first, and pays nothing', async () => {
    const p = await createPlayer(t.app);
    const d = await pack<DailyQuizPack>(p, 'daily-quiz');
    const s = await ok<PlaySession>(p, 'get_daily_quiz', zone);
    await ok(p, 'submit_quiz_answers', { session_id: s.session_id, answers: await finishAnswers(t.db, s) });
    const mark = await footprint(p);
    const res = await postPlay(p, await dayPlay(d, s.daily_date));
    expect([res.status, res.body.code]).toEqual([409, 'already_played']);
    expect(await footprint(p)).toEqual(mark);
    expect(await ledger(p)).toHaveLength(1);
  });
});

describe('submit_pack_play: bookmarks', () => {
  it('grades the bookmarks answered, without coins, and keeps the statistics', async () => {
    const p = await createPlayer(t.app);
    const played = await perfectLevel(t.app, p);
    const [a, b, c] = played.review.map((r) => r.question_id);
    for (const id of [a, b, c]) await ok(p, 'set_bookmark', { question_id: id, status: 1 });
    const bp = await pack<BookmarksPack>(p, 'bookmarks');
    const qs = bp.bookmarks.map((x) => x.question).filter((q) => q.id !== c);
    const before = await footprint(p);
    const fields = {
      kind: 'bookmarks',
      language_id: bp.language_id,
      version: bp.version,
      session_id: randomUUID(),
      answers: JSON.stringify([
        { question_id: qs[0]!.id, answer: qs[0]!.answer },
        { question_id: qs[1]!.id, answer: null },
        { question_id: 999_999, answer: 'a' },
      ]),
    };
    const res = await postPlay(p, fields);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ mode: 'bookmark', total: 2, correct: 1, unanswered: 1, coins: 0 });
    expect(await footprint(p)).toMatchObject({
      sessions: before!.sessions + 1,
      ledger: before!.ledger,
      answered: before!.answered + 2,
    });
    // The mode filter played: quiz zone's are type 1; none of another mode was answered.
    expect((await postPlay(p, { ...fields, session_id: randomUUID(), type: 1 })).body.data.total).toBe(2);
    const none = await postPlay(p, { ...fields, session_id: randomUUID(), type: 3 });
    expect([none.status, none.body.code, none.body.field]).toEqual([400, 'invalid_input', 'answers']);
    // Bookmarks are one player's: another cannot name this version.
    const other = await createPlayer(t.app);
    const theirs = await postPlay(other, { ...fields, session_id: randomUUID() });
    expect([theirs.status, theirs.body.code]).toEqual([409, 'pack_outdated']);
  });
});

describe('submit_pack_play: refusals', () => {
  it('refuses bad, missing, oversized and hostile input with the field, and writes nothing', async () => {
    const p = await createPlayer(t.app);
    const fl = await pack<FunAndLearnPack>(p, 'fun-and-learn');
    const dp = await pack<DailyQuizPack>(p, 'daily-quiz');
    const good = textPlay(fl, 'text-one').fields;
    const daily = { ...good, kind: 'daily-quiz', version: dp.version, date: await utcDate() };
    const many = JSON.stringify(Array.from({ length: 201 }, (_, i) => ({ question_id: i + 1, answer: 'a' })));
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ ...good, answers: 'not json' }, 400, 'invalid_input', 'answers'],
      [{ ...good, answers: many }, 400, 'invalid_input', 'answers'],
      [
        { ...good, answers: JSON.stringify([{ question_id: "1' OR '1'='1", answer: 'a' }]) },
        400,
        'invalid_input',
        'answers.0.question_id',
      ],
      [
        { ...good, answers: JSON.stringify([{ question_id: 1, answer: 'x'.repeat(201) }]) },
        400,
        'invalid_input',
        'answers.0.answer',
      ],
      [{ ...good, answers: undefined }, 400, 'invalid_input', 'answers'],
      [{ ...good, version: "x'; DROP TABLE pack_versions; --" }, 400, 'invalid_input', 'version'],
      [{ ...good, version: 'A'.repeat(100_000) }, 400, 'invalid_input', 'version'],
      [{ ...good, version: undefined }, 400, 'invalid_input', 'version'],
      [{ ...good, kind: 'quiz-zone' }, 400, 'invalid_input', 'kind'],
      [{ ...good, kind: undefined }, 400, 'invalid_input', 'kind'],
      [{ ...good, session_id: 'not-a-uuid' }, 400, 'invalid_input', 'session_id'],
      [{ ...good, language_id: 'en' }, 400, 'invalid_input', 'language_id'],
      [{ ...good, fun_n_learn_id: undefined }, 400, 'invalid_input', 'fun_n_learn_id'],
      [{ ...good, fun_n_learn_id: '1 OR 1=1' }, 400, 'invalid_input', 'fun_n_learn_id'],
      [{ ...good, fun_n_learn_id: 2_147_483_647 }, 404, 'not_found', 'fun_n_learn_id'],
      [{ ...good, kind: 'daily-quiz', date: '2024-02-30' }, 400, 'invalid_input', 'date'],
      [{ ...good, kind: 'daily-quiz', date: "2024-01-01'; --" }, 400, 'invalid_input', 'date'],
      [{ ...good, kind: 'bookmarks', type: 9 }, 400, 'invalid_input', 'type'],
      [{ ...daily, timezone: 'Mars/Olympus' }, 400, 'invalid_input', 'timezone'],
      [{ ...daily, gmt_format: "+05:30'; --" }, 400, 'invalid_input', 'gmt_format'],
    ];
    const mark = await footprint(p);
    for (const [fields, status, code, field] of cases) {
      const res = await postPlay(p, fields);
      expect([res.status, res.body.code, res.body.field], JSON.stringify(fields).slice(0, 200)).toEqual([
        status,
        code,
        field,
      ]);
    }
    expect(await footprint(p)).toEqual(mark);
    // Stated coins and score are not read; a hostile answer text is just a wrong answer.
    const r = await postPlay(p, {
      ...good,
      coins: 100_000,
      score: 100_000,
      answers: JSON.stringify([{ question_id: fl.texts[0]!.questions[0]!.id, answer: "'; DELETE FROM users; --" }]),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ coins: 0, correct: 0 });
  });

  it("refuses another player's session id without a word about it, and writes nothing", async () => {
    const owner = await createPlayer(t.app);
    const thief = await createPlayer(t.app);
    const play = textPlay(await pack<FunAndLearnPack>(owner, 'fun-and-learn'), 'text-one');
    const first = await postPlay(owner, play.fields);
    expect(first.status).toBe(200);
    const theirs = textPlay(await pack<FunAndLearnPack>(thief, 'fun-and-learn'), 'text-one');
    const mark = await footprint(thief);
    const res = await postPlay(thief, { ...theirs.fields, session_id: play.fields.session_id });
    expect([res.status, res.body.code, res.body.field]).toEqual([404, 'not_found', 'session_id']);
    expect(JSON.stringify(res.body)).not.toContain(String(owner.user.id));
    expect(await footprint(thief)).toEqual(mark);
    // An online session of someone else's, too.
    const online = await ok<PlaySession>(owner, 'get_fun_n_learn_questions', { fun_n_learn_id: play.text.id });
    const res2 = await postPlay(thief, { ...theirs.fields, session_id: online.session_id });
    expect([res2.status, res2.body.code]).toEqual([404, 'not_found']);
    expect(await footprint(thief)).toEqual(mark);
    const kept = await t.db.one<{ result: QuizResult }>(sql`SELECT result FROM play_sessions
      WHERE id = ${play.fields.session_id}::uuid`);
    expect(kept!.result).toEqual(first.body.data);
  });
});
