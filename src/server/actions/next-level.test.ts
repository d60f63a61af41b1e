import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NextLevel, PlaySession, QuizResult, Subcategory } from '../../core/contract';
import { finishAnswers, unsealed } from '../test-support/answer-key';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const CAT = 'sports';
const SUB = 'football-and-ball-games';

async function open(p: Player, level: number, sub = SUB) {
  const res = await call<PlaySession>(
    t.app,
    'get_questions_by_level',
    { category: CAT, subcategory: sub, level, language_id: 1 },
    { token: p.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return unsealed(t.db, res.body.data);
}

/** Plays a level with `right` correct answers (the rest wrong), at a human pace. */
async function play(p: Player, level: number, right: number, sub = SUB) {
  const s = await open(p, level, sub);
  const answers = await finishAnswers(t.db, s, (q, i) =>
    i < right ? q.answer : q.options.find((o) => o.id !== q.answer)!.id,
  );
  const res = await call<QuizResult>(
    t.app,
    'submit_quiz_answers',
    { session_id: s.session_id, answers },
    { token: p.token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return s;
}

async function next(p: Player, fields: Record<string, unknown> = { language_id: 1 }) {
  return call<{ next: NextLevel | null }>(t.app, 'get_next_level', fields, { token: p.token });
}

describe('get_next_level: where the player left off in the quiz zone', () => {
  it('answers null before the first quiz-zone play', async () => {
    const p = await createPlayer(t.app);
    const res = await next(p);
    expect(res.status).toBe(200);
    expect(res.body.data.next).toBeNull();
  });

  it('points to level 2 after level 1 is cleared, with the names in the asked language', async () => {
    const p = await createPlayer(t.app);
    const s = await play(p, 1, 10);
    expect(s.questions.length).toBe(10);
    const en = await next(p);
    expect(en.body.data.next).toMatchObject({
      category: CAT,
      subcategory: SUB,
      level: 2,
      unlocked: true,
      cleared: 1,
      max_level: 5,
    });
    expect(en.body.data.next!.subcategory_name).not.toBe(SUB);
    const ar = await next(p, { language_id: 2 });
    expect(ar.body.data.next!.category_name).toMatch(/[\u0600-\u06FF]/);
  });

  it('stays on a level that was played but not cleared', async () => {
    const p = await createPlayer(t.app);
    await play(p, 1, 0);
    expect((await next(p)).body.data.next).toMatchObject({ level: 1, unlocked: true, cleared: 0 });
  });

  it('follows the subcategory played last', async () => {
    const subs = await call<Subcategory[]>(t.app, 'get_subcategory_by_maincategory', {
      language_id: 1,
      category_slug: CAT,
    });
    const other = subs.body.data.find((s) => s.slug !== SUB)!.slug;
    const p = await createPlayer(t.app);
    await play(p, 1, 10);
    await play(p, 1, 0, other);
    expect((await next(p)).body.data.next).toMatchObject({ subcategory: other, level: 1, cleared: 0 });
  });

  it("never shows another player's progress", async () => {
    const a = await createPlayer(t.app);
    const b = await createPlayer(t.app);
    await play(b, 1, 10);
    expect((await next(a)).body.data.next).toBeNull();
    expect((await next(b)).body.data.next).toMatchObject({ level: 2 });
    // Fields naming another player are not part of the action: ignored, never obeyed.
    const asB = await next(a, { language_id: 1, user_id: b.user.id });
    expect(asB.body.data.next).toBeNull();
  });

  it('refuses bad, oversized and hostile input with a 400, and a guest with a 401', async () => {
    const p = await createPlayer(t.app);
    for (const language_id of ['abc', '-1', '9'.repeat(40), '1; DROP TABLE users', '1.5']) {
      const res = await next(p, { language_id });
      expect(res.status, language_id).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_input', field: 'language_id' });
    }
    const guest = await call(t.app, 'get_next_level', { language_id: 1 });
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ code: 'unauthorized' });
  });
});
