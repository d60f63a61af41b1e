import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { FirebaseWebConfig } from '../core/contract';
import { DEFAULT_BATTLE_RULES } from '../core/rules/battle';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** A number that defaults when absent: an empty value counts as absent (not as 0, as coercion would read it). */
const unsetIfEmpty = <T extends z.ZodType>(t: T) => z.preprocess((v) => (v === '' ? undefined : v), t);
const botMs = z.coerce.number().int().min(0).max(300_000);
/** An emulator's address: host:port. */
const hostPort = z.string().regex(/^[a-z0-9.-]+:\d{2,5}$/i, { error: 'must be host:port' });

/** Environment variables the server reads, with their defaults. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Base URL players reach the app on (links in e-mails). */
  PUBLIC_URL: z.string().url().optional(),
  DEMO_MODE: bool.default(false),
  /** Seed demo content into an empty database. */
  SEED_DEMO: bool.default(true),
  /** Google sign-in: the OAuth client id; unset turns Google sign-in off. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /**
   * Firebase mode (README "Firebase mode"): the Firebase project's id. Set, players may sign in
   * with Firebase Auth (the server verifies their ID tokens); unset, nothing of Firebase loads.
   */
  FIREBASE_PROJECT_ID: unsetIfEmpty(
    z
      .string()
      .regex(/^[a-z0-9-]{4,40}$/, { error: 'must be a Firebase project id (lower-case letters, digits, -)' })
      .optional(),
  ),
  /**
   * Firebase mode: the service account's key, as its JSON text or the path of its JSON file
   * (verifying ID tokens needs only the project id; the emulators need neither).
   */
  FIREBASE_SERVICE_ACCOUNT: unsetIfEmpty(z.string().optional()),
  /**
   * Firebase mode: the web app's config as JSON (Project settings → Your apps → Web app →
   * config: apiKey, authDomain, projectId, appId). Set, players sign in with Firebase Auth.
   */
  FIREBASE_WEB_CONFIG: unsetIfEmpty(z.string().optional()),
  /**
   * host:port of the Firestore emulator (tests, development; firebase-admin reads it): the live
   * sync then writes there, with no service account.
   */
  FIRESTORE_EMULATOR_HOST: unsetIfEmpty(hostPort.optional()),
  /** host:port of the Firebase Auth emulator (tests, development; firebase-admin reads it too). */
  FIREBASE_AUTH_EMULATOR_HOST: unsetIfEmpty(hostPort.optional()),
  /** Mail: "outbox" keeps messages in the dev outbox; "smtp" sends through SMTP_URL. */
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp', 'log']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Quiz <no-reply@localhost>'),
  /** Web Push: who runs this server, for the push services (a mailto: or https: URL). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/)
    .default('mailto:admin@localhost'),
  /**
   * Web Push: the push services the server will send to, comma-separated hosts (a leading dot
   * matches every subdomain). A subscription naming another host is refused: the server must
   * not POST wherever a client points it (internal addresses included).
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default(
      'fcm.googleapis.com,android.googleapis.com,updates.push.services.mozilla.com,.push.services.mozilla.com,.notify.windows.com,.push.apple.com',
    )
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** SMS: a webhook that receives { to, body } as JSON; unset keeps SMS in the dev outbox. */
  SMS_WEBHOOK_URL: z.string().url().optional(),
  /** Secret for signing short-lived identity proofs; generated and stored when unset. */
  AUTH_SECRET: z.string().min(32).optional(),
  /** Days an api_token stays valid without use (sliding). */
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUST_PROXY: bool.default(false),
  /**
   * Bearer token for GET /metrics (Prometheus); unset turns the endpoint off (404). At least 16
   * characters: it guards operational figures.
   */
  METRICS_TOKEN: unsetIfEmpty(z.string().min(16).optional()),
  /** Requests per minute per IP on /api (auth actions have their own, tighter limits). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Sign-in and sign-up attempts per 10 minutes per IP. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  /** E-mails and SMS (codes) sent per hour per IP. */
  SEND_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** WebSocket: sockets one IP may hold open at once (players behind one NAT share an address). */
  WS_MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).default(50),
  /** WebSocket: messages one socket may send in 10 seconds (the app pings every 10 s). */
  WS_MESSAGES_PER_10S: z.coerce.number().int().min(1).default(100),
  STATIC_DIR: z.string().optional(),
  /**
   * Battles on PostgreSQL: the rooms' transactions run in a worker thread with a pool of its own,
   * so the WebSocket thread relays answers without waiting behind them (on by default; PGlite,
   * one in-process database, always runs them in the process).
   */
  BATTLE_DB_WORKER: bool.default(true),
  /** Battles: seconds a round lasts (default: the battle rules' round_seconds). */
  BATTLE_ROUND_SECONDS: z.coerce.number().int().min(1).max(300).optional(),
  /** Battles: milliseconds between a round being announced and opening (countdown). */
  BATTLE_ROUND_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** Battles: seconds of random matchmaking before the bot is offered (default: the rules'). */
  BATTLE_SEARCH_SECONDS: z.coerce.number().int().min(1).max(600).optional(),
  /** Battles: probability (0..1) that the bot answers a question right (default: the rules'). */
  BATTLE_BOT_ACCURACY: unsetIfEmpty(z.coerce.number().min(0).max(1).default(DEFAULT_BATTLE_RULES.bot_accuracy)),
  /** Battles: the bot answers after BATTLE_BOT_MIN_MS to BATTLE_BOT_MAX_MS milliseconds, drawn evenly. */
  BATTLE_BOT_MIN_MS: unsetIfEmpty(botMs.default(DEFAULT_BATTLE_RULES.bot_min_answer_ms)),
  BATTLE_BOT_MAX_MS: unsetIfEmpty(botMs.default(DEFAULT_BATTLE_RULES.bot_max_answer_ms)),
});

