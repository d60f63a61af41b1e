import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaySession, QuizResult, Subcategory } from '../../core/contract';
import { sql } from '../db/client';
import { seedModeFile } from '../db/seed/seed-modes';
import { moveCoins } from '../domain/ledger';
import { finishAnswers } from '../test-support/answer-key';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { seedSoloFixture } from '../test-support/solo-fixture';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedSoloFixture(t.db);
  // The Arabic edition of the fixture's guess-the-word category has a subcategory English lacks.
  await seedModeFile(t.db, 2, {
    language: 'ar',
    mode: 'guess_the_word',
    categories: [
      {
        slug: 'gw-test',
        name: 'كلمات',
        image: '',
        premium_price: 0,
        subcategories: [
          {
            slug: 'ar-only',
            name: 'عربي',
            image: '',
            levels: [[{ type: 'word', question: 'حيوان', answer: 'أسد', explanation: '.' }]],
          },
        ],
      },
    ],
  });
});
afterAll(() => t.close());

async function ok<T>(p: Player, action: string, fields: Record<string, unknown>): Promise<T> {
  const res = await call<T>(t.app, action, fields, { token: p.token });
  expect(res.status, `${action} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

describe('configuration and content edges', () => {
  it('free lifelines (lifeline_cost 0) work instead of answering 500', async () => {
    const p = await createPlayer(t.app);
    const s = await ok<PlaySession>(p, 'get_questions_by_level', {
      category: 'science',
      subcategory: 'physics-and-chemistry',
      level: 1,
    });
    await t.app.services.settings.put('system', { lifeline_cost: 0 });
    try {
      const r = await call(
        t.app,
        'use_lifeline',
        { session_id: s.session_id, lifeline: 'skip', question_id: s.questions[0]!.id },
        { token: p.token },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    } finally {
      await t.app.services.settings.put('system', {});
    }
  });

  it('a round played in a language whose edition has a subcategory the default edition lacks can be submitted', async () => {
    const p = await createPlayer(t.app);
    const subs = await call<Subcategory[]>(t.app, 'get_subcategory_by_maincategory', {
      type: 3,
      category_slug: 'gw-test',
      language_id: 2,
    });
    const sub = subs.body.data.find((x) => x.slug === 'ar-only')!;
    const s = await ok<PlaySession>(p, 'get_guess_the_word', { language_id: 2, type: 'subcategory', type_id: sub.id });
    const r = await call<QuizResult>(
      t.app,
      'submit_quiz_answers',
      { session_id: s.session_id, answers: await finishAnswers(t.db, s) },
      { token: p.token },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.coins).toBe(10);
  });
});

describe('odd input never yields a 500', () => {
  it('every solo action, every field, odd values, multipart and JSON', async () => {
    const p = await createPlayer(t.app);
    await moveCoins(t.db, { userId: p.user.id, delta: 10_000, reason: 'test', opId: randomUUID() });
    const s = await ok<PlaySession>(p, 'get_questions_by_level', {
      category: 'science',
      subcategory: 'physics-and-chemistry',
      level: 1,
    });
    const q = s.questions[0]!.id;
    const gwSub = (await t.db.one<{ id: number }>(
      sql`SELECT s.id FROM subcategories s JOIN categories c ON c.id = s.category_id WHERE c.slug = 'gw-test' AND c.language_id = 1`,
    ))!.id;
    const gw = await ok<PlaySession>(p, 'get_guess_the_word', { type: 'subcategory', type_id: gwSub });
    const text = (await t.db.one<{ id: number }>(sql`SELECT id FROM comprehensions ORDER BY id LIMIT 1`))!.id;
    const base: Record<string, Record<string, unknown>> = {
      get_fun_n_learn: { type: 'category', type_id: 1, language_id: 1 },
      get_fun_n_learn_questions: { fun_n_learn_id: text, language_id: 1 },
      get_guess_the_word: { type: 'subcategory', type_id: gwSub, round: 1 },
      get_audio_questions: { type: 'subcategory', type_id: gwSub, round: 1 },
      get_maths_questions: { type: 'category', type_id: 1 },
      get_questions_by_type: { type: 2, language_id: 1 },
      get_daily_quiz: { timezone: 'Asia/Kolkata', gmt_format: '+05:30' },
      get_daily_quiz_status: { timezone: 'Asia/Kolkata', gmt_format: '+05:30' },
      get_questions_for_self_challenge: {
        category_slug: 'science',
        subcategory_slug: 'life-science',
        limit: 3,
        minutes: 2,
      },
      get_multi_match_level_data: { category_slug: 'mm-test', subcategory_slug: 'mm-sub' },
      set_multi_match_level_data: { category: 'mm-test', subcategory: 'mm-sub', level: 1 },
      get_multi_match_questions_by_level: { category: 'mm-test', subcategory: 'mm-sub', level: 1 },
      multi_match_report_question: { question_id: q, message: 'odd options' },
      use_lifeline: { session_id: s.session_id, lifeline: 'audience_poll', question_id: q },
      use_hint: { session_id: gw.session_id, question_id: gw.questions[0]!.id },
      unlock_premium_category: { category: 'premium-test', type: 1 },
      set_bookmark: { question_id: q, status: 1, type: 1 },
      get_bookmark: { type: 1 },
      get_bookmark_questions: { type: 1, limit: 5 },
      report_question: { question_id: q, message: 'odd options' },
      set_quiz_categories: { type: 1, category: 'x' },
      get_categories: { type: 1, sub_type: 1, language_id: 1 },
      get_subcategory_by_maincategory: { type: 1, category_slug: 'science', subcategory_slug: 'life-science' },
      get_level_data: { category_slug: 'science', subcategory_slug: 'life-science', type: 1 },
      get_questions_by_level: { category: 'science', subcategory: 'life-science', level: 1 },
      set_level_data: { category: 'science', subcategory: 'life-science', level: 1 },
      submit_quiz_answers: { session_id: s.session_id, answers: '[]' },
    };
    const odd: unknown[] = [
      2147483648,
      -1,
      0,
      1e308,
      -2147483649,
      1.5,
      '1e3',
      '0x10',
      '１',
      '١',
      '',
      ' ',
      'ß',
      '\u202e',
      'x'.repeat(5000),
      [1],
      ['a'],
      [],
      { a: 1 },
      null,
      true,
      'Etc/GMT-14',
      'UTC+14',
      '+14',
      '-12:60',
      'GMT-0',
      '../../etc/passwd',
      "'; DROP TABLE users; --",
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'café',
      'mm-sub',
      'category',
      'subcategory',
      'fifty_fifty',
      'skip',
      '\ud800',
      '[{"question_id":1,"answer":["a"]}]',
      '[{"question_id":-1,"answer":"a"}]',
      `[{"question_id":${q},"answer":"${'z'.repeat(200)}"}]`,
      '[{"question_id":"1","answer":null}]',
      '{"question_id":1}',
      '[null]',
      '[[]]',
      '1',
      'null',
    ];
    const bad: string[] = [];
    for (const [action, fields] of Object.entries(base)) {
      for (const field of Object.keys(fields)) {
        for (const v of odd) {
          for (const as of ['multipart', 'json'] as const) {
            if (as === 'multipart' && v === null) continue;
            const r = await call(t.app, action, { ...fields, [field]: v }, { token: p.token, as });
            if (r.status >= 500)
              bad.push(`${action}.${field}=${JSON.stringify(v)} (${as}): ${r.status} ${r.body.code}`);
          }
        }
      }
    }
    expect(bad).toEqual([]);
  }, 300_000);
});
