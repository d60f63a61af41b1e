import type { HintResult, LifelineResult } from '../../../core/contract';
import { normalizeWord } from '../../../core/rules/answers';
import {
  audiencePoll,
  fiftyFiftyRemoval,
  hintsAllowed,
  lifelineRefusal,
  type Lifeline,
} from '../../../core/rules/lifelines';
import { modeRule } from '../../../core/rules/solo-modes';
import { and, eq } from 'drizzle-orm';
import { sql, type Db } from '../../db/client';
import { playHints, playLifelines, playSessions, questions } from '../../db/schema';
import { jsonText } from '../../db/sql-helpers';
import { AppError } from '../../errors';
import { coinBalance, moveCoins } from '../ledger';
import type { SettingsStore } from '../settings-store';

/** The player's unfinished, unexpired session, locked; the question must be one of it. */
async function lockOpenSession(db: Db, userId: number, sessionId: string, questionId: number) {
  const [s] = await db.orm
    .select({
      id: playSessions.id,
      user_id: playSessions.user_id,
      mode: playSessions.mode,
      question_ids: playSessions.question_ids,
      answer_key: playSessions.answer_key,
      question_types: playSessions.question_types,
      seconds_per_question: playSessions.seconds_per_question,
      finished: sql<boolean>`${playSessions.finished_at} IS NOT NULL`,
      expired: sql<boolean>`now() > ${playSessions.deadline}`,
    })
    .from(playSessions)
    .where(eq(playSessions.id, sessionId))
    .for('update');
  if (!s || s.user_id !== userId) throw new AppError('not_found', { field: 'session_id' });
  if (s.finished) throw new AppError('session_finished');
  if (s.expired) throw new AppError('session_expired');
  if (!s.question_ids.includes(questionId))
    throw new AppError('not_found', { field: 'question_id', message: 'This question is not in this quiz.' });
  return s;
}

/**
 * Uses a lifeline on a question of an open session: checks the mode allows it, that it is
 * unused, the 50/50–audience-poll exclusivity and the last-question rule, charges its coins
 * once, and answers what it reveals.
 */
export async function useLifeline(
  db: Db,
  settings: SettingsStore,
  userId: number,
  o: { session_id: string; lifeline: Lifeline; question_id: number },
): Promise<LifelineResult> {
  const s = await lockOpenSession(db, userId, o.session_id, o.question_id);
  const rules = await settings.rules(db);
  const used = await db.orm
    .select({ lifeline: playLifelines.lifeline, question_id: playLifelines.question_id })
    .from(playLifelines)
    .where(eq(playLifelines.session_id, s.id));
  const type = s.question_types[String(o.question_id)] ?? 'mcq';
  const refusal = lifelineRefusal({
    lifeline: o.lifeline,
    allowed: modeRule(s.mode, rules).lifelines,
    used,
    questionId: o.question_id,
    questionType: type,
    isLastQuestion: s.question_ids.at(-1) === o.question_id,
  });
  if (refusal) throw new AppError(refusal);
  // Free lifelines (an operator's cost of 0) move no coins.
  const paid =
    rules.lifeline_cost > 0
      ? await moveCoins(db, {
          userId,
          delta: -rules.lifeline_cost,
          reason: 'lifeline',
          ref: s.id,
          opId: `lifeline:${s.id}:${o.lifeline}`,
        })
      : { balance: await coinBalance(db, userId) };
  const out: LifelineResult = {
    lifeline: o.lifeline,
    question_id: o.question_id,
    removed: [],
    poll: [],
    deadline: '',
    coins: paid.balance,
  };
  const correct = s.answer_key[String(o.question_id)]!;
  if (o.lifeline === 'fifty_fifty' || o.lifeline === 'audience_poll') {
    const [q] = await db.orm
      .select({ options: questions.options })
      .from(questions)
      .where(eq(questions.id, o.question_id));
    const ids = (q?.options ?? []).map((x) => x.id);
    if (o.lifeline === 'fifty_fifty') out.removed = fiftyFiftyRemoval(ids, correct);
    else out.poll = audiencePoll(ids, correct);
  }
  // What it showed is kept, so a resumed session shows the same again (resume.ts).
  const revealed =
    o.lifeline === 'fifty_fifty' ? { removed: out.removed } : o.lifeline === 'audience_poll' ? { poll: out.poll } : {};
  await db.run(sql`INSERT INTO play_lifelines (session_id, lifeline, question_id, revealed)
    VALUES (${s.id}::uuid, ${o.lifeline}, ${o.question_id}, ${JSON.stringify(revealed)}::jsonb)`);
  if (o.lifeline === 'reset_timer') {
    const [r] = await db.orm
      .update(playSessions)
      .set({ deadline: sql`${playSessions.deadline} + make_interval(secs => ${s.seconds_per_question})` })
      .where(eq(playSessions.id, s.id))
      .returning({ deadline: jsonText(playSessions.deadline) });
    out.deadline = new Date(r!.deadline).toISOString();
  }
  return out;
}

/** Reveals the next letter of a guess-the-word answer, for its coins, up to the word's limit. */
export async function useHint(
  db: Db,
  settings: SettingsStore,
  userId: number,
  o: { session_id: string; question_id: number },
): Promise<HintResult> {
  const s = await lockOpenSession(db, userId, o.session_id, o.question_id);
  const rule = modeRule(s.mode, await settings.rules(db));
  if (s.question_types[String(o.question_id)] !== 'word' || rule.maxHints === 0)
    throw new AppError('lifeline_not_allowed');
  const word = [...normalizeWord(s.answer_key[String(o.question_id)]!)];
  const [h] = await db.orm
    .select({ hints: playHints.hints })
    .from(playHints)
    .where(and(eq(playHints.session_id, s.id), eq(playHints.question_id, o.question_id)));
  const position = h?.hints ?? 0;
  if (position >= hintsAllowed(word.join(''), rule.maxHints)) throw new AppError('hint_limit');
  const paid =
    rule.hintCost > 0
      ? await moveCoins(db, {
          userId,
          delta: -rule.hintCost,
          reason: 'hint',
          ref: s.id,
          opId: `hint:${s.id}:${o.question_id}:${position + 1}`,
        })
      : { balance: await coinBalance(db, userId) };
  await db.run(sql`INSERT INTO play_hints (session_id, question_id, hints) VALUES (${s.id}::uuid, ${o.question_id}, 1)
    ON CONFLICT (session_id, question_id) DO UPDATE SET hints = play_hints.hints + 1`);
  return {
    question_id: o.question_id,
    position,
    letter: word[position]!,
    hints_used: position + 1,
    coins: paid.balance,
  };
}
