import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media } from '../db/schema';

const ID_RE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(webp|png|jpg|mp3|ogg|m4a|wav)$/;

/** Uploaded media by id; ids are random and never reused, so replies are cached for good. */
export function registerMediaRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Params: { file: string } }>('/media/:file', async (req, reply) => {
    const m = ID_RE.exec(req.params.file);
    const row = m
      ? (
          await db.orm
            .select({ content_type: media.content_type, bytes: media.bytes })
            .from(media)
            .where(eq(media.id, m[1]!))
        )[0]
      : undefined;
    if (!row) return reply.code(404).send({ error: true, code: 'not_found', message: 'Not found.' });
    return reply
      .header('content-type', row.content_type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(row.bytes));
  });
}
