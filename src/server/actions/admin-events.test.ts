import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTEST_CATEGORY_TYPE,
  EXAM_CATEGORY_TYPE,
  type AdminContest,
  type AdminContestDetail,
  type AdminContestResult,
  type ContestLists,
  type ContestPlay,
  type ContestStep,
} from '../../core/contract';
import { zoneOffsetMinutes } from '../../core/rules/local-time';
import { sql } from '../db/client';
import { insertEventQuestions } from '../db/seed/seed-events';
import { TestClock } from '../domain/clock';
import { moveCoins } from '../domain/ledger';
import { call } from '../test-support/client';
import { createAdmin, createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// The server's clock of contests' starts, ends and answer times: it moves when the test moves it.
const clock = new TestClock();
let t: TestApp;
let admin: Player;
let player: Player;
let en: number;
let ar: number;
beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  // The tests close contests themselves (the app's timer would race them to it).
  await t.app.services.contests.stop();
  admin = await createAdmin(t.app, t.db);
  player = await createPlayer(t.app);
  en = (await t.db.one<{ id: number }>(sql`SELECT id FROM languages WHERE code = 'en'`))!.id;
  ar = (await t.db.one<{ id: number }>(sql`INSERT INTO languages (code, name) VALUES ('zz', 'Test')
    ON CONFLICT (code) DO UPDATE SET name = 'Test' RETURNING id`))!.id;
});
afterAll(() => t.close());

const YEAR = new Date().getUTCFullYear() + 1;
const ZONE = 'Asia/Kolkata';

/** `YYYY-MM-DDTHH:mm:ss` of an instant on the wall clocks of a zone. */
function wall(ms: number, zone: string): string {
  return new Date(ms + zoneOffsetMinutes(new Date(ms), { timezone: zone }) * 60_000).toISOString().slice(0, 19);
}

/** Contest questions (answers b then a) in a language. */
function contestQuestions(languageId = en) {
  return insertEventQuestions(t.db, languageId, CONTEST_CATEGORY_TYPE, [
    { type: 'mcq', question: `Q ${randomUUID()}`, options: ['w', 'right', 'x'], answer: 1, explanation: '' },
    { type: 'true_false', question: `Q ${randomUUID()}`, options: ['True', 'False'], answer: 0, explanation: '' },
  ]);
}

async function contestFields(extra: Record<string, unknown> = {}) {
  return {
    language_id: en,
    name: `Cup ${randomUUID().slice(0, 6)}`,
    description: 'Weekly cup',
    start_date: `${YEAR}-01-15 09:00`,
    end_date: `${YEAR}-01-15 18:00`,
    timezone: ZONE,
    entry_fee: 5,
    prizes: [
      { rank: 1, coins: 100 },
      { rank: 2, coins: 40 },
    ],
    questions: await contestQuestions(),
    ...extra,
  };
}

const save = (fields: Record<string, unknown>, o: { as?: 'json' | 'multipart'; files?: never } = {}) =>
  call<AdminContestDetail>(t.app, 'admin_save_contest', fields, { token: admin.token, as: o.as ?? 'json' });