/** The schema with the checks that span keys. */
const CheckedEnv = EnvSchema.refine((c) => c.BATTLE_BOT_MIN_MS <= c.BATTLE_BOT_MAX_MS, {
  path: ['BATTLE_BOT_MIN_MS'],
  error: 'must not be more than BATTLE_BOT_MAX_MS',
});

/** A Firebase service account's key: what firebase-admin's `cert()` needs of it. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
}

export type Config = z.output<typeof EnvSchema> & {
  /** Where messages go: the dev outbox unless production or configured otherwise. */
  mailTransport: 'outbox' | 'smtp' | 'log';
  /** Firebase mode, when FIREBASE_PROJECT_ID is set. */
  firebase?: {
    projectId: string;
    serviceAccount?: ServiceAccount;
    web?: FirebaseWebConfig;
    /** Whether rooms and contest boards are written to Firestore: a service account, or its emulator. */
    firestore: boolean;
  };
};

const webConfigSchema = z.object({
  apiKey: z.string().min(1).max(200),
  authDomain: z.string().min(1).max(200),
  projectId: z.string().min(1).max(40),
  appId: z.string().min(1).max(200),
  messagingSenderId: z.string().max(40).optional(),
  /** FCM's Web Push certificate (Firebase console › Cloud Messaging › Web configuration). */
  vapidKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, { error: 'must be the Web Push certificate’s public key (base64url)' })
    .optional(),
});

/**
 * A Firebase setting holding JSON: parsed, checked against `schema` (`needs` names what it must
 * have) and against the project; a readable reason stops the start otherwise.
 */
function readFirebaseJson<T>(
  name: string,
  text: string,
  schema: z.ZodType<T>,
  needs: string,
  projectOf: (v: T) => string,
  projectId: string,
): T {
  const bad = (why: string) => new Error(`Invalid configuration:\n  ${name}: ${why}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw bad('not valid JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw bad(needs);
  const project = projectOf(parsed.data);
  if (project !== projectId) throw bad(`its project id (${project}) is not FIREBASE_PROJECT_ID`);
  return parsed.data;
}

const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().email(),
  private_key: z.string().includes('PRIVATE KEY'),
});

/** The service account from its JSON text or the path of its file. */
function readServiceAccount(value: string, projectId: string): ServiceAccount {
  let text = value.trim();
  if (!text.startsWith('{')) {
    try {
      text = readFileSync(text, 'utf8');
    } catch {
      throw new Error('Invalid configuration:\n  FIREBASE_SERVICE_ACCOUNT: neither JSON nor a readable file');
    }
  }
  const needs = 'a service account key needs project_id, client_email and private_key';
  return readFirebaseJson(
    'FIREBASE_SERVICE_ACCOUNT',
    text,
    serviceAccountSchema,
    needs,
    (v) => v.project_id,
    projectId,
  );
}

/** The web app's config, with the Auth emulator outside production. */
function readWebConfig(value: string, projectId: string, emulator: string | undefined, production: boolean) {
  const needs = 'needs apiKey, authDomain, projectId and appId';
  const web: FirebaseWebConfig = {
    ...readFirebaseJson('FIREBASE_WEB_CONFIG', value, webConfigSchema, needs, (v) => v.projectId, projectId),
  };
  if (emulator && !production) web.auth_emulator = emulator;
  return web;
}

/** Parses the environment once; a bad value stops the process with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = CheckedEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const mailTransport = c.MAIL_TRANSPORT ?? (c.SMTP_URL ? 'smtp' : c.NODE_ENV === 'production' ? 'log' : 'outbox');
  if (mailTransport === 'smtp' && !c.SMTP_URL) {
    throw new Error('Invalid configuration:\n  SMTP_URL: required when MAIL_TRANSPORT=smtp');
  }
  if ((c.FIREBASE_SERVICE_ACCOUNT || c.FIREBASE_WEB_CONFIG) && !c.FIREBASE_PROJECT_ID) {
    throw new Error(
      'Invalid configuration:\n  FIREBASE_PROJECT_ID: required when FIREBASE_SERVICE_ACCOUNT or FIREBASE_WEB_CONFIG is set',
    );
  }
  const firebase = c.FIREBASE_PROJECT_ID
    ? {
        projectId: c.FIREBASE_PROJECT_ID,
        firestore: Boolean(c.FIREBASE_SERVICE_ACCOUNT || c.FIRESTORE_EMULATOR_HOST),
        ...(c.FIREBASE_SERVICE_ACCOUNT
          ? { serviceAccount: readServiceAccount(c.FIREBASE_SERVICE_ACCOUNT, c.FIREBASE_PROJECT_ID) }
          : {}),
        ...(c.FIREBASE_WEB_CONFIG
          ? {
              web: readWebConfig(
                c.FIREBASE_WEB_CONFIG,
                c.FIREBASE_PROJECT_ID,
                c.FIREBASE_AUTH_EMULATOR_HOST,
                c.NODE_ENV === 'production',
              ),
            }
          : {}),
      }
    : undefined;
  return { ...c, mailTransport, ...(firebase ? { firebase } : {}) };
}
