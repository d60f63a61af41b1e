import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contestQuestions, contests, languages } from '../db/schema';
import { isoMillis } from '../db/sql-helpers';
import type { Clock } from '../domain/clock';
import { createContest } from '../domain/contests';
import { DEFAULT_RETRY_AFTER_S } from '../errors';

/** What /dev/contests takes: a contest made of an existing contest's questions. */
const devContest = z.object({
  name: z.string().trim().min(1).max(100),
  language: z.string().trim().max(10).default('en'),
  entry_fee: z.number().int().min(0).max(1000).default(0),
  prizes: z
    .array(z.object({ rank: z.number().int().min(1).max(100), coins: z.number().int().min(0).max(100_000) }))
    .max(20)
    .default([{ rank: 1, coins: 50 }]),
  minutes: z.number().int().min(1).max(1440).default(60),
  questions: z.number().int().min(1).max(50).default(3),
  /** Upcoming for this long (0: started a minute ago, live at once). */
  starts_in_seconds: z.number().int().min(0).max(86_400).default(0),
});

/** What /dev/faults takes: the next `count` calls of `action` with this bearer answer `status` (0: none). */
const devFault = z.object({
  token: z.string().min(8).max(200),
  action: z.string().regex(/^[a-z_]{2,60}$/),
  status: z.union([z.literal(429), z.literal(500), z.literal(502), z.literal(503)]),
  count: z.number().int().min(0).max(1000).default(1),
});

interface Fault {
  action: string;
  status: number;
  left: number;
  /** Calls of the action seen with this bearer (faulted or not). */
  seen: number;
}

/**
 * Development and test helpers, never in production: the dev outbox (messages and codes that
 * would have been sent), contests made and ended on demand (the end-to-end journeys and the
 * screenshot scripts cannot wait for a real schedule), and faults — one player's next calls of an
 * action answered 5xx or 429 before they reach it (the offline sync's retry, tested end to end
 * on a server other tests share).
 */
export function registerDevRoutes(app: FastifyInstance, db: Db, clock: Clock) {
  const faults = new Map<string, Fault>();
  app.addHook('onRequest', async (req, reply) => {
    if (faults.size === 0 || req.method !== 'POST' || !req.url.startsWith('/api/')) return;
    const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const f = faults.get(token);
    if (!f || req.url.slice('/api/'.length).split('?')[0] !== f.action) return;
    f.seen++;
    if (f.left <= 0) return;
    f.left--;
    // As the real limits do: a 429 says when to come back.
    if (f.status === 429) reply.header('retry-after', String(DEFAULT_RETRY_AFTER_S));
    return reply
      .code(f.status)
      .send({ error: true, code: f.status === 429 ? 'rate_limited' : 'internal_error', message: 'Injected fault.' });
  });
  app.post('/dev/faults', async (req, reply) => {
    const parsed = devFault.safeParse(req.body);
    if (!parsed.success)
      return reply.code(400).send({ error: true, code: 'invalid_input', message: parsed.error.message });
    const { token, action, status, count } = parsed.data;
    faults.set(token, { action, status, left: count, seen: 0 });
    return { error: false, data: { action, status, left: count } };
  });
  app.get<{ Querystring: { token?: string } }>('/dev/faults', async (req) => {
    const f = faults.get(String(req.query.token ?? ''));
    return { error: false, data: f ? { ...f } : null };
  });

  app.get<{ Querystring: { to?: string } }>('/dev/outbox', async (req, reply) => {
    const to = typeof req.query.to === 'string' ? req.query.to.trim().toLowerCase() : '';
    if (!to || to.length > 254) {
      return reply.code(400).send({ error: true, code: 'invalid_input', message: 'to: is required', field: 'to' });
    }
    const rows = await db.rows(sql`SELECT recipient AS to, channel, code, subject, body,
        ${isoMillis(sql`created_at`)} AS created_at
      FROM outbox WHERE lower(recipient) = ${to} ORDER BY id DESC LIMIT 50`);
    return { error: false, data: rows };
  });

  app.post('/dev/contests', async (req, reply) => {
    const parsed = devContest.safeParse(req.body);
    if (!parsed.success)
      return reply.code(400).send({ error: true, code: 'invalid_input', message: parsed.error.message });
    const o = parsed.data;
    const [lang] = await db.orm.select({ id: languages.id }).from(languages).where(eq(languages.code, o.language));
    if (!lang) return reply.code(404).send({ error: true, code: 'not_found', message: 'No such language.' });
    // The language's contest questions, in the order of the contests that ask them.
    const ids = await db.orm
      .select({ question_id: contestQuestions.question_id })
      .from(contestQuestions)
      .innerJoin(contests, eq(contests.id, contestQuestions.contest_id))
      .where(eq(contests.language_id, lang.id))
      .groupBy(contestQuestions.question_id)
      .orderBy(asc(sql`min(${contestQuestions.contest_id})`), asc(sql`min(${contestQuestions.sort})`))
      .limit(o.questions);
    const now = clock.now().getTime();
    const id = await createContest(db, {
      languageId: lang.id,
      name: o.name,
      description: 'Made for a test.',
      startsAt: new Date(o.starts_in_seconds ? now + o.starts_in_seconds * 1000 : now - 60_000),
      endsAt: new Date(now + o.starts_in_seconds * 1000 + o.minutes * 60_000),
      entryFee: o.entry_fee,
      prizes: o.prizes,
      questionIds: ids.map((r) => r.question_id),
    });
    return { error: false, data: { id } };
  });

  /**
   * Moves an open contest on in time: `start` starts an upcoming one now (its length kept), so a
   * journey need not wait for the start an operator typed; `end` ends it now, and the closing job
   * (every few seconds) ranks it and pays its prizes.
   */
  app.post<{ Params: { id: string; what: string } }>('/dev/contests/:id/:what', async (req, reply) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id < 1)
      return reply.code(400).send({ error: true, code: 'invalid_input', message: 'id: must be a contest id' });
    const now = clock.sql();
    const change = {
      start: sql`ends_at = ends_at - (starts_at - ${now}), starts_at = ${now}`,
      end: sql`ends_at = ${now}, starts_at = least(starts_at, ${now} - interval '1 second')`,
    }[req.params.what];
    if (!change) return reply.code(404).send({ error: true, code: 'not_found', message: 'No such route.' });
    const n = await db.run(sql`UPDATE contests SET ${change}
      WHERE id = ${id} AND closed_at IS NULL ${req.params.what === 'start' ? sql`AND starts_at > ${now}` : sql``}`);
    return n
      ? { error: false, data: { id } }
      : reply.code(404).send({ error: true, code: 'not_found', message: 'No open contest.' });
  });
}
