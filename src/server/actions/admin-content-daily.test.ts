import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDailyQuiz, PlaySession } from '../../core/contract';
import { sql } from '../db/client';
import {
  as,
  auditRows,
  consoleUsers,
  expectAdminOnly,
  expectBadField,
  languageId,
} from '../test-support/admin-content';
import { call } from '../test-support/client';
import type { Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: Player;
let player: Player;
let en: number;
let ar: number;
let ids: number[];
beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, player } = await consoleUsers(t));
  en = await languageId(t.db, 'en');
  ar = await languageId(t.db, 'ar');
  ids = (
    await t.db.rows<{ id: number }>(sql`SELECT q.id FROM questions q JOIN categories c ON c.id = q.category_id
      WHERE q.language_id = ${en} AND c.type = 1 AND q.status = 1 AND q.comprehension_id IS NULL ORDER BY q.id DESC LIMIT 60`)
  ).map((r) => r.id);
});
afterAll(() => t.close());

const set = (fields: Record<string, unknown>) => as<AdminDailyQuiz>(t, admin, 'admin_set_daily_quiz', fields);
const scheduled = (date: string) =>
  t.db.one<{ question_ids: number[] }>(sql`SELECT question_ids FROM daily_quizzes
    WHERE language_id = ${en} AND quiz_date = ${date}::date`);

describe('the daily quiz schedule in the console', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(t, player, 'admin_get_daily_quizzes', { language_id: en });
    await expectAdminOnly(t, player, 'admin_set_daily_quiz', {
      language_id: en,
      date: '2031-01-01',
      question_ids: '[1]',
    });
    expect(await scheduled('2031-01-01')).toBeUndefined();
  });

  it('schedules today’s questions in order, and a player’s daily quiz is exactly them', async () => {
    const today = (await t.db.one<{ d: string }>(sql`SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS d`))!.d;
    const chosen = [ids[2]!, ids[0]!, ids[1]!];
    const res = await set({ language_id: en, date: today, question_ids: JSON.stringify(chosen) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ date: today, question_ids: chosen });
    expect(res.body.data.questions.map((q) => q.id)).toEqual(chosen);
    const [row] = await auditRows(t.db, 'admin_set_daily_quiz', `daily_quiz:${en}`);
    expect(row).toMatchObject({ after: { date: today, question_ids: chosen } });
    const s = await call<PlaySession>(
      t.app,
      'get_daily_quiz',
      { language_id: en, gmt_format: '+00:00' },
      { token: player.token },
    );
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(s.body.data.questions.map((q) => q.id)).toEqual(chosen);
  });

  it('lists a language’s days between two dates', async () => {
    await set({ language_id: en, date: '2031-03-01', question_ids: [ids[5]] });
    await set({ language_id: en, date: '2031-03-09', question_ids: [ids[6], ids[7]] });
    await set({ language_id: ar, date: '2031-03-05', question_ids: '[]' });
    const res = await as<AdminDailyQuiz[]>(t, admin, 'admin_get_daily_quizzes', {
      language_id: en,
      from: '2031-03-01',
      to: '2031-03-31',
    });
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((d) => [d.date, d.question_ids])).toEqual([
      ['2031-03-09', [ids[6], ids[7]]],
      ['2031-03-01', [ids[5]]],
    ]);
    expect((await as(t, admin, 'admin_get_daily_quizzes', { language_id: 999999 })).status).toBe(404);
    expectBadField(await as(t, admin, 'admin_get_daily_quizzes', { language_id: en, from: '2031-13-01' }), 'from');
  });

  it('removes a day with an empty list, audited before and after', async () => {
    await set({ language_id: en, date: '2031-04-01', question_ids: [ids[3]] });
    const res = await set({ language_id: en, date: '2031-04-01', question_ids: '[]' });
    expect(res.body.data).toMatchObject({ date: '2031-04-01', question_ids: [] });
    expect(await scheduled('2031-04-01')).toBeUndefined();
    const rows = await auditRows(t.db, 'admin_set_daily_quiz', `daily_quiz:${en}`);
    expect(rows.at(-1)).toMatchObject({ before: { question_ids: [ids[3]] }, after: { question_ids: [] } });
  });

  it('refuses missing (404), inactive, foreign-language, text, repeated and too many questions, writing nothing', async () => {
    const date = '2031-05-01';
    const missing = await set({ language_id: en, date, question_ids: [ids[0], 999999] });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ field: 'question_ids' });
    expect(missing.body.message).toContain('999999');
    const inactive = ids[10]!;
    await t.db.run(sql`UPDATE questions SET status = 0 WHERE id = ${inactive}`);
    expectBadField(await set({ language_id: en, date, question_ids: [inactive] }), 'question_ids');
    expectBadField(await set({ language_id: ar, date, question_ids: [ids[0]] }), 'question_ids');
    const textQ = (await t.db.one<{ id: number }>(sql`SELECT id FROM questions
      WHERE comprehension_id IS NOT NULL AND language_id = ${en} LIMIT 1`))!.id;
    expectBadField(await set({ language_id: en, date, question_ids: [textQ] }), 'question_ids');
    expectBadField(await set({ language_id: en, date, question_ids: [ids[0], ids[0]] }), 'question_ids');
    expectBadField(await set({ language_id: en, date, question_ids: ids.slice(0, 51) }), 'question_ids');
    expectBadField(await set({ language_id: en, date, question_ids: 'not json' }), 'question_ids');
    expectBadField(await set({ language_id: en, date, question_ids: '["1; drop"]' }), 'question_ids.0');
    expectBadField(await set({ language_id: en, date: '2031-02-30', question_ids: [ids[0]] }), 'date');
    expectBadField(await set({ language_id: en, question_ids: [ids[0]] }), 'date');
    const lang = await set({ language_id: 999999, date, question_ids: [ids[0]] });
    expect(lang.status).toBe(404);
    expect(lang.body.field).toBe('language_id');
    expect(await scheduled(date)).toBeUndefined();
  });
});
