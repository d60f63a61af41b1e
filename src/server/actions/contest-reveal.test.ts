import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEST_CATEGORY_TYPE, type ContestFinish, type ContestPlay, type ContestStep } from '../../core/contract';
import { sql, type Db } from '../db/client';
import { answerContest } from '../domain/contest-play';
import { insertEventQuestions } from '../db/seed/seed-events';
import { createContest } from '../domain/contests';
import { trustEventCounts } from '../domain/trust-events';
import { call } from '../test-support/client';
import { createPlayer, type Player } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

// Issue 20 §2 for contests: one question at a time as the player reaches it (never a later one,
// never an answer), and the operator's human floor: a faster answer earns nothing and is recorded.

let t: TestApp;
let languageId: number;
beforeAll(async () => {
  t = await buildTestApp();
  languageId = (await t.db.one<{ id: number }>(sql`SELECT id FROM languages WHERE code = 'en'`))!.id;
  await t.app.services.contests.stop();
});
afterAll(() => t.close());

/** A live free contest of three questions whose answers are b, a, c. */
async function newContest() {
  const tag = randomUUID().slice(0, 8);
  const ids = await insertEventQuestions(t.db, languageId, CONTEST_CATEGORY_TYPE, [
    { type: 'mcq', question: `first ${tag}`, options: ['w', 'right', 'x'], answer: 1, explanation: 'secret one' },
    { type: 'true_false', question: `second ${tag}`, options: ['True', 'False'], answer: 0, explanation: '' },
    { type: 'mcq', question: `third ${tag}`, options: ['w', 'x', 'right'], answer: 2, explanation: 'secret three' },
  ]);
  const id = await createContest(t.db, {
    languageId,
    name: `Reveal ${tag}`,
    description: 'Test',
    startsAt: new Date(Date.now() - 3_600_000),
    endsAt: new Date(Date.now() + 3_600_000),
    entryFee: 0,
    prizes: [{ rank: 1, coins: 10 }],
    questionIds: ids,
  });
  return { id, ids, tag, answers: ['b', 'a', 'c'] };
}

const enter = (p: Player, id: number, fields: Record<string, unknown> = {}) =>
  call<ContestPlay>(t.app, 'get_questions_by_contest', { contest_id: id, ...fields }, { token: p.token });
const answer = (p: Player, fields: Record<string, unknown>) =>
  call<ContestStep>(t.app, 'set_contest_answer', fields, { token: p.token });

/** The question now served was served `ms` ago by the database's clock. */
const servedAgo = (p: Player, contestId: number, ms: number, db: Db = t.db) =>
  db.run(sql`UPDATE contest_plays SET served_at = clock_timestamp() - make_interval(secs => ${ms / 1000}::float8)
    WHERE contest_id = ${contestId} AND user_id = ${p.user.id}`);

async function setHumanFloor(ms: number) {
  await t.db
    .run(sql`INSERT INTO settings (key, value) VALUES ('system', ${JSON.stringify({ human_floor_ms: ms })}::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = settings.value || excluded.value`);
  t.app.services.settings.invalidate();
}

