import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import { sql, type Database } from './db/client';
import { PATHS } from './paths';
import { HANDLERS, ONE_WRITE_ACTIONS, SELF_KEYED_ACTIONS } from './actions';
import { IdentityTokens } from './auth/identity-token';
import { GoogleVerifier } from './auth/google';
import { FirebaseVerifier } from './auth/firebase';
import { openRateLimitRedis, RateLimits } from './auth/rate-limits';
import { serverSecret } from './auth/secrets';
import { lookUpToken, tokenHash } from './auth/api-tokens';
import { TokenCache } from './auth/token-cache';
import { scheduleReferralMaturing } from './jobs/referral-ticker';
import { systemClock, type Clock } from './domain/clock';
import { Messenger, undeliverableChannels } from './domain/messenger';
import { SettingsStore } from './domain/settings-store';
import { ContentChanges } from './domain/content-changes';
import { forgetConfiguredTimezone } from './domain/leaderboard';
import { HotReads } from './http/hot-reads';
import { errorToReply, registerDispatcher } from './http/dispatcher';
import { errorReply } from './errors';
import type { Services } from './http/context';
import { contentSecurityPolicy } from './http/csp';
import { pagePreloads } from './http/page-preloads';
import { securityHeaders } from './http/security-headers';
import { registerDevRoutes } from './http/dev-routes';
import { registerMediaRoutes } from './http/media-routes';
import { registerMetricsRoutes } from './http/metrics-routes';
import { registerPackRoutes } from './http/pack-routes';
import { registerGateway } from './realtime/gateway';
import { openBus } from './realtime/bus';
import { FcmSender } from './push/fcm';
import { PushService } from './push/push';
import { Battles } from './realtime/live-battles';
import { LocalRoomOps } from './realtime/room-ops';
import { WorkerRoomOps } from './realtime/room-ops-worker-client';
import { BusSink, type RoomEventSink } from './realtime/room-event-sink';
import { firestoreSink } from './realtime/firestore-sink';
import { ContestLive } from './realtime/live-contests';
import { UserFeed } from './realtime/user-feed';
import { DEFAULT_BATTLE_RULES, type BattleRules } from '../core/rules/battle';

export interface AppOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Battle constants over the defaults (tests shorten rounds). */
  battleRules?: Partial<BattleRules>;
  /** The clock of rules about time (tests pass one they move). */
  clock?: Clock;
}

export interface App extends FastifyInstance {
  services: Services;
  /** The hot public reads' memory (tests look at it). */
  hotReads: HotReads;
}

