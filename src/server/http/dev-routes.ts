import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sql, type Db } from '../db/client';
import { createContest } from '../domain/contests';

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
});

/**
 * Development and test helpers, never in production: the dev outbox (messages and codes that
 * would have been sent), and contests made and ended on demand (the end-to-end journeys and the
 * screenshot scripts cannot wait for a real schedule).
 */
export function registerDevRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Querystring: { to?: string } }>('/dev/outbox', async (req, reply) => {
    const to = typeof req.query.to === 'string' ? req.query.to.trim().toLowerCase() : '';
    if (!to || to.length > 254) {
      return reply.code(400).send({ error: true, code: 'invalid_input', message: 'to: is required', field: 'to' });
    }
    const rows = await db.rows(sql`SELECT recipient AS to, channel, code, subject, body,
        to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
      FROM outbox WHERE lower(recipient) = ${to} ORDER BY id DESC LIMIT 50`);
    return { error: false, data: rows };
  });

  app.post('/dev/contests', async (req, reply) => {
    const parsed = devContest.safeParse(req.body);
    if (!parsed.success)
      return reply.code(400).send({ error: true, code: 'invalid_input', message: parsed.error.message });
    const o = parsed.data;
    const lang = await db.one<{ id: number }>(sql`SELECT id FROM languages WHERE code = ${o.language}`);
    if (!lang) return reply.code(404).send({ error: true, code: 'not_found', message: 'No such language.' });
    // The language's contest questions, in the order of the contests that ask them.
    const ids = await db.rows<{ question_id: number }>(sql`SELECT x.question_id FROM contest_questions x
      JOIN contests c ON c.id = x.contest_id WHERE c.language_id = ${lang.id}
      GROUP BY x.question_id ORDER BY min(x.contest_id), min(x.sort) LIMIT ${o.questions}`);
    const now = Date.now();
    const id = await createContest(db, {
      languageId: lang.id,
      name: o.name,
      description: 'Made for a test.',
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + o.minutes * 60_000),
      entryFee: o.entry_fee,
      prizes: o.prizes,
      questionIds: ids.map((r) => r.question_id),
    });
    return { error: false, data: { id } };
  });

  /** Ends a contest now: the closing job (every few seconds) ranks it and pays its prizes. */
  app.post<{ Params: { id: string } }>('/dev/contests/:id/end', async (req, reply) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id < 1)
      return reply.code(400).send({ error: true, code: 'invalid_input', message: 'id: must be a contest id' });
    const n =
      await db.run(sql`UPDATE contests SET ends_at = now(), starts_at = least(starts_at, now() - interval '1 second')
      WHERE id = ${id} AND closed_at IS NULL`);
    return n
      ? { error: false, data: { id } }
      : reply.code(404).send({ error: true, code: 'not_found', message: 'No open contest.' });
  });
}
