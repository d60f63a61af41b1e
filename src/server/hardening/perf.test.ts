import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaySession } from '../../core/contract';
import { sql } from '../db/client';
import { call } from '../test-support/client';
import { createPlayer } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';

/** ~50k quiz-zone questions in English (a third true/false), spread over the demo subcategories. */
const N = 50_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db
    .run(sql`INSERT INTO questions (language_id, category_id, subcategory_id, level, type, question, options, answer, explanation)
    SELECT 1, s.category_id, s.id, 1 + (g % 5), CASE WHEN g % 3 = 0 THEN 'true_false' ELSE 'mcq' END,
      'Generated question ' || g, '[{"id":"a","text":"x"},{"id":"b","text":"y"},{"id":"c","text":"z"},{"id":"d","text":"w"}]'::jsonb,
      to_jsonb('a'::text), 'gen'
    FROM generate_series(1, ${N}) g
    JOIN LATERAL (SELECT s.id, s.category_id FROM subcategories s JOIN categories c ON c.id = s.category_id
      WHERE c.language_id = 1 AND c.type = 1 AND c.premium_price = 0 ORDER BY s.id OFFSET (g % 12) LIMIT 1) s ON true`);
  await t.db.run(sql`ANALYZE questions`);
}, 300_000);
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
  'Relation Name'?: string;
}
function maxScannedQuestions(n: PlanNode): number {
  const own = n['Relation Name'] === 'questions' ? n['Actual Rows'] * n['Actual Loops'] : 0;
  return Math.max(own, ...(n.Plans ?? []).map(maxScannedQuestions));
}

/** A statement as drizzle sent it: its text with `$n` placeholders, and their values. */
interface Sent {
  text: string;
  params: unknown[];
}

/**
 * The statements the app sends while `fn` runs, as drizzle's logger sees them (every connection
 * and transaction: a session hands its options' logger on to its transactions' sessions).
 * drizzle's session is internal: a test's look inside, not the app's.
 */