/** Builds the Fastify app: plugins, then our services, then routes. Tests import this. */
export async function buildApp(o: AppOptions): Promise<App> {
  const { config, db } = o;
  const app = Fastify({
    logger: o.logger ?? false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
  }) as unknown as App;

  // External plugins.
  const security = securityHeaders({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    // Google's sign-in popup talks back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // Into the reply's own headers, written once with its others (not the raw response's: the
  // node's setHeader checks and stores each one again per request, then writeHead merges them).
  const securityByName = Object.fromEntries(security);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(securityByName);
    done();
  });
  await app.register(formbody, { bodyLimit: 1_048_576 });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 3, fields: 60 } });

  // Our services.
  const bus = await openBus({
    redisUrl: config.REDIS_URL,
    onError: (e) => app.log.error({ err: e }, 'room bus'),
  });
  // Room messages go out through these (the live sync of ARCHITECTURE.md §6 is added here).
  const roomSinks: RoomEventSink[] = [new BusSink(bus)];
  // Firebase mode with a service account (or the Firestore emulator): the live sync of rooms.
  // With several nodes, one at a time writes each room's documents (through the bus).
  const firestore = config.firebase?.firestore
    ? firestoreSink({ ...config.firebase, db, log: app.log, bus })
    : undefined;
  if (firestore) roomSinks.push(firestore);
  const clock = o.clock ?? systemClock;
  const battleSetup = {
    rules: battleRulesOf(config, o.battleRules),
    roundDelayMs: config.BATTLE_ROUND_DELAY_MS,
    clock,
  };
  const battles = new Battles(
    battleSetup,
    config.DATABASE_URL && config.BATTLE_DB_WORKER
      ? await WorkerRoomOps.start({ databaseUrl: config.DATABASE_URL, poolSize: 10, setup: battleSetup }, (e) =>
          app.log.error({ err: e }, 'room operations worker'),
        )
      : new LocalRoomOps(db, battleSetup),
    bus,
    app.log,
    roomSinks,
  );
  const contests = new ContestLive(db, bus, app.log, roomSinks, clock);
  const userFeed = new UserFeed(db, app.log);
  const contentChanges = new ContentChanges(db, app.log);
  const push = await PushService.open(db, app.log, config.VAPID_SUBJECT);
  // Firebase mode with a service account: FCM for the players whose app registered a token.
  if (config.firebase?.serviceAccount)
    push.fcm = new FcmSender({
      projectId: config.firebase.projectId,
      serviceAccount: config.firebase.serviceAccount,
      log: app.log,
    });
  // With Redis the nodes spend from the same rate budgets.
  const rateRedis = config.REDIS_URL
    ? await openRateLimitRedis({ url: config.REDIS_URL, onError: (e) => app.log.error({ err: e }, 'rate limits') })
    : undefined;
  app.addHook('onClose', async () => {
    await battles.stop();
    await contests.stop();
    await userFeed.stop();
    await contentChanges.stop();
    // After the rooms and contests: their last changes are written before firebase-admin goes.
    await firestore?.close();
    await push.stop();
    await bus.close();
    if (rateRedis?.isReady) await rateRedis.close();
    else if (rateRedis?.isOpen) rateRedis.destroy();
  });
  const tokens = new TokenCache((t) => lookUpToken(db, t, config.TOKEN_TTL_DAYS), tokenHash);
  await tokens.start(db);
  app.addHook('onClose', () => tokens.stop());
  const firebase = config.firebase ? new FirebaseVerifier(config.firebase) : undefined;
  if (firebase) app.addHook('onClose', () => firebase.close());
  const services: Services = {
    config,
    db,
    log: app.log,
    settings: new SettingsStore(db),
    contentChanges,
    messenger: new Messenger(db, config, app.log),
    identityTokens: new IdentityTokens(await serverSecret(db, 'identity_token', config.AUTH_SECRET)),
    ...(config.GOOGLE_CLIENT_ID ? { google: new GoogleVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL) } : {}),
    ...(firebase ? { firebase } : {}),
    rateLimits: new RateLimits({
      requestsPerMinute: config.RATE_LIMIT_PER_MINUTE,
      authPerIp: config.AUTH_RATE_LIMIT_PER_IP,
      sendsPerIp: config.SEND_RATE_LIMIT_PER_IP,
      redis: rateRedis,
    }),
    tokens,
    battles,
    contests,
    userFeed,
    push,
    clock,
  };
  app.decorate('services', services);
  // Loud at start: sign-up and code sign-in by these channels will be refused until configured.
  for (const channel of undeliverableChannels(config)) {
    const fix = channel === 'email' ? 'SMTP_URL' : 'SMS_WEBHOOK_URL';
    app.log.warn(
      { channel },
      `NO ${channel === 'email' ? 'MAIL' : 'SMS'} TRANSPORT: ${channel} codes cannot be sent, so ${channel} sign-up and code sign-in answer mail_unavailable. Set ${fix}.`,
    );
  }

  app.setErrorHandler((err, req, reply) => {
    const { status, body, internal, retryAfter } = errorToReply(err);
    if (internal || status >= 500) req.log.error({ err }, 'request failed');
    if (retryAfter) reply.header('retry-after', String(retryAfter));
    return reply.code(status).send(body);
  });

  // Routes (the metrics hooks first: they time every route after them).
  registerMetricsRoutes(app, { token: config.METRICS_TOKEN, db, actions: Object.keys(HANDLERS) });
  app.get('/healthz', async () => {
    await db.one(sql`SELECT 1 AS ok`);
    return { status: 'ok' };
  });
  // The public reads of operator-edited content, from memory until it changes on any node.
  const hot = new HotReads({ handlers: HANDLERS as never, now: () => clock.now().getTime() });
  contentChanges.onChange(() => {
    services.settings.invalidate();
    forgetConfiguredTimezone();
    hot.clear();
  });
  await contentChanges.start();
  app.decorate('hotReads', hot);
  registerDispatcher(app, services, HANDLERS as never, hot, {
    oneWrite: ONE_WRITE_ACTIONS,
    selfKeyed: SELF_KEYED_ACTIONS,
  });
  registerPackRoutes(app, services);
  await registerGateway(app, services, battles, contests, userFeed);
  await userFeed.start();
  battles.start();
  contests.start();
  push.start();
  app.addHook('onClose', scheduleReferralMaturing(services));
  registerMediaRoutes(app, db);
  if (config.NODE_ENV !== 'production') registerDevRoutes(app, db, clock);
  await registerWebApp(app, config.STATIC_DIR ?? PATHS.dist, bootSettings(db, services));
  return app;
}

