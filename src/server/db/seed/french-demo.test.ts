import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Comprehension, ContentLanguage, PlaySession } from '../../../core/contract';
import { call } from '../../test-support/client';
import { createPlayer, type Player } from '../../test-support/factories';
import { buildTestApp, type TestApp } from '../../test-support/test-app';

// The demo's third content language: French questions of its own, playable in every mode the
// brief names (quiz zone, true or false, daily quiz, guess the word, maths, fun and learn).

let t: TestApp;
let p: Player;
let fr: number;
beforeAll(async () => {
  t = await buildTestApp();
  p = await createPlayer(t.app);
  const langs = await call<ContentLanguage[]>(t.app, 'get_languages');
  fr = langs.body.data.find((l) => l.code === 'fr')!.id;
});
afterAll(() => t.close());

const FRENCH = /[àâçéèêëîïôûùœ’]|\b(le|la|les|des|une?|est|quel(le)?s?|combien|vaut|font)\b/i;
const as = () => ({ token: p.token, ip: p.ip });

async function categories(type: number) {
  const res = await call<Category[]>(t.app, 'get_categories', { type, language_id: fr }, as());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.length, `type ${type}`).toBeGreaterThan(0);
  for (const c of res.body.data) expect(c.language_id).toBe(fr);
  return res.body.data;
}

function inFrench(s: PlaySession, n = 1) {
  expect(s.questions.length).toBeGreaterThanOrEqual(n);
  for (const q of s.questions) expect(q.question, q.question).toMatch(FRENCH);
}

describe('the French demo content', () => {
  it('is a content language with quiz-zone categories of 3 levels each', async () => {
    const cats = await categories(1);
    expect(cats.map((c) => c.slug).sort()).toEqual(['francophonie', 'sciences-et-nature']);
    for (const c of cats) expect(c.maxlevel).toBe(3);
    const home = await call<{ title: string }>(t.app, 'get_web_home_settings', { language_id: fr });
    expect(home.body.data.title).toBe('Prêt à relever le défi ?');
  });

  it('plays a quiz-zone level, true or false and the daily quiz in French', async () => {
    const level = await call<PlaySession>(
      t.app,
      'get_questions_by_level',
      { category: 'francophonie', subcategory: 'villes-et-regions', level: 1, language_id: fr },
      as(),
    );
    expect(level.status, JSON.stringify(level.body)).toBe(200);
    inFrench(level.body.data, 6);
    const tf = await call<PlaySession>(t.app, 'get_questions_by_type', { type: 2, language_id: fr }, as());
    expect(tf.status, JSON.stringify(tf.body)).toBe(200);
    inFrench(tf.body.data, 10);
    expect(tf.body.data.questions.every((q) => q.question_type === 'true_false')).toBe(true);
    const daily = await call<PlaySession>(t.app, 'get_daily_quiz', { language_id: fr, timezone: 'Europe/Paris' }, as());
    expect(daily.status, JSON.stringify(daily.body)).toBe(200);
    inFrench(daily.body.data, 10);
  });

  it('plays guess the word, maths and a fun and learn text in French', async () => {
    for (const [action, type] of [
      ['get_guess_the_word', 3],
      ['get_maths_questions', 5],
    ] as const) {
      const [c] = await categories(type);
      const s = await call<PlaySession>(t.app, action, { type: 'category', type_id: c!.id, language_id: fr }, as());
      expect(s.status, `${action} ${JSON.stringify(s.body)}`).toBe(200);
      inFrench(s.body.data, 4);
    }
    const [c] = await categories(2);
    const texts = await call<Comprehension[]>(
      t.app,
      'get_fun_n_learn',
      { type: 'category', type_id: c!.id, language_id: fr },
      as(),
    );
    expect(texts.body.data.map((x) => x.title)).toContain('Le voyage de l’eau');
    const s = await call<PlaySession>(
      t.app,
      'get_fun_n_learn_questions',
      { fun_n_learn_id: texts.body.data[0]!.id, language_id: fr },
      as(),
    );
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    inFrench(s.body.data, 3);
  });
});