async function sentDuring(fn: () => Promise<unknown>): Promise<Sent[]> {
  const session = (t.db.orm as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  const before = { logger: session.logger, options: session.options.logger };
  const sent: Sent[] = [];
  session.logger = session.options.logger = {
    logQuery: (text: string, params: unknown[]) => sent.push({ text, params }),
  };
  try {
    await fn();
  } finally {
    session.logger = before.logger;
    session.options.logger = before.options;
  }
  return sent;
}

/** The one question draw (a window of the fixed random order) among the statements sent. */
function theDraw(sent: Sent[]): Sent {
  const draws = sent.filter((s) => /\bshuffle_key\b/.test(s.text) && /\bunion all\b/i.test(s.text));
  expect(draws, sent.map((s) => s.text).join('\n')).toHaveLength(1);
  return draws[0]!;
}

/** A parameter as an SQL literal of unknown type (PostgreSQL types it where it stands, as a parameter). */
const literal = (v: unknown) =>
  v === null ? 'NULL' : `'${(typeof v === 'object' ? JSON.stringify(v) : String(v)).replaceAll("'", "''")}'`;

/** The plan of a statement the app sent, run with its own values. */
async function explain(s: Sent) {
  const text = s.text.replace(/\$(\d+)\b/g, (_, n: string) => literal(s.params[Number(n) - 1]));
  const rows = await t.db.session((q) => q(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`));
  const raw = rows[0]!['QUERY PLAN'] as [{ Plan: PlanNode; 'Execution Time': number }] | string;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0];
  return { rows: maxScannedQuestions(plan.Plan), ms: plan['Execution Time'] as number };
}

async function timed(fn: () => Promise<unknown>) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

describe(`SQL on ${N} questions`, () => {
  // Each draw is the statement the action sent, explained with the values it was sent with.

  it('the unscheduled daily quiz draw reads a window, not the whole pool', async () => {
    const first = await createPlayer(t.app);
    let ms = 0;
    const sent = await sentDuring(async () => {
      ms = await timed(() => call(t.app, 'get_daily_quiz', { gmt_format: '+00:00' }, { token: first.token }));
    });
    const e = await explain(theDraw(sent));
    const kept: number[] = [];
    for (let i = 0; i < 4; i++) {
      const p = await createPlayer(t.app);
      kept.push(
        await timed(() => call<PlaySession>(t.app, 'get_daily_quiz', { gmt_format: '+00:00' }, { token: p.token })),
      );
    }
    console.log(
      `daily draw: ${e.rows} question rows read, ${e.ms.toFixed(1)} ms in SQL; get_daily_quiz ${ms.toFixed(0)} ms drawn, ${kept.map((x) => x.toFixed(0)).join('/')} ms kept`,
    );
    expect(e.rows, 'question rows read to draw the day').toBeLessThan(1000);
  });

  it('the true/false draw reads a window, not every true/false question', async () => {
    const p = await createPlayer(t.app);
    let ms = 0;
    const sent = await sentDuring(async () => {
      ms = await timed(() => call(t.app, 'get_questions_by_type', { type: 2 }, { token: p.token }));
    });
    const e = await explain(theDraw(sent));
    console.log(
      `true/false draw: ${e.rows} rows read, ${e.ms.toFixed(1)} ms in SQL; get_questions_by_type ${ms.toFixed(0)} ms`,
    );
    expect(e.rows).toBeLessThan(1000);
  });

  it('a self challenge on a big category reads a window, not the whole category', async () => {
    const p = await createPlayer(t.app);
    const sent = await sentDuring(() =>
      call(
        t.app,
        'get_questions_for_self_challenge',
        { category_slug: 'science', limit: 20, minutes: 5 },
        { token: p.token },
      ),
    );
    const e = await explain(theDraw(sent));
    console.log(`self challenge draw: ${e.rows} rows read, ${e.ms.toFixed(1)} ms in SQL`);
    expect(e.rows).toBeLessThan(1000);
  });

  it('deleting abandoned sessions (housekeeping) does not scan daily_quiz_plays once per session', async () => {
    // 20k daily plays, then delete 2k sessions: the FK cascade needs an index on daily_quiz_plays(session_id).
    await t.db
      .run(sql`INSERT INTO play_sessions (id, user_id, mode, language_id, question_ids, answer_key, deadline, unit)
      SELECT gen_random_uuid(), u.id, 'daily_quiz', 1, '{1}', '{}', now() - interval '30 days', d::date::text
      FROM (SELECT id FROM users ORDER BY id LIMIT 1) u, generate_series(current_date - 20000, current_date - 1, interval '1 day') d`);
    await t.db.run(sql`INSERT INTO daily_quiz_plays (user_id, quiz_date, session_id)
      SELECT user_id, unit::date, id FROM play_sessions WHERE mode = 'daily_quiz' AND unit <> '' ON CONFLICT DO NOTHING`);
    await t.db.run(sql`ANALYZE daily_quiz_plays`);
    const e = await t.db.rows<{ 'QUERY PLAN': unknown }>(sql`EXPLAIN (ANALYZE, FORMAT JSON)
      DELETE FROM play_sessions WHERE id IN (SELECT id FROM play_sessions WHERE mode = 'daily_quiz' ORDER BY id LIMIT 2000)`);
    const raw = e[0]!['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
      {
        'Execution Time': number;
        Triggers?: { 'Constraint Name'?: string; 'Trigger Name': string; Time: number; Calls: number }[];
      },
    ];
    const trig = (plan[0].Triggers ?? []).map(
      (x) => `${x['Constraint Name'] ?? x['Trigger Name']}: ${x.Time.toFixed(0)} ms / ${x.Calls}`,
    );
    console.log(`delete 2000 sessions: ${plan[0]['Execution Time'].toFixed(0)} ms; ${trig.join('; ')}`);
    const idx = await t.db.rows(
      sql`SELECT indexname FROM pg_indexes WHERE tablename = 'daily_quiz_plays' AND indexdef LIKE '%(session_id%'`,
    );
    expect(idx.length, 'an index leading with daily_quiz_plays.session_id').toBeGreaterThan(0);
  });
});
