import { expect } from 'vitest';
import type { AnswerVerdict, PlayQuestion, PlaySession, QuizResult } from '../../core/contract';
import { normalizeWord } from '../../core/rules/answers';
import type { App } from '../app';
import { sql, type Db } from '../db/client';
import { call, type CallResult } from './client';

/** A sealed session's key as the server keeps it (a test reads it where a player cannot). */
export async function sessionKey(db: Db, sessionId: string): Promise<Record<number, string>> {
  const r = await db.one<{ answer_key: Record<string, string>; question_types: Record<string, string> }>(
    sql`SELECT answer_key, question_types FROM play_sessions WHERE id = ${sessionId}::uuid`,
  );
  return Object.fromEntries(
    Object.entries(r!.answer_key).map(([id, a]) => [id, r!.question_types[id] === 'word' ? normalizeWord(a) : a]),
  );
}

/** The session with each question's answer put back from the server's key (for tests to pick from). */
export async function unsealed(db: Db, s: PlaySession): Promise<PlaySession & { questions: Keyed[] }> {
  const key = await sessionKey(db, s.session_id);
  return { ...s, questions: s.questions.map((q) => ({ ...q, answer: key[q.id]! })) };
}

export type Keyed = PlayQuestion & { answer: string };

/** Moves a session's clock on by `ms`: its start, deadline and stored answers go that far into the past. */
export async function elapse(db: Db, sessionId: string, ms: number): Promise<void> {
  const by = sql`make_interval(secs => ${ms / 1000})`;
  await db.run(sql`UPDATE play_sessions SET started_at = started_at - ${by}, deadline = deadline - ${by}
    WHERE id = ${sessionId}::uuid`);
  await db.run(sql`UPDATE play_answers SET answered_at = answered_at - ${by} WHERE session_id = ${sessionId}::uuid`);
}

/**
 * Stops a session's clock (a script's pace): its start and answers dated a minute ahead, so the
 * next call finds no time passed on the session's clock however slowly this machine gets to it
 * (dated at now(), a loaded machine took more than the 300 ms floor between this and the call).
 */
export async function pinNow(db: Db, sessionId: string): Promise<void> {
  const ahead = sql`now() + interval '1 minute'`;
  await db.run(sql`UPDATE play_sessions SET started_at = ${ahead} WHERE id = ${sessionId}::uuid`);
  await db.run(sql`UPDATE play_answers SET answered_at = ${ahead} WHERE session_id = ${sessionId}::uuid`);
}

/**
 * Plays a sealed session as a person does: each question answered with submit_answer `ms` after
 * the previous verdict (the clock moved, not waited; 0: at once, as a script), then finished with
 * the same answers.
 */
export async function playThrough(
  app: App,
  token: string,
  s: PlaySession,
  pick: (q: Keyed, i: number) => string | null,
  o: { ms?: number; idempotencyKey?: string } = {},
): Promise<{ verdicts: AnswerVerdict[]; finish: CallResult<QuizResult> }> {
  const db = app.services.db;
  const keyed = await unsealed(db, s);
  const verdicts: AnswerVerdict[] = [];
  const qs: Keyed[] = keyed.questions;
  const answers = qs.map((q, i) => ({ question_id: q.id, answer: pick(q, i) }));
  for (const a of answers) {
    if (o.ms === 0) await pinNow(db, s.session_id);
    else await elapse(db, s.session_id, o.ms ?? 2000);
    const v = await call<AnswerVerdict>(
      app,
      'submit_answer',
      { session_id: s.session_id, question_id: a.question_id, answer: a.answer ?? '' },
      { token },
    );
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    verdicts.push(v.body.data);
  }
  const finish = await call<QuizResult>(
    app,
    'submit_quiz_answers',
    { session_id: s.session_id, answers: JSON.stringify(answers) },
    { token, ...(o.idempotencyKey ? { idempotencyKey: o.idempotencyKey } : {}) },
  );
  return { verdicts, finish };
}

/**
 * A whole session's answers as the finish call posts them (the key's, or `pick`'s), after the
 * clock moved on a human time per question: answers never sent one by one share that time.
 */
export async function finishAnswers(
  db: Db,
  s: PlaySession,
  pick: (q: Keyed, i: number) => string | null = (q) => q.answer,
): Promise<string> {
  const qs: Keyed[] = (await unsealed(db, s)).questions;
  await elapse(db, s.session_id, 1000 * qs.length);
  return JSON.stringify(qs.map((q, i) => ({ question_id: q.id, answer: pick(q, i) })));
}

/** finishAnswers of several sessions, looked up by session (for calls sent together). */
export async function finishAnswersOf(db: Db, sessions: PlaySession[]): Promise<(s: PlaySession) => string> {
  const by = new Map<string, string>();
  for (const s of sessions) by.set(s.session_id, await finishAnswers(db, s));
  return (s) => by.get(s.session_id)!;
}
