/**
 * The tables' columns as drizzle sees them. Keys are the column names (snake_case, the API's own
 * vocabulary), so a row reads the same through the query builder as through raw `sql`. Row types
 * come from here (`Row<typeof users>`, the builder's results): a renamed or retyped column fails
 * the type check where it is used. The SQL migrations in `migrations/` stay the truth for the
 * DDL (indexes, checks, foreign keys, triggers); `schema.test.ts` fails when this file and the
 * migrated database disagree on a table, a column, its type or its nullability. Started from
 * `drizzle-kit pull` (introspect casing "preserve").
 */
import {
  customType,
  pgTable,
  text,
  timestamp,
  jsonb,
  uuid,
  serial,
  integer,
  bigint,
  smallint,
  bigserial,
  boolean,
  doublePrecision,
  numeric,
  date,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type {
  PollShare,
  QuestionOption,
  QuizResult,
  RoomKind,
  RoomResult,
  RoomSeat,
  RoomStatus,
} from '../../core/contract';
import type { Lifeline } from '../../core/rules/lifelines';
import type { SoloMode } from '../../core/rules/solo-modes';

/** PostgreSQL's bytea as a Node Buffer (drizzle's pg-core has no bytea column of its own). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const schemaMigrations = pgTable('schema_migrations', {
  version: text().primaryKey().notNull(),
  applied_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey().notNull(),
  value: text().notNull(),
});

export const settings = pgTable('settings', {
  key: text().primaryKey().notNull(),
  value: jsonb().notNull(),
  updated_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const localAccounts = pgTable('local_accounts', {
  id: uuid().primaryKey().notNull(),
  email: text().notNull(),
  password_hash: text().notNull(),
  name: text().default('').notNull(),
  verified_at: timestamp({ withTimezone: true, mode: 'string' }),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const verificationCodes = pgTable('verification_codes', {
  id: serial().primaryKey().notNull(),
  target: text().notNull(),
  purpose: text().notNull(),
  code_hash: text().notNull(),
  attempts: integer().default(0).notNull(),
  expires_at: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  consumed_at: timestamp({ withTimezone: true, mode: 'string' }),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const authTokens = pgTable('auth_tokens', {
  token_hash: text().primaryKey().notNull(),
  user_id: integer().notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  last_used_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  expires_at: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  revoked_at: timestamp({ withTimezone: true, mode: 'string' }),
  revoked_reason: text(),
});

export const outbox = pgTable('outbox', {
  id: serial().primaryKey().notNull(),
  recipient: text().notNull(),
  channel: text().notNull(),
  code: text().default('').notNull(),
  subject: text().default('').notNull(),
  body: text().notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const users = pgTable('users', {
  id: serial().primaryKey().notNull(),
  firebase_id: text().notNull(),
  name: text().default('').notNull(),
  email: text().default('').notNull(),
  mobile: text().default('').notNull(),
  profile: text().default('').notNull(),
  type: text().notNull(),
  fcm_id: text().default('').notNull(),
  coins: integer().default(0).notNull(),
  // You can use { mode: "bigint" } if numbers are exceeding js number limitations
  score: bigint({ mode: 'number' }).default(0).notNull(),
  refer_code: text().notNull(),
  friends_code: text().default('').notNull(),
  web_language: text().default('en').notNull(),
  role: text().default('player').notNull(),
  status: smallint().default(1).notNull(),
  deactivation_reason: text().default('').notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  signup_device: text().default('').notNull(),
  deleted_at: timestamp({ withTimezone: true, mode: 'string' }),
  contact_verified_at: timestamp({ withTimezone: true, mode: 'string' }),
  signup_ip: text().default('').notNull(),
  lineage_id: integer(),
});

export const coinLedger = pgTable('coin_ledger', {
  id: bigserial({ mode: 'bigint' }).primaryKey().notNull(),
  user_id: integer().notNull(),
  delta: integer().notNull(),
  reason: text().notNull(),
  ref: text().default('').notNull(),
  op_id: text().notNull(),
  balance_after: integer().notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const scoreEvents = pgTable('score_events', {
  id: bigserial({ mode: 'bigint' }).primaryKey().notNull(),
  user_id: integer().notNull(),
  points: integer().notNull(),
  mode: text().notNull(),
  ref: text().notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const languages = pgTable('languages', {
  id: serial().primaryKey().notNull(),
  code: text().notNull(),
  name: text().notNull(),
  rtl: boolean().default(false).notNull(),
  is_default: boolean().default(false).notNull(),
  status: smallint().default(1).notNull(),
});

export const categories = pgTable('categories', {
  id: serial().primaryKey().notNull(),
  language_id: integer().notNull(),
  type: smallint().default(1).notNull(),
  slug: text().notNull(),
  name: text().notNull(),
  image: text().default('').notNull(),
  premium_price: integer().default(0).notNull(),
  sort: integer().default(0).notNull(),
  status: smallint().default(1).notNull(),
});

export const subcategories = pgTable('subcategories', {
  id: serial().primaryKey().notNull(),
  category_id: integer().notNull(),
  slug: text().notNull(),
  name: text().notNull(),
  image: text().default('').notNull(),
  sort: integer().default(0).notNull(),
  status: smallint().default(1).notNull(),
});

export const questions = pgTable('questions', {
  id: serial().primaryKey().notNull(),
  language_id: integer().notNull(),
  category_id: integer().notNull(),
  subcategory_id: integer(),
  level: integer().default(1).notNull(),
  type: text().notNull(),
  question: text().notNull(),
  options: jsonb().$type<QuestionOption[]>().notNull(),
  answer: jsonb().notNull(),
  explanation: text().default('').notNull(),
  image: text().default('').notNull(),
  audio: text().default('').notNull(),
  latex: boolean().default(false).notNull(),
  marks: integer().default(1).notNull(),
  status: smallint().default(1).notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  match_options: jsonb().$type<QuestionOption[]>().default([]).notNull(),
  comprehension_id: integer(),
  shuffle_key: doublePrecision()
    .default(sql`random()`)
    .notNull(),
});

export const userStatistics = pgTable('user_statistics', {
  user_id: integer().primaryKey().notNull(),
  questions_answered: integer().default(0).notNull(),
  correct_answers: integer().default(0).notNull(),
  quizzes_played: integer().default(0).notNull(),
  updated_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const media = pgTable('media', {
  id: uuid().primaryKey().notNull(),
  owner_id: integer(),
  kind: text().notNull(),
  content_type: text().notNull(),
  bytes: bytea().notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const comprehensions = pgTable('comprehensions', {
  id: serial().primaryKey().notNull(),
  language_id: integer().notNull(),
  category_id: integer().notNull(),
  subcategory_id: integer(),
  slug: text().notNull(),
  title: text().notNull(),
  detail: text().notNull(),
  video_url: text().default('').notNull(),
  sort: integer().default(0).notNull(),
  status: smallint().default(1).notNull(),
});

export const playSessions = pgTable('play_sessions', {
  id: uuid().primaryKey().notNull(),
  user_id: integer().notNull(),
  mode: text().$type<SoloMode>().notNull(),
  language_id: integer().notNull(),
  category: text().default('').notNull(),
  subcategory: text().default('').notNull(),
  level: integer().default(0).notNull(),
  question_ids: integer().array().notNull(),
  /** Each question's stored answer, by question id (as text). */
  answer_key: jsonb().$type<Record<string, string>>().notNull(),
  started_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  deadline: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  finished_at: timestamp({ withTimezone: true, mode: 'string' }),
  result: jsonb().$type<QuizResult>(),
  /** Each question's type, by question id (as text). */
  question_types: jsonb().$type<Record<string, string>>().default({}).notNull(),
  seconds_per_question: integer().default(0).notNull(),
  total_seconds: integer().default(0).notNull(),
  rewards: boolean().default(true).notNull(),
  unit: text().default('').notNull(),
  max_level: integer().default(0).notNull(),
  sealed: boolean().default(false).notNull(),
  /** Bumped by every answer submit_answer stores: its write goes through only on the value it read. */
  answer_seq: integer().default(0).notNull(),
  /** The Idempotency-Key and request hash the session was graded under (submit_quiz_answers is self-keyed). */
  finish_key: text(),
  finish_hash: text(),
});

