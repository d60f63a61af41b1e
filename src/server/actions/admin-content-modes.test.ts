import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQuestionDetail, PlaySession } from '../../core/contract';
import { as, consoleCategory, consoleUsers, languageId, mp3Bytes, upload } from '../test-support/admin-content';
import { unsealed } from '../test-support/answer-key';
import { call } from '../test-support/client';
import type { Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

/** Every mode's questions made in the console are served by that mode's normal play action. */
let t: TestApp;
let admin: Player;
let player: Player;
let en: number;
beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, player } = await consoleUsers(t));
  en = await languageId(t.db, 'en');
});
afterAll(() => t.close());

async function saved(fields: Record<string, unknown>, o = {}): Promise<AdminQuestionDetail> {
  const res = await as<AdminQuestionDetail>(t, admin, 'admin_save_question', fields, o);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The session as served (sealed: no key), with the key the server keeps for it put back. */
async function play(action: string, fields: Record<string, unknown>): Promise<PlaySession> {
  const res = await call<PlaySession>(t.app, action, { language_id: en, ...fields }, { token: player.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.questions.every((q) => q.answer === undefined && q.explanation === undefined)).toBe(true);
  return unsealed(t.db, res.body.data);
}

describe('a question saved in the console is played in its mode', () => {
  it('guess the word: a word, served with its normalised answer', async () => {
    const c = await consoleCategory(t, admin, { language_id: en, type: 'guess_the_word', name: 'Planets by clue' });
    const q = await saved({
      category_id: c.id,
      subcategory_id: c.sub.id,
      type: 'word',
      question: 'The red planet',
      answer: 'Mars',
    });
    const s = await play('get_guess_the_word', { type: 'subcategory', type_id: c.sub.id });
    expect(s.mode).toBe('guess_the_word');
    expect(s.questions).toMatchObject([{ id: q.id, question_type: 'word', answer: 'MARS', options: [] }]);
    expect(s.max_hints).toBeGreaterThan(0);
  });

  it('audio: an uploaded clip, served as a /media URL the player can fetch', async () => {
    const c = await consoleCategory(t, admin, { language_id: en, type: 'audio', name: 'Listen up' });
    const q = await saved(
      {
        category_id: c.id,
        subcategory_id: c.sub.id,
        type: 'mcq',
        question: 'Which number did you hear?',
        option_a: '47',
        option_b: '74',
        answer: 'a',
      },
      { files: upload('audio_file', 'n.mp3', 'audio/mpeg', mp3Bytes()) },
    );
    const s = await play('get_audio_questions', { type: 'category', type_id: c.id });
    expect(s.questions).toMatchObject([{ id: q.id, audio: q.audio, answer: 'a' }]);
    const clip = await t.app.inject({ method: 'GET', url: s.questions[0]!.audio });
    expect(clip.headers['content-type']).toBe('audio/mpeg');
  });

  it('maths: LaTeX texts flagged for rendering', async () => {
    const c = await consoleCategory(t, admin, { language_id: en, type: 'maths', name: 'Powers' });
    const q = await saved({
      category_id: c.id,
      subcategory_id: c.sub.id,
      type: 'mcq',
      question: 'What is $2^5$?',
      option_a: '$32$',
      option_b: '$25$',
      answer: 'a',
      latex: '1',
    });
    const s = await play('get_maths_questions', { type: 'subcategory', type_id: c.sub.id });
    expect(s.questions).toMatchObject([{ id: q.id, latex: true, question: 'What is $2^5$?' }]);
  });

  it('multi-match: match, multi-select and sequence questions of a level', async () => {
    const c = await consoleCategory(t, admin, { language_id: en, type: 'multi_match', name: 'Pairs' });
    const where = { category_id: c.id, subcategory_id: c.sub.id, level: 1 };
    const match = await saved({
      ...where,
      type: 'match',
      question: 'Match the capitals',
      option_a: 'France',
      option_b: 'Japan',
      match_a: 'Paris',
      match_b: 'Tokyo',
    });
    const multi = await saved({
      ...where,
      type: 'multi_select',
      question: 'Primary colours of light?',
      option_a: 'Red',
      option_b: 'Yellow',
      option_c: 'Green',
      answer: 'c, a',
    });
    const seq = await saved({
      ...where,
      type: 'sequence',
      question: 'Smallest first',
      option_a: 'Ten',
      option_b: 'One',
      option_c: 'Hundred',
      answer: 'b,a,c',
    });
    const s = await play('get_multi_match_questions_by_level', { category: c.slug, subcategory: c.sub.slug, level: 1 });
    const byId = new Map(s.questions.map((q) => [q.id, q]));
    expect(byId.get(match.id)).toMatchObject({ question_type: 'match', answer: 'a:1,b:2' });
    expect(
      byId
        .get(match.id)!
        .match_options.map((o) => o.text)
        .sort(),
    ).toEqual(['Paris', 'Tokyo']);
    expect(byId.get(multi.id)).toMatchObject({ question_type: 'multi_select', answer: 'a,c' });
    expect(byId.get(seq.id)).toMatchObject({ question_type: 'sequence', answer: 'a,b,c' });
    expect(
      byId
        .get(seq.id)!
        .options.map((o) => o.text)
        .sort(),
    ).toEqual(['Hundred', 'One', 'Ten']);
  });
});
