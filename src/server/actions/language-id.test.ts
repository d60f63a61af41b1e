import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../core/contract';
import { call, type CallOptions } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// The reference web client sends `language_id=` (blank) when the language mode is off: blank is
// absent is the default content language, on every action that takes one. Text that is no id is
// refused with a stable code; the id of no active language (one the operator switched off, still
// kept on a device) gets the default language, as spec §9 says.

let t: TestApp;
let p: Player;
let maths: Category;
beforeAll(async () => {
  t = await buildTestApp();
  p = await createPlayer(t.app);
  const cats = await call<Category[]>(t.app, 'get_categories', { type: 5 });
  maths = cats.body.data[0]!;
});
afterAll(() => t.close());

/** Each action taking a language id, with the rest of a valid input (a player's token for all). */
const ACTIONS: [string, Record<string, unknown>][] = [
  ['get_categories', { type: 1 }],
  ['get_subcategory_by_maincategory', { category_slug: 'sports' }],
  ['get_level_data', { category_slug: 'sports', subcategory_slug: 'football-and-ball-games' }],
  ['get_next_level', {}],
  ['get_questions_by_level', { category: 'sports', subcategory: 'football-and-ball-games', level: 1 }],
  ['get_users_statistics', {}],
  ['get_languages', {}],
  ['get_web_home_settings', {}],
  ['get_questions_by_type', { type: 2 }],
  ['get_daily_quiz', { timezone: 'Europe/Paris' }],
  ['get_questions_for_self_challenge', { category_slug: 'sports', limit: 5, minutes: 3 }],
  ['get_contest', { timezone: 'Europe/Paris' }],
  ['get_exam_module', { type: 1, timezone: 'Europe/Paris' }],
];

const as = (o: CallOptions['as']): CallOptions => ({ token: p.token, ip: p.ip, as: o });

describe('language_id', () => {
  it('means the default language when blank, as when absent or 0, on every action that takes one', async () => {
    for (const [action, input] of ACTIONS) {
      const absent = await call(t.app, action, input, as('multipart'));
      expect(absent.status, `${action} ${JSON.stringify(absent.body)}`).toBe(200);
      for (const [blank, o] of [
        ['', 'multipart'],
        ['', 'urlencoded'],
        ['  ', 'multipart'],
        ['', 'json'],
        [null, 'json'],
        [0, 'json'],
      ] as const) {
        const res = await call(t.app, action, { ...input, language_id: blank }, as(o));
        expect(res.status, `${action} ${JSON.stringify(blank)} ${o}: ${JSON.stringify(res.body)}`).toBe(200);
      }
    }
  });

  it('answers the default language for a blank id, and the language asked for otherwise', async () => {
    const langs = await call<{ id: number; code: string; is_default: boolean }[]>(t.app, 'get_languages');
    const def = langs.body.data.find((l) => l.is_default)!;
    const other = langs.body.data.find((l) => !l.is_default)!;
    const blank = await call<Category[]>(t.app, 'get_categories', { type: 1, language_id: '' });
    expect(new Set(blank.body.data.map((c) => c.language_id))).toEqual(new Set([def.id]));
    const asked = await call<Category[]>(t.app, 'get_categories', { type: 1, language_id: String(other.id) });
    expect(new Set(asked.body.data.map((c) => c.language_id))).toEqual(new Set([other.id]));
    const play = await call<{ questions: unknown[] }>(
      t.app,
      'get_maths_questions',
      { type: 'category', type_id: maths.id, language_id: '' },
      as('multipart'),
    );
    expect(play.status, JSON.stringify(play.body)).toBe(200);
    expect(play.body.data.questions.length).toBeGreaterThan(0);
  });

  it('refuses a language id that is not a whole number in range with invalid_input on language_id', async () => {
    const bad = ['abc', '-1', '1e9', '1.5', "1' OR '1'='1", '1; DROP TABLE languages', '9'.repeat(40), '0x10'];
    for (const [action, input] of ACTIONS)
      for (const language_id of bad) {
        const res = await call(t.app, action, { ...input, language_id }, as('multipart'));
        expect(res.status, `${action} ${language_id}`).toBe(400);
        expect(res.body, `${action} ${language_id}`).toMatchObject({ code: 'invalid_input', field: 'language_id' });
      }
  });

  it('serves the default language for the id of no active language, as for a blank one', async () => {
    for (const [action, input] of ACTIONS.filter(([a]) => a !== 'get_languages'))
      for (const language_id of ['999999', 2_147_483_647]) {
        const res = await call(t.app, action, { ...input, language_id }, as('multipart'));
        expect(res.status, `${action} ${language_id}: ${JSON.stringify(res.body)}`).toBe(200);
      }
    const blank = await call<Category[]>(t.app, 'get_categories', { type: 1, language_id: '' });
    const gone = await call<Category[]>(t.app, 'get_categories', { type: 1, language_id: '999999' });
    expect(gone.body.data.map((c) => c.id)).toEqual(blank.body.data.map((c) => c.id));
  });
});
