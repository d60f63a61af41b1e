import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFunText, AdminQuestionDetail, Comprehension, PlaySession } from '../../core/contract';
import { sql } from '../db/client';
import {
  as,
  auditCount,
  auditRows,
  consoleCategory,
  consoleUsers,
  expectAdminOnly,
  expectBadField,
  languageId,
} from '../test-support/admin-content';
import { unsealed } from '../test-support/answer-key';
import { call } from '../test-support/client';
import type { Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: Player;
let player: Player;
let en: number;
let reads: Awaited<ReturnType<typeof consoleCategory>>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, player } = await consoleUsers(t));
  en = await languageId(t.db, 'en');
  reads = await consoleCategory(t, admin, { language_id: en, type: 'fun_n_learn', name: 'Console reads' });
});
afterAll(() => t.close());

const save = (fields: Record<string, unknown>) => as<AdminFunText>(t, admin, 'admin_save_fun_text', fields);
const text = () => ({
  category_id: reads.id,
  subcategory_id: reads.sub.id,
  title: 'How bees make honey',
  detail: 'Bees visit flowers and bring back nectar...',
  video_url: 'https://video.example/bees',
});
const played = (fields: Record<string, unknown>) =>
  call<PlaySession>(t.app, 'get_fun_n_learn_questions', { language_id: en, ...fields }, { token: player.token });

describe('fun-and-learn texts in the console', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(t, player, 'admin_get_fun_texts');
    await expectAdminOnly(t, player, 'admin_save_fun_text', text());
    expect(await t.db.one(sql`SELECT 1 AS one FROM comprehensions WHERE category_id = ${reads.id}`)).toBeUndefined();
  });

  it('creates a text whose questions a player then plays with it', async () => {
    const res = await save(text());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tx = res.body.data;
    expect(tx).toMatchObject({ slug: 'how-bees-make-honey', language_id: en, status: 1, questions: 0, sort: 0 });
    const [row] = await auditRows(t.db, 'admin_save_fun_text', `fun_text:${tx.id}`);
    expect(row).toMatchObject({ before: null, after: { title: 'How bees make honey' } });
    const q = await as<AdminQuestionDetail>(t, admin, 'admin_save_question', {
      comprehension_id: tx.id,
      type: 'true_false',
      question: 'Bees make honey from nectar.',
      answer: 'true',
    });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.data).toMatchObject({ category_id: reads.id, subcategory_id: reads.sub.id, comprehension_id: tx.id });
    const listed = await call<Comprehension[]>(
      t.app,
      'get_fun_n_learn',
      { language_id: en, type: 'subcategory', type_id: reads.sub.id },
      { token: player.token },
    );
    expect(listed.body.data).toMatchObject([{ id: tx.id, no_of_que: 1, video_url: 'https://video.example/bees' }]);
    const s = await played({ fun_n_learn_id: tx.id });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(s.body.data.comprehension).toMatchObject({ id: tx.id, title: 'How bees make honey' });
    // Sealed: the key stays on the server until the question is answered.
    expect(s.body.data.questions).toMatchObject([{ id: q.body.data.id }]);
    expect(s.body.data.questions[0]!.answer).toBeUndefined();
    expect((await unsealed(t.db, s.body.data)).questions).toMatchObject([{ id: q.body.data.id, answer: 'a' }]);
  });

  it('refuses bad, missing, oversized and hostile fields, writing nothing', async () => {
    const n = await auditCount(t.db, 'admin_save_fun_text');
    expectBadField(await save({ ...text(), video_url: 'http://video.example/x' }), 'video_url');
    expectBadField(await save({ ...text(), video_url: 'javascript:alert(1)' }), 'video_url');
    expectBadField(await save({ ...text(), video_url: 'https:///nohost' }), 'video_url');
    expectBadField(await save({ ...text(), title: undefined }), 'title');
    expectBadField(await save({ ...text(), detail: '' }), 'detail');
    expectBadField(await save({ ...text(), detail: 'd'.repeat(20_001) }), 'detail');
    expectBadField(await save({ ...text(), category_id: undefined }), 'category_id');
    expectBadField(await save({ ...text(), sort: 'first' }), 'sort');
    const quiz = await consoleCategory(t, admin, { language_id: en, type: 'quiz_zone', name: 'Not for texts' });
    expectBadField(await save({ ...text(), category_id: quiz.id, subcategory_id: 0 }), 'category_id');
    expectBadField(await save({ ...text(), subcategory_id: quiz.sub.id }), 'subcategory_id');
    expect(await auditCount(t.db, 'admin_save_fun_text')).toBe(n);
  });

  it('answers 404 for a missing text, category or subcategory', async () => {
    for (const [fields, field] of [
      [{ id: 999999, title: 'Ghost' }, 'id'],
      [{ ...text(), category_id: 999999 }, 'category_id'],
      [{ ...text(), subcategory_id: 999999 }, 'subcategory_id'],
    ] as const) {
      const res = await save(fields);
      expect(res.status).toBe(404);
      expect(res.body.field).toBe(field);
    }
  });

  it('lists texts by category and search; deactivating one takes it from players; moving it moves its questions', async () => {
    const tx = (await save({ ...text(), title: 'Volcanoes up close' })).body.data;
    const q = await as<AdminQuestionDetail>(t, admin, 'admin_save_question', {
      comprehension_id: tx.id,
      type: 'mcq',
      question: 'What comes out of a volcano?',
      option_a: 'Lava',
      option_b: 'Snow',
      answer: 'a',
    });
    const list = await as<AdminFunText[]>(t, admin, 'admin_get_fun_texts', {
      category_id: reads.id,
      search: 'volcano',
    });
    expect(list.body).toMatchObject({ total: 1, data: [{ id: tx.id, questions: 1 }] });
    const other = (
      await as<{ id: number }>(t, admin, 'admin_save_subcategory', { category_id: reads.id, name: 'Earth' })
    ).body.data;
    const moved = await save({ id: tx.id, subcategory_id: other.id, status: 0 });
    expect(moved.body.data).toMatchObject({ subcategory_id: other.id, status: 0, slug: 'volcanoes-up-close' });
    const [, row] = await auditRows(t.db, 'admin_save_fun_text', `fun_text:${tx.id}`);
    expect(row).toMatchObject({ before: { status: 1, subcategory_id: reads.sub.id }, after: { status: 0 } });
    const qRow = await t.db.one<{ subcategory_id: number }>(sql`SELECT subcategory_id FROM questions
      WHERE id = ${q.body.data.id}`);
    expect(qRow!.subcategory_id).toBe(other.id);
    expect((await played({ fun_n_learn_id: tx.id })).status).toBe(404);
  });
});