async function created(extra: Record<string, unknown> = {}): Promise<AdminContestDetail> {
  const res = await save(await contestFields(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function lastAudit(action: string, target: string) {
  return t.db.one<{ before: unknown; after: unknown; input: Record<string, unknown>; admin_id: number }>(sql`SELECT
      before, after, input, admin_id FROM audit_log WHERE action = ${action} AND target = ${target}
    ORDER BY id DESC LIMIT 1`);
}

const count = async (table: 'contests' | 'exams' | 'media') =>
  (await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))!.n;

/** Moves a contest's times by hand, as time passing would. */
async function shift(id: number, startsInMs: number, endsInMs: number) {
  await t.db.run(sql`UPDATE contests SET starts_at = ${clock.sql()} + make_interval(secs => ${startsInMs / 1000}),
    ends_at = ${clock.sql()} + make_interval(secs => ${endsInMs / 1000}) WHERE id = ${id}`);
}

const ACTIONS = [
  'admin_get_contests',
  'admin_get_contest',
  'admin_save_contest',
  'admin_delete_contest',
  'admin_get_contest_results',
  'admin_get_exams',
  'admin_get_exam',
  'admin_save_exam',
  'admin_delete_exam',
  'admin_get_exam_results',
];

describe('operator console: contests', () => {
  it('answers 401 without a token and 403 for a player, for every contest and exam action', async () => {
    const before = await count('contests');
    for (const a of ACTIONS) {
      const fields = { contest_id: 1, exam_id: 1, name: 'x' };
      expect((await call(t.app, a, fields)).status, a).toBe(401);
      const res = await call(t.app, a, fields, { token: player.token });
      expect([res.status, res.body.code], a).toEqual([403, 'forbidden']);
    }
    expect(await count('contests')).toBe(before);
  });

  it('schedules 09:00 Asia/Kolkata as 03:30 UTC, lists it and shows its questions and prizes', async () => {
    const c = await created();
    expect(c).toMatchObject({
      starts_at: `${YEAR}-01-15T03:30:00.000Z`,
      ends_at: `${YEAR}-01-15T12:30:00.000Z`,
      status: 'upcoming',
      entry_fee: 5,
      total_questions: 2,
      participants: 0,
      closed: false,
      prizes: [
        { rank: 1, coins: 100 },
        { rank: 2, coins: 40 },
      ],
    });
    expect(c.questions.map((q) => q.answer)).toEqual(['b', 'a']);
    const shown = await call<AdminContestDetail>(
      t.app,
      'admin_get_contest',
      { contest_id: c.id, timezone: ZONE },
      { token: admin.token },
    );
    expect(shown.body.data).toMatchObject({ start_local: `${YEAR}-01-15 09:00`, end_local: `${YEAR}-01-15 18:00` });
    const ny = await call<AdminContestDetail>(
      t.app,
      'admin_get_contest',
      { contest_id: c.id, timezone: 'America/New_York' },
      { token: admin.token },
    );
    expect(ny.body.data.start_local).toBe(`${YEAR}-01-14 22:30`);

    const list = await call<AdminContest[]>(
      t.app,
      'admin_get_contests',
      { state: 'upcoming', search: c.name, language_id: en },
      { token: admin.token },
    );
    expect([list.body.total, list.body.data.map((x) => x.id)]).toEqual([1, [c.id]]);
    for (const state of ['live', 'past']) {
      const other = await call<AdminContest[]>(
        t.app,
        'admin_get_contests',
        { state, search: c.name },
        { token: admin.token },
      );
      expect(other.body.total, state).toBe(0);
    }
    const audit = await lastAudit('admin_save_contest', `contest:${c.id}`);
    expect(audit).toMatchObject({ before: null, admin_id: admin.user.id });
    expect(audit!.after).toMatchObject({
      name: c.name,
      starts_at: c.starts_at,
      entry_fee: 5,
      questions: c.questions.map((q) => q.id),
    });
  });

  it('follows summer time: 12:00 in New York is 17:00 UTC in January and 16:00 UTC in July', async () => {
    const jan = await created({
      start_date: `${YEAR}-01-10 12:00`,
      end_date: `${YEAR}-01-10 13:00`,
      timezone: 'America/New_York',
    });
    const jul = await created({
      start_date: `${YEAR}-07-10T12:00`,
      end_date: `${YEAR}-07-10T13:00`,
      timezone: 'America/New_York',
    });
    expect(jan.starts_at).toBe(`${YEAR}-01-10T17:00:00.000Z`);
    expect(jul.starts_at).toBe(`${YEAR}-07-10T16:00:00.000Z`);
  });

  it('refuses bad, missing, oversized and hostile fields with 400 at the field, and writes nothing', async () => {
    const good = await contestFields();
    const quizQuestion = (await t.db.one<{ id: number }>(sql`SELECT q.id FROM questions q
      JOIN categories c ON c.id = q.category_id WHERE c.type = 1 LIMIT 1`))!.id;
    const [examQuestion] = await insertEventQuestions(t.db, en, EXAM_CATEGORY_TYPE, [
      { type: 'true_false', question: 'Exam only', options: ['True', 'False'], answer: 0, explanation: '' },
    ]);
    const [otherLanguage] = await contestQuestions(ar);
    const cases: [Record<string, unknown>, string][] = [
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ timezone: '../../etc/passwd' }, 'timezone'],
      [{ timezone: undefined }, 'timezone'],
      [{ end_date: `${YEAR}-01-15 09:00` }, 'end_date'],
      [{ end_date: `${YEAR}-01-15 08:59` }, 'end_date'],
      [{ start_date: '2020-01-01 09:00', end_date: '2020-01-01 10:00' }, 'start_date'],
      [{ start_date: `${YEAR}-02-30 09:00` }, 'start_date'],
      [{ start_date: 'tomorrow' }, 'start_date'],
      // The clocks skip 02:00–03:00 in New York that night.
      [
        {
          start_date: `${YEAR}-03-${nySpringDay()} 02:30`,
          end_date: `${YEAR}-03-31 10:00`,
          timezone: 'America/New_York',
        },
        'start_date',
      ],
      [{ name: '' }, 'name'],
      [{ name: undefined }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: 'bad\u0000name' }, 'name'],
      [{ description: 'x'.repeat(2001) }, 'description'],
      [{ language_id: 99_999 }, 'language_id'],
      [{ language_id: 'en' }, 'language_id'],
      [{ entry_fee: -1 }, 'entry_fee'],
      [{ entry_fee: '1e3' }, 'entry_fee'],
      [
        {
          prizes: [
            { rank: 1, coins: 100 },
            { rank: 3, coins: 10 },
          ],
        },
        'prizes',
      ],
      [
        {
          prizes: [
            { rank: 1, coins: 100 },
            { rank: 1, coins: 10 },
          ],
        },
        'prizes',
      ],
      [{ prizes: [{ rank: 1, coins: 0 }] }, 'prizes.0.coins'],
      [{ prizes: Array.from({ length: 101 }, (_, i) => ({ rank: i + 1, coins: 1 })) }, 'prizes'],
      [{ prizes: '{not json' }, 'prizes'],
      [{ questions: [] }, 'questions'],
      [{ questions: undefined }, 'questions'],
      [{ questions: [good.questions[0], good.questions[0]] }, 'questions.1'],
      [{ questions: [quizQuestion] }, 'questions'],
      [{ questions: [examQuestion] }, 'questions'],
      [{ questions: [otherLanguage] }, 'questions'],
      [{ questions: [2_000_000_000] }, 'questions'],
      [{ questions: ['1; DROP TABLE contests'] }, 'questions.0'],
      [{ seconds_per_question: 2 }, 'seconds_per_question'],
      [{ contest_id: 99_999_999, name: 'Ghost' }, 'contest_id'],
    ];
    const before = await count('contests');
    for (const [extra, field] of cases) {
      const res = await save({ ...good, ...extra });
      const status = field === 'contest_id' ? 404 : 400;
      expect([res.status, res.body.field], JSON.stringify(extra).slice(0, 200)).toEqual([status, field]);
    }
    // Multipart sends each value as text: the same checks.
    const text = await save({ ...good, entry_fee: 'five' }, { as: 'multipart' });
    expect([text.status, text.body.field]).toEqual([400, 'entry_fee']);
    expect(await count('contests')).toBe(before);
  });

  it('edits an upcoming contest freely: questions replaced, prizes as a list of coins, audit before and after', async () => {
    const c = await created();
    const fresh = await contestQuestions();
    const res = await save(
      {
        contest_id: c.id,
        entry_fee: '0',
        prizes: '[300, 200, 100]',
        questions: fresh.join(','),
        start_date: `${YEAR}-01-16 09:00`,
        end_date: `${YEAR}-01-16 18:00`,
        timezone: ZONE,
      },
      { as: 'multipart' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: c.name, entry_fee: 0, starts_at: `${YEAR}-01-16T03:30:00.000Z` });
    expect(res.body.data.prizes).toEqual([
      { rank: 1, coins: 300 },
      { rank: 2, coins: 200 },
      { rank: 3, coins: 100 },
    ]);
    const linked = await t.db.rows<{ id: number }>(sql`SELECT question_id AS id FROM contest_questions
      WHERE contest_id = ${c.id} ORDER BY sort`);
    expect(linked.map((r) => r.id)).toEqual(fresh);
    const audit = await lastAudit('admin_save_contest', `contest:${c.id}`);
    expect(audit!.before).toMatchObject({ entry_fee: 5, questions: c.questions.map((q) => q.id) });
    expect(audit!.after).toMatchObject({ entry_fee: 0, questions: fresh, starts_at: `${YEAR}-01-16T03:30:00.000Z` });
    // An end before the kept start is refused.
    const early = await save({ contest_id: c.id, end_date: `${YEAR}-01-16 08:00`, timezone: ZONE });
    expect([early.status, early.body.field]).toEqual([400, 'end_date']);
    // A language whose contest questions these are not.
    const lang = await save({ contest_id: c.id, language_id: ar });
    expect([lang.status, lang.body.field]).toEqual([400, 'questions']);
  });

  it('re-encodes an uploaded image, replaces it and can take it away', async () => {
    const png = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const upload = (fields: Record<string, unknown>, data: Buffer) =>
      call<AdminContestDetail>(t.app, 'admin_save_contest', fields, {
        token: admin.token,
        files: { image: { filename: 'cup.png', contentType: 'image/png', data } },
      });
    const fields = await contestFields();
    const made = await upload(fields, png);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const first = made.body.data.image;
    expect(first).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: first });
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(512);

    const media = await count('media');
    const again = await upload({ contest_id: made.body.data.id }, png);
    expect(again.body.data.image).not.toBe(first);
    expect(await count('media')).toBe(media);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);

    const junk = await upload({ contest_id: made.body.data.id }, Buffer.from('<svg onload=alert(1)>'));
    expect([junk.status, junk.body.code]).toEqual([400, 'image_invalid']);
    const removed = await save({ contest_id: made.body.data.id, remove_image: '1' });
    expect(removed.body.data.image).toBe('');
    expect(await count('media')).toBe(media - 1);
  });

  it('a started contest keeps its terms: only name, description and image change (409 otherwise)', async () => {
    const c = await created();
    await shift(c.id, -60_000, 3_600_000);
    const renamed = await save({ contest_id: c.id, name: 'Renamed cup', description: 'New words' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Renamed cup', description: 'New words', status: 'live' });
    // The form may send the terms unchanged.
    const same = await save({
      contest_id: c.id,
      name: 'Renamed again',
      entry_fee: 5,
      prizes: [40, 100].map((coins, i) => ({ rank: 2 - i, coins })),
      questions: c.questions.map((q) => q.id),
      language_id: en,
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const row = await t.db.one<{ starts_at: string }>(
      sql`SELECT to_json(starts_at) #>> '{}' AS starts_at FROM contests WHERE id = ${c.id}`,
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ entry_fee: 0 }, 'entry_fee'],
      [{ prizes: [500] }, 'prizes'],
      [{ questions: [...c.questions.map((q) => q.id)].reverse() }, 'questions'],
      [{ start_date: wall(Date.now() + 86_400_000, ZONE), timezone: ZONE }, 'start_date'],
      [{ end_date: wall(Date.now() + 86_400_000, ZONE), timezone: ZONE }, 'end_date'],
      [{ seconds_per_question: 30 }, 'seconds_per_question'],
      [{ language_id: ar }, 'language_id'],
    ];
    for (const [extra, field] of cases) {
      const res = await save({ contest_id: c.id, name: 'Not kept', ...extra });
      expect([res.status, res.body.code, res.body.field], field).toEqual([409, 'contest_started', field]);
    }
    const now = await t.db.one<{ name: string; entry_fee: number; starts_at: string }>(sql`SELECT name, entry_fee,
      to_json(starts_at) #>> '{}' AS starts_at FROM contests WHERE id = ${c.id}`);
    expect(now).toEqual({ name: 'Renamed again', entry_fee: 5, starts_at: row!.starts_at });
  });

  it('deletes a contest only before it starts and while nobody entered; answers 404 for an unknown one', async () => {
    const c = await created();
    const del = (id: number) => call(t.app, 'admin_delete_contest', { contest_id: id }, { token: admin.token });
    const gone = await del(c.id);
    expect([gone.status, gone.body.data]).toEqual([200, { deleted: true }]);
    expect(await t.db.one(sql`SELECT 1 AS one FROM contests WHERE id = ${c.id}`)).toBeUndefined();
    expect(await t.db.one(sql`SELECT 1 AS one FROM contest_questions WHERE contest_id = ${c.id}`)).toBeUndefined();
    expect(await lastAudit('admin_delete_contest', `contest:${c.id}`)).toMatchObject({
      before: { name: c.name },
      after: null,
    });
    expect((await del(c.id)).status).toBe(404);
    expect((await call(t.app, 'admin_get_contest', { contest_id: c.id }, { token: admin.token })).status).toBe(404);
    expect((await del('x' as never)).status).toBe(400);

    const live = await created({ entry_fee: 0 });
    await shift(live.id, -60_000, 3_600_000);
    expect((await del(live.id)).body).toMatchObject({ code: 'contest_started', field: 'contest_id' });
    // Entered, then (by hand) moved to start later: still kept, so its entries and fees stay.
    const p = await createPlayer(t.app);
    expect((await call(t.app, 'get_questions_by_contest', { contest_id: live.id }, { token: p.token })).status).toBe(
      200,
    );
    await shift(live.id, 3_600_000, 7_200_000);
    expect((await del(live.id)).body).toMatchObject({ code: 'contest_has_entries' });
    expect(await t.db.one(sql`SELECT 1 AS one FROM contest_plays WHERE contest_id = ${live.id}`)).toBeDefined();
  });

  it('a contest made in the console reaches players at its start, takes the fee through the ledger and shows results once closed', async () => {
    const p = await createPlayer(t.app);
    await moveCoins(t.db, { userId: p.user.id, delta: 50, reason: 'test', opId: randomUUID() });
    const coinsBefore = p.user.coins + 50;
    // Starts in about 4 s and lasts 4 s, on Kolkata's clocks (the server's clock is the test's).
    const startMs = Math.ceil((clock.now().getTime() + 4_000) / 1000) * 1000;
    const c = await created({
      start_date: wall(startMs, ZONE),
      end_date: wall(startMs + 4_000, ZONE),
      entry_fee: 7,
      prizes: [60, 30],
    });
    expect(c.starts_at).toBe(new Date(startMs).toISOString());
    const lists = () => call<ContestLists>(t.app, 'get_contest', { timezone: ZONE }, { token: p.token });
    const before = (await lists()).body.data;
    expect(before.upcoming.map((x) => x.id)).toContain(c.id);
    expect(before.live.map((x) => x.id)).not.toContain(c.id);
    expect(
      (await call(t.app, 'get_questions_by_contest', { contest_id: c.id }, { token: p.token })).body,
    ).toMatchObject({
      code: 'contest_not_live',
    });

    clock.follow(startMs + 50);
    expect((await lists()).body.data.live.map((x) => x.id)).toContain(c.id);
    let play = (await call<ContestPlay>(t.app, 'get_questions_by_contest', { contest_id: c.id }, { token: p.token }))
      .body.data;
    const fee = await t.db.one<{ delta: number; reason: string }>(sql`SELECT delta, reason FROM coin_ledger
      WHERE user_id = ${p.user.id} AND op_id = ${`contest_fee:${c.id}`}`);
    expect(fee).toEqual({ delta: -7, reason: 'contest_fee' });
    const answers = new Map(c.questions.map((q) => [q.id, String(q.answer)]));
    while (play.question) {
      // Each answer after a human's reading time.
      clock.advance(320);
      const step = await call<ContestStep>(
        t.app,
        'set_contest_answer',
        { contest_id: c.id, question_id: play.question.id, answer: answers.get(play.question.id) },
        { token: p.token },
      );
      play = step.body.data.play;
    }
    expect(play.score).toBeGreaterThan(0);

    const results = () =>
      call<AdminContestResult[]>(t.app, 'admin_get_contest_results', { contest_id: c.id }, { token: admin.token });
    expect((await results()).body.data[0]).toMatchObject({ user_id: p.user.id, rank: 1, fee_paid: 7, prize_paid: 0 });
    clock.follow(startMs + 4_050);
    expect(await t.app.services.contests.closeDue()).toContain(c.id);

    const after = await results();
    expect(after.body.total).toBe(1);
    expect(after.body.data).toEqual([
      expect.objectContaining({
        user_id: p.user.id,
        rank: 1,
        score: play.score,
        correct_answers: 2,
        fee_paid: 7,
        prize_paid: 60,
      }),
    ]);
    const detail = await call<AdminContestDetail>(
      t.app,
      'admin_get_contest',
      { contest_id: c.id },
      { token: admin.token },
    );
    expect(detail.body.data).toMatchObject({
      status: 'past',
      closed: true,
      participants: 1,
      fees_collected: 7,
      prizes_paid: 60,
    });
    const wallet = await t.db.one<{ coins: number; sum: number }>(sql`SELECT u.coins,
      (SELECT sum(delta)::int FROM coin_ledger WHERE user_id = u.id) AS sum FROM users u WHERE u.id = ${p.user.id}`);
    expect(wallet).toEqual({ coins: coinsBefore - 7 + 60, sum: coinsBefore - 7 + 60 });
    expect(
      (await call(t.app, 'admin_get_contest_results', { contest_id: 99_999_999 }, { token: admin.token })).status,
    ).toBe(404);
  });
});

/** The day of March (second Sunday) when New York's clocks skip from 02:00 to 03:00. */
function nySpringDay(): string {
  const firstSunday = 1 + ((7 - new Date(Date.UTC(YEAR, 2, 1)).getUTCDay()) % 7);
  return String(firstSunday + 7).padStart(2, '0');
}
