import type { FastifyInstance } from 'fastify';
import { sql, type Db } from '../db/client';

/** The dev outbox: messages (and their codes) that would have been sent, newest first. */
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
}
