import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppMetrics } from '../ops/metrics';
import { errorReply } from '../errors';

export interface MetricsOptions {
  /** The bearer token scrapers send; unset turns /metrics off. */
  token: string | undefined;
  db: Db;
  /** The /api actions that exist: each is its own route label (any other name is one label). */
  actions: readonly string[];
}

/** Whether the Authorization header is `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header ?? '');
  // Equal-length digests: neither the token's length nor its bytes leak through the timing.
  const given = createHash('sha256')
    .update(m?.[1] ?? '')
    .digest();
  const wanted = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, wanted) && m !== null;
}

/**
 * `GET /metrics` in Prometheus' text format for a scraper holding METRICS_TOKEN, with the hooks
 * that count requests. Without a token the route answers 404 (and no figures are kept), so
 * nothing leaks and the web app's shell is not served in its place.
 */
export function registerMetricsRoutes(app: FastifyInstance, o: MetricsOptions): AppMetrics | undefined {
  const { token } = o;
  if (!token) {
    app.get('/metrics', (_req, reply) => reply.code(404).send(errorReply('not_found', 'Not found.')));
    return undefined;
  }
  const metrics = new AppMetrics({
    db: o.db,
    log: app.log,
    // The WebSocket plugin (registered later, by the gateway) tracks its clients.
    openSockets: () => (app as { websocketServer?: { clients: Set<unknown> } }).websocketServer?.clients.size ?? 0,
  });
  const actions = new Set(o.actions);
  const routeOf = (req: FastifyRequest): string => {
    const pattern = req.routeOptions.url;
    if (pattern === undefined) return 'unmatched'; // a label per unknown path would grow without end
    if (pattern === '/api/:action') {
      const action = (req.params as { action?: string }).action;
      return action && actions.has(action) ? `/api/${action}` : pattern;
    }
    return pattern;
  };
  app.addHook('onResponse', (req, reply, done) => {
    metrics.observe(req.method, routeOf(req), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorReply('unauthorized', 'A valid metrics token is required.'));
    }
    const { contentType, body } = await metrics.exposition();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
  return metrics;
}
