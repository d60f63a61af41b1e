import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyQuizStatus, PlaySession, QuizResult } from '../../core/contract';
import { sql } from '../db/client';
import { finishAnswers } from '../test-support/answer-key';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function ok<T>(p: Player, action: string, fields: Record<string, unknown>): Promise<T> {
  const res = await call<T>(t.app, action, fields, { token: p.token });
  expect(res.status, `${action} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
}

describe('daily quiz', () => {
  it('pays one daily reward per real day, whatever offset the client states', async () => {
    const p = await createPlayer(t.app);
    const behind = await ok<PlaySession>(p, 'get_daily_quiz', { gmt_format: '-12:00' });
    const r1 = await ok<QuizResult>(p, 'submit_quiz_answers', {
      session_id: behind.session_id,
      answers: await finishAnswers(t.db, behind),
    });
    expect(r1.coins).toBe(10);
    // Seconds later the same player states UTC+14: a new local date (always at least one day on).
    const ahead = await call<PlaySession>(t.app, 'get_daily_quiz', { gmt_format: '+14:00' }, { token: p.token });
    expect(ahead.status, 'a second daily quiz in the same minute').toBe(409);
    const paid = await t.db.rows(
      sql`SELECT op_id FROM coin_ledger WHERE user_id = ${p.user.id} AND reason = 'daily_quiz'`,
    );
    expect(paid).toHaveLength(1);
  });

  it('an operator-scheduled quiz with a question that no longer exists grades with 4xx/200, never 500, and does not count it', async () => {
    const p = await createPlayer(t.app);
    const ids = (
      await t.db.rows<{ id: number }>(sql`SELECT id FROM questions WHERE type = 'mcq' ORDER BY id LIMIT 2`)
    ).map((r) => r.id);
    const ghost = 2_000_000_000;
    const today = new Date().toISOString().slice(0, 10);
    await t.db.run(sql`INSERT INTO daily_quizzes (language_id, quiz_date, question_ids)
      VALUES (1, ${today}::date, ${`{${[...ids, ghost].join(',')}}`}::integer[])
      ON CONFLICT (language_id, quiz_date) DO UPDATE SET question_ids = EXCLUDED.question_ids`); // drawn earlier today by the test above after 12:00 UTC
    const s = await ok<PlaySession>(p, 'get_daily_quiz', { gmt_format: '+00:00' });
    expect(s.questions.map((q) => q.id)).toEqual(ids); // the ghost is not shown...
    const r = await call<QuizResult>(
      t.app,
      'submit_quiz_answers',
      { session_id: s.session_id, answers: await finishAnswers(t.db, s) },
      { token: p.token },
    );
    expect(r.status).toBe(200);
    // ...but it is graded: a perfect play scores 2 of 3 and the review has no correct_answer for it.
    expect(r.body.data.total, 'total counts a question the player never saw').toBe(2);
  });

  it('an answer for a scheduled question that no longer exists is a 4xx, not a 500', async () => {
    const ghost = 2_000_000_000; // scheduled by the test above for today (UTC)
    const p2 = await createPlayer(t.app);
    const s2 = await ok<PlaySession>(p2, 'get_daily_quiz', { gmt_format: '+00:00' });
    const hostile = JSON.stringify([{ question_id: ghost, answer: 'a' }]);
    const r2 = await call(
      t.app,
      'submit_quiz_answers',
      { session_id: s2.session_id, answers: hostile },
      { token: p2.token },
    );
    expect(r2.status, JSON.stringify(r2.body)).toBeLessThan(500);
  });

  // Decided: an abandoned daily quiz (its questions seen, past deadline and grace) is over for
  // the day — it cannot be opened again — but it has no result and no place in the streak.
  it('an opened and abandoned daily quiz is over for the day but does not extend the streak', async () => {
    const p = await createPlayer(t.app);
    const s = await ok<PlaySession>(p, 'get_daily_quiz', { gmt_format: '-11:00' });
    await t.db.run(
      sql`UPDATE play_sessions SET started_at = now() - interval '1 hour', deadline = now() - interval '30 minutes' WHERE id = ${s.session_id}::uuid`,
    );
    const st = await ok<DailyQuizStatus>(p, 'get_daily_quiz_status', { gmt_format: '-11:00' });
    expect(st.result).toBeNull();
    expect(st).toMatchObject({ played: true, streak: 0 });
    const again = await call(t.app, 'get_daily_quiz', { gmt_format: '-11:00' }, { token: p.token });
    expect(again.body.code).toBe('already_played');
  });

  it('everyone in a language gets the same unscheduled daily quiz on a date, even if questions are added that day', async () => {
    const zone = { gmt_format: '+03:00' };
    await t.db.run(sql`DELETE FROM daily_quizzes`); // nothing scheduled: the md5 draw
    const a = await ok<PlaySession>(await createPlayer(t.app), 'get_daily_quiz', zone);
    const cat = (await t.db.one<{ id: number; sub: number }>(sql`SELECT c.id, s.id AS sub FROM categories c
      JOIN subcategories s ON s.category_id = c.id WHERE c.language_id = 1 AND c.type = 1 AND c.slug = 'science' LIMIT 1`))!;
    await t.db
      .run(sql`INSERT INTO questions (language_id, category_id, subcategory_id, level, type, question, options, answer)
      SELECT 1, ${cat.id}, ${cat.sub}, 1, 'mcq', 'New ' || g, '[{"id":"a","text":"x"},{"id":"b","text":"y"}]', '"a"'
      FROM generate_series(1, 500) g`);
    const b = await ok<PlaySession>(await createPlayer(t.app), 'get_daily_quiz', zone);
    expect(b.daily_date).toBe(a.daily_date);
    expect(b.questions.map((q) => q.id).sort()).toEqual(a.questions.map((q) => q.id).sort());
  });

  it('a scheduled quiz listing a question twice is served and graded without a 500', async () => {
    const p = await createPlayer(t.app);
    const id = (await t.db.one<{ id: number }>(sql`SELECT id FROM questions WHERE type = 'mcq' ORDER BY id LIMIT 1`))!
      .id;
    const zone = { gmt_format: '+13:00' };
    const st = await ok<DailyQuizStatus>(p, 'get_daily_quiz_status', zone);
    await t.db.run(sql`INSERT INTO daily_quizzes (language_id, quiz_date, question_ids)
      VALUES (1, ${st.date}::date, ${`{${id},${id}}`}::integer[]) ON CONFLICT (language_id, quiz_date) DO UPDATE SET question_ids = EXCLUDED.question_ids`);
    const s = await ok<PlaySession>(p, 'get_daily_quiz', zone);
    const r = await call(
      t.app,
      'submit_quiz_answers',
      { session_id: s.session_id, answers: await finishAnswers(t.db, s) },
      { token: p.token },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});
