import type { FastifyInstance } from 'fastify';
import { PACK_KINDS, type PackKind } from '../../core/contract';
import { languageIdField } from '../../core/contract/fields';
import { resolveLanguageId } from '../domain/languages';
import { buildPack } from '../domain/packs';
import type { Services } from './context';
import { signedInUser } from './dispatcher';
import { AppError } from '../errors';
import { ifNoneMatchNames } from './etag';

const isPackKind = (k: string): k is PackKind => (PACK_KINDS as readonly string[]).includes(k);

/**
 * `GET /api/packs/<kind>?lang=<language_id>` (ARCHITECTURE §3, §7): a player's offline pack in
 * the usual envelope, with its version as a strong ETag, revalidated every time (`no-cache`)
 * and answered 304 while it has not changed. One player's data: private, varying by token.
 */
export function registerPackRoutes(app: FastifyInstance, s: Services) {
  app.get<{ Params: { kind: string }; Querystring: { lang?: unknown } }>('/api/packs/:kind', async (req, reply) => {
    const user = await signedInUser(req, s);
    const kind = req.params.kind;
    if (!isPackKind(kind)) throw new AppError('not_found', { field: 'kind', message: 'No such pack.' });
    const lang = languageIdField.safeParse(req.query.lang);
    if (!lang.success)
      throw new AppError('invalid_input', { field: 'lang', message: 'lang: must be a content language id' });
    const languageId = await resolveLanguageId(s.db, s.settings, lang.data);
    const pack = await buildPack(
      { db: s.db, settings: s.settings, userId: user.id, languageId, now: s.clock.now() },
      kind,
    );
    reply
      .header('etag', `"${pack.version}"`)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Authorization');
    if (ifNoneMatchNames(req.headers['if-none-match'], `"${pack.version}"`)) return reply.code(304).send();
    return reply.send({ error: false, data: pack });
  });
}