export const questionReports = pgTable('question_reports', {
  id: serial().primaryKey().notNull(),
  user_id: integer().notNull(),
  question_id: integer().notNull(),
  message: text().notNull(),
  status: text().default('open').notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  updated_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const randomBattleStreaks = pgTable('random_battle_streaks', {
  user_id: integer().primaryKey().notNull(),
  wins_in_row: integer().default(0).notNull(),
  best: integer().default(0).notNull(),
  updated_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const rooms = pgTable('rooms', {
  id: uuid().primaryKey().notNull(),
  kind: text().$type<RoomKind>().notNull(),
  status: text().$type<RoomStatus>().default('waiting').notNull(),
  code: text().default('').notNull(),
  owner_id: integer().notNull(),
  language_id: integer().notNull(),
  category: text().default('').notNull(),
  entry_fee: integer().default(0).notNull(),
  no_of_que: integer().notNull(),
  max_players: integer().notNull(),
  question_ids: integer().array().default([]).notNull(),
  answer_key: jsonb().$type<Record<string, string>>().default({}).notNull(),
  round_seconds: integer().default(15).notNull(),
  round: integer().default(0).notNull(),
  round_opens_at: timestamp({ withTimezone: true, mode: 'string' }),
  round_deadline: timestamp({ withTimezone: true, mode: 'string' }),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  started_at: timestamp({ withTimezone: true, mode: 'string' }),
  finished_at: timestamp({ withTimezone: true, mode: 'string' }),
  result: jsonb().$type<RoomResult>(),
  bot_plan: jsonb().default([]).notNull(),
  revealed_round: integer().default(0).notNull(),
});

export const paymentRequests = pgTable('payment_requests', {
  id: serial().primaryKey().notNull(),
  user_id: integer().notNull(),
  payment_type: text().notNull(),
  payment_address: text().notNull(),
  payment_amount: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull(),
  coin_used: integer().notNull(),
  details: text().default('').notNull(),
  status: text().default('pending').notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  settled_at: timestamp({ withTimezone: true, mode: 'string' }),
});

export const pushSubscriptions = pgTable('push_subscriptions', {
  id: serial().primaryKey().notNull(),
  user_id: integer().notNull(),
  endpoint: text().notNull(),
  p256dh: text().notNull(),
  auth: text().notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const exams = pgTable('exams', {
  id: serial().primaryKey().notNull(),
  language_id: integer().notNull(),
  title: text().notNull(),
  description: text().default('').notNull(),
  exam_key: text().notNull(),
  starts_on: date().notNull(),
  ends_on: date().notNull(),
  duration_minutes: integer().notNull(),
  status: smallint().default(1).notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const notifications = pgTable('notifications', {
  id: serial().primaryKey().notNull(),
  user_id: integer(),
  type: text().notNull(),
  params: jsonb().default({}).notNull(),
  title: text().default('').notNull(),
  message: text().default('').notNull(),
  link: text().default('').notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  pushed_at: timestamp({ withTimezone: true, mode: 'string' }),
  language_code: text(),
  broadcast_id: integer(),
  push_sent: integer().default(0).notNull(),
  push_failed: integer().default(0).notNull(),
});

export const contests = pgTable('contests', {
  id: serial().primaryKey().notNull(),
  language_id: integer().notNull(),
  name: text().notNull(),
  description: text().default('').notNull(),
  image: text().default('').notNull(),
  starts_at: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  ends_at: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  entry_fee: integer().default(0).notNull(),
  prizes: jsonb().default([]).notNull(),
  points_per_correct: integer().default(4).notNull(),
  speed_bonus: boolean().default(true).notNull(),
  seconds_per_question: integer().default(20).notNull(),
  status: smallint().default(1).notNull(),
  closed_at: timestamp({ withTimezone: true, mode: 'string' }),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const auditLog = pgTable('audit_log', {
  id: bigserial({ mode: 'bigint' }).primaryKey().notNull(),
  admin_id: integer(),
  action: text().notNull(),
  target: text().default('').notNull(),
  before: jsonb(),
  after: jsonb(),
  input: jsonb().default({}).notNull(),
  ip: text().default('').notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const notificationBroadcasts = pgTable('notification_broadcasts', {
  id: serial().primaryKey().notNull(),
  admin_id: integer(),
  audience: text().notNull(),
  language_code: text().default('').notNull(),
  user_id: integer(),
  title: text().notNull(),
  message: text().notNull(),
  recipients: integer().default(0).notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const trustEvents = pgTable('trust_events', {
  id: bigserial({ mode: 'bigint' }).primaryKey().notNull(),
  user_id: integer().notNull(),
  kind: text().notNull(),
  ref: text().default('').notNull(),
  detail: jsonb().default({}).notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const referrals = pgTable('referrals', {
  referee_id: integer().primaryKey().notNull(),
  referrer_id: integer().notNull(),
  code: text().notNull(),
  device_id: text().default('').notNull(),
  status: text().notNull(),
  reason: text().default('').notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  matured_at: timestamp({ withTimezone: true, mode: 'string' }),
});

export const playHints = pgTable('play_hints', {
  session_id: uuid().notNull(),
  question_id: integer().notNull(),
  hints: integer().notNull(),
});

export const dailyQuizzes = pgTable('daily_quizzes', {
  language_id: integer().notNull(),
  quiz_date: date().notNull(),
  question_ids: integer().array().notNull(),
});

export const bookmarks = pgTable('bookmarks', {
  user_id: integer().notNull(),
  question_id: integer().notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const lbScores = pgTable('lb_scores', {
  period: text().notNull(),
  user_id: integer().notNull(),
  // You can use { mode: "bigint" } if numbers are exceeding js number limitations
  score: bigint({ mode: 'number' }).notNull(),
});

export const lbBuckets = pgTable('lb_buckets', {
  period: text().notNull(),
  bucket: integer().notNull(),
  // You can use { mode: "bigint" } if numbers are exceeding js number limitations
  n: bigint({ mode: 'number' }).notNull(),
});

export const notificationReads = pgTable('notification_reads', {
  user_id: integer().notNull(),
  notification_id: integer().notNull(),
  read_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const examQuestions = pgTable('exam_questions', {
  exam_id: integer().notNull(),
  question_id: integer().notNull(),
  sort: integer().default(0).notNull(),
});

export const contestQuestions = pgTable('contest_questions', {
  contest_id: integer().notNull(),
  question_id: integer().notNull(),
  sort: integer().default(0).notNull(),
});

export const contactMarks = pgTable('contact_marks', {
  hash: text().notNull(),
  user_id: integer().notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const categoryStatistics = pgTable('category_statistics', {
  user_id: integer().notNull(),
  category: text().notNull(),
  questions_answered: integer().default(0).notNull(),
  correct_answers: integer().default(0).notNull(),
});

export const uiTranslations = pgTable('ui_translations', {
  language_code: text().notNull(),
  key: text().notNull(),
  value: text().notNull(),
  updated_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const levelProgress = pgTable('level_progress', {
  user_id: integer().notNull(),
  mode: text().notNull(),
  category: text().notNull(),
  subcategory: text().notNull(),
  unlocked_level: integer().default(1).notNull(),
});

export const playLifelines = pgTable('play_lifelines', {
  session_id: uuid().notNull(),
  lifeline: text().$type<Lifeline>().notNull(),
  question_id: integer().notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  /** What it showed: 50/50 the options removed, the audience poll its shares (none for the others). */
  revealed: jsonb().$type<{ removed?: string[]; poll?: PollShare[] }>().default({}).notNull(),
});

export const dailyQuizPlays = pgTable('daily_quiz_plays', {
  user_id: integer().notNull(),
  quiz_date: date().notNull(),
  session_id: uuid().notNull(),
  zone_offset: integer().default(0).notNull(),
  started_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const premiumUnlocks = pgTable('premium_unlocks', {
  user_id: integer().notNull(),
  type: smallint().notNull(),
  slug: text().notNull(),
  price: integer().notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const userBadges = pgTable('user_badges', {
  user_id: integer().notNull(),
  badge: text().notNull(),
  status: smallint().default(1).notNull(),
  unlocked_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  claimed_at: timestamp({ withTimezone: true, mode: 'string' }),
});

export const packServes = pgTable('pack_serves', {
  user_id: integer().notNull(),
  kind: text().notNull(),
  language_id: integer().notNull(),
  key_hash: text().notNull(),
  served_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const examAnswers = pgTable('exam_answers', {
  exam_id: integer().notNull(),
  user_id: integer().notNull(),
  question_id: integer().notNull(),
  answer: text(),
  // You can use { mode: "bigint" } if numbers are exceeding js number limitations
  revision: bigint({ mode: 'number' }).notNull(),
  saved_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const idempotencyKeys = pgTable('idempotency_keys', {
  user_id: integer().notNull(),
  key: text().notNull(),
  action: text().notNull(),
  request_hash: text().notNull(),
  status_code: integer().notNull(),
  reply: jsonb().notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const playAnswers = pgTable('play_answers', {
  session_id: uuid().notNull(),
  question_id: integer().notNull(),
  answer: text(),
  is_correct: boolean().notNull(),
  answered_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  elapsed_ms: integer().default(0).notNull(),
  fast: boolean().default(false).notNull(),
});

export const levelResults = pgTable('level_results', {
  user_id: integer().notNull(),
  mode: text().notNull(),
  category: text().notNull(),
  subcategory: text().notNull(),
  level: integer().notNull(),
  best_score: integer().default(0).notNull(),
  plays: integer().default(0).notNull(),
  cleared_at: timestamp({ withTimezone: true, mode: 'string' }),
});

export const roomAnswers = pgTable('room_answers', {
  room_id: uuid().notNull(),
  round: integer().notNull(),
  user_id: integer().notNull(),
  answer: text(),
  is_correct: boolean().notNull(),
  points: integer().notNull(),
  elapsed_ms: integer().notNull(),
  answered_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const contestAnswers = pgTable('contest_answers', {
  contest_id: integer().notNull(),
  user_id: integer().notNull(),
  question_id: integer().notNull(),
  answer: text(),
  is_correct: boolean().notNull(),
  points: integer().notNull(),
  elapsed_ms: integer().notNull(),
  answered_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const roomPlayers = pgTable('room_players', {
  room_id: uuid().notNull(),
  user_id: integer().notNull(),
  slot: integer().notNull(),
  is_bot: boolean().default(false).notNull(),
  state: text().$type<RoomSeat['state']>().default('connected').notNull(),
  correct: integer().default(0).notNull(),
  points: integer().default(0).notNull(),
  joined_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  disconnected_at: timestamp({ withTimezone: true, mode: 'string' }),
});

export const packVersions = pgTable('pack_versions', {
  kind: text().notNull(),
  scope_user_id: integer().default(0).notNull(),
  language_id: integer().notNull(),
  key_hash: text().notNull(),
  units: jsonb().notNull(),
  answer_key: jsonb().notNull(),
  question_types: jsonb().notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  served_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
});

export const examAttempts = pgTable('exam_attempts', {
  exam_id: integer().notNull(),
  user_id: integer().notNull(),
  question_ids: integer().array().notNull(),
  answer_key: jsonb().notNull(),
  question_types: jsonb().notNull(),
  question_marks: jsonb().notNull(),
  started_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  deadline: timestamp({ withTimezone: true, mode: 'string' }).notNull(),
  submitted_at: timestamp({ withTimezone: true, mode: 'string' }),
  rules_violated: boolean().default(false).notNull(),
  captured_question_ids: integer().array().default([]).notNull(),
  result: jsonb(),
});

export const contestPlays = pgTable('contest_plays', {
  contest_id: integer().notNull(),
  user_id: integer().notNull(),
  question_ids: integer().array().notNull(),
  answer_key: jsonb().notNull(),
  question_types: jsonb().notNull(),
  served: integer().default(1).notNull(),
  served_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  score: integer().default(0).notNull(),
  correct_answers: integer().default(0).notNull(),
  questions_attended: integer().default(0).notNull(),
  scored_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  started_at: timestamp({ withTimezone: true, mode: 'string' }).defaultNow().notNull(),
  finished_at: timestamp({ withTimezone: true, mode: 'string' }),
  rank: integer(),
  prize: integer().default(0).notNull(),
});

/** A table's row as the database hands it back: `Row<typeof users>['coins']` is a number. */
export type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