/** The battle rules of a deployment: the defaults, then the environment, then buildApp's options. */
export function battleRulesOf(config: Config, overrides: Partial<BattleRules> = {}): BattleRules {
  return {
    ...DEFAULT_BATTLE_RULES,
    ...(config.BATTLE_ROUND_SECONDS ? { round_seconds: config.BATTLE_ROUND_SECONDS } : {}),
    ...(config.BATTLE_SEARCH_SECONDS ? { search_seconds: config.BATTLE_SEARCH_SECONDS } : {}),
    bot_accuracy: config.BATTLE_BOT_ACCURACY,
    bot_min_answer_ms: config.BATTLE_BOT_MIN_MS,
    bot_max_answer_ms: config.BATTLE_BOT_MAX_MS,
    ...overrides,
  };
}

/**
 * What the app asks first (web settings, system configuration, content languages), as the three
 * public actions answer them; kept for a few seconds. Written into the shell the server sends for
 * a page, so a first visit renders without three more round trips.
 */
function bootSettings(db: Database, services: Services): () => Promise<string> {
  let kept: { at: number; generation: number; json: Promise<string> } | null = null;
  const ctx = { db, services, ip: '', files: {} };
  return () => {
    // Kept 5 s, or until the settings change here (maintenance turned on shows at the next page).
    const generation = services.settings.generation;
    if (!kept || Date.now() - kept.at > 5000 || kept.generation !== generation) {
      const json = Promise.all([
        HANDLERS.get_web_settings({}, ctx),
        HANDLERS.get_system_configurations({}, ctx),
        HANDLERS.get_languages({}, ctx),
      ]).then(([web_settings, system_config, languages]) =>
        // Inside <script>: no "</script>" or "<!--" can end it early.
        JSON.stringify({ web_settings, system_config, languages }).replace(/</g, '\\u003c'),
      );
      kept = { at: Date.now(), generation, json };
      json.catch(() => (kept = null));
    }
    return kept.json;
  };
}

/** Serves the built PWA: hashed assets cached for good, the shell and worker revalidated. */
async function registerWebApp(app: FastifyInstance, root: string, boot: () => Promise<string>) {
  const hasBuild = existsSync(join(root, 'index.html'));
  const preloads = pagePreloads(root);

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset: sent as they are to browsers that take them.
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes(`${join(root, 'assets')}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const wantsPage =
      req.method === 'GET' && !/^\/(api|dev|media|healthz)(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path);
    if (hasBuild && wantsPage) {
      // The shell with the boot settings (the worker's precached copy has none: it has the
      // remembered ones); without them when they cannot be read, as a plain shell.
      // Read each time: a deployment may replace the shell in place.
      return Promise.all([boot(), readFile(join(root, 'index.html'), 'utf8')]).then(
        ([json, shell]) =>
          reply
            .header('cache-control', 'no-cache')
            .type('text/html; charset=utf-8')
            .send(
              shell.replace(
                '</head>',
                `${preloads(path)}<script type="application/json" id="boot-settings">${json}</script></head>`,
              ),
            ),
        () => reply.header('cache-control', 'no-cache').sendFile('index.html'),
      );
    }
    return reply.code(404).send(errorReply('not_found', 'Not found.'));
  });
}