describe('contest questions, one at a time', () => {
  it('serves only the question reached: no later question, no answer, no explanation in any reply', async () => {
    const p = await createPlayer(t.app);
    const c = await newContest();
    const later = (i: number) => [
      c.ids.slice(i + 1).map(String),
      ['second', 'third'].slice(i).map((w) => `${w} ${c.tag}`),
    ];
    let play = (await enter(p, c.id)).body.data;
    for (let i = 0; i < 3; i++) {
      expect(play.index).toBe(i + 1);
      expect(play.question!.id).toBe(c.ids[i]);
      const text = JSON.stringify(play);
      expect(text).not.toMatch(/"answer"|explanation|secret|"correct/);
      const [laterIds, laterTexts] = later(i);
      for (const s of laterTexts!) expect(text).not.toContain(s);
      for (const id of laterIds!) expect(text).not.toContain(`"id":${id}`);
      // A later question cannot be answered (nor its existence confirmed by its reply).
      if (i < 2) {
        const ahead = await answer(p, { contest_id: c.id, question_id: c.ids[i + 1], answer: 'a' });
        expect([ahead.status, ahead.body.code]).toEqual([409, 'question_not_served']);
      }
      await servedAgo(p, c.id, 1000);
      const step = await answer(p, { contest_id: c.id, question_id: c.ids[i], answer: c.answers[i] });
      expect(step.status).toBe(200);
      play = step.body.data.play;
    }
    expect(play.question).toBeNull();
  });

  it('refuses bad, missing, oversized and hostile fields with 400, writing nothing', async () => {
    const p = await createPlayer(t.app);
    const c = await newContest();
    await enter(p, c.id);
    for (const fields of [
      {},
      { contest_id: 'x' },
      { contest_id: -1, question_id: c.ids[0], answer: 'b' },
      { contest_id: c.id, question_id: c.ids[0], answer: 'b'.repeat(201) },
      { contest_id: `${c.id} OR 1=1`, question_id: c.ids[0], answer: 'b' },
      { contest_id: c.id, question_id: [c.ids[0]], answer: 'b' },
      { contest_id: 1e30, question_id: c.ids[0], answer: 'b' },
    ]) {
      const r = await answer(p, fields);
      expect(r.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    }
    // Objects where strings and numbers belong (a JSON body can carry them).
    for (const fields of [
      { contest_id: c.id, question_id: c.ids[0], answer: { $gt: '' } },
      { contest_id: { $ne: 0 }, question_id: c.ids[0], answer: 'b' },
      { contest_id: c.id, question_id: c.ids[0], answer: ['b'] },
    ]) {
      const r = await call(t.app, 'set_contest_answer', fields, { token: p.token, as: 'json' });
      expect(r.status, JSON.stringify(fields)).toBe(400);
    }
    const bad = await enter(p, 0, { contest_id: "1'; DROP TABLE contests; --" });
    expect(bad.status).toBe(400);
    const rows = await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM contest_answers
      WHERE contest_id = ${c.id} AND user_id = ${p.user.id}`);
    expect(rows!.n).toBe(0);
  });
});

describe('the human floor in contests', () => {
  it('scores a right answer 100 ms after its question was served 0, not correct, and records fast_answer', async () => {
    const p = await createPlayer(t.app);
    const c = await newContest();
    await enter(p, c.id);
    // Served 100 ms ago by the database's clock, in the answer's own transaction (a loaded
    // machine's HTTP round trip alone could take longer than the floor).
    const fast = await t.db.tx(async (tx) => {
      await servedAgo(p, c.id, 100, tx);
      return answerContest(
        tx,
        t.app.services.battles.setup.rules,
        p.user.id,
        { contestId: c.id, questionId: c.ids[0]!, answer: 'b' },
        new Date(),
      );
    });
    expect(fast).toMatchObject({ accepted: true, play: { index: 2, score: 0 } });
    const row = await t.db.one<{ points: number; is_correct: boolean; elapsed_ms: number }>(sql`SELECT points,
        is_correct, elapsed_ms FROM contest_answers WHERE contest_id = ${c.id} AND user_id = ${p.user.id}`);
    expect(row!.elapsed_ms).toBeLessThan(300);
    expect(row).toMatchObject({ points: 0, is_correct: false });
    expect(await trustEventCounts(t.db, p.user.id)).toEqual({ fast_answer: 1 });
    const ev = await t.db.one<{ ref: string; detail: Record<string, unknown> }>(
      sql`SELECT ref, detail FROM trust_events WHERE user_id = ${p.user.id}`,
    );
    expect(ev).toMatchObject({
      ref: `contest:${c.id}`,
      detail: { mode: 'contest', question_id: c.ids[0], floor_ms: 300 },
    });
    // A human's answer to the next one scores as usual; nothing more is recorded.
    await servedAgo(p, c.id, 1000);
    const human = await answer(p, { contest_id: c.id, question_id: c.ids[1], answer: 'a' });
    expect(human.body.data.play.score).toBe(14);
    const done = await call<ContestFinish>(t.app, 'set_contest_leaderboard', { contest_id: c.id }, { token: p.token });
    expect(done.body.data).toMatchObject({ score: 14, correct_answers: 1, questions_attended: 2 });
    expect(await trustEventCounts(t.db, p.user.id)).toEqual({ fast_answer: 1 });
  });

  it("uses the operator's floor from system configuration, not a constant", async () => {
    const c = await newContest();
    try {
      // Raised to 5 s: an answer after 1 s is too fast.
      await setHumanFloor(5000);
      const p = await createPlayer(t.app);
      await enter(p, c.id);
      await servedAgo(p, c.id, 1000);
      const r = await answer(p, { contest_id: c.id, question_id: c.ids[0], answer: 'b' });
      expect(r.body.data.play.score).toBe(0);
      expect(await trustEventCounts(t.db, p.user.id)).toEqual({ fast_answer: 1 });
      // Lowered to 0: an answer after 100 ms counts.
      await setHumanFloor(0);
      const q = await createPlayer(t.app);
      await enter(q, c.id);
      await servedAgo(q, c.id, 100);
      const s = await answer(q, { contest_id: c.id, question_id: c.ids[0], answer: 'b' });
      expect(s.body.data.play.score).toBe(14);
      expect(await trustEventCounts(t.db, q.user.id)).toEqual({});
    } finally {
      await setHumanFloor(300);
    }
  });
});
