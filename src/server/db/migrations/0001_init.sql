-- Foundation schema: accounts, auth, settings, content, play sessions, coin ledger.

CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE languages (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  rtl boolean NOT NULL DEFAULT false,
  is_default boolean NOT NULL DEFAULT false,
  status smallint NOT NULL DEFAULT 1
);

-- ---------------------------------------------------------------- accounts
CREATE TABLE users (
  id serial PRIMARY KEY,
  firebase_id text NOT NULL UNIQUE,
  name text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  mobile text NOT NULL DEFAULT '',
  profile text NOT NULL DEFAULT '',
  type text NOT NULL CHECK (type IN ('email', 'mobile', 'gmail')),
  fcm_id text NOT NULL DEFAULT '',
  coins integer NOT NULL DEFAULT 0 CHECK (coins >= 0),
  score bigint NOT NULL DEFAULT 0 CHECK (score >= 0),
  refer_code text NOT NULL UNIQUE,
  friends_code text NOT NULL DEFAULT '',
  web_language text NOT NULL DEFAULT 'en',
  role text NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'admin')),
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  deactivation_reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_email_idx ON users (lower(email)) WHERE email <> '';

-- Local identity provider: e-mail and password accounts (phone and Google need no row).
CREATE TABLE local_accounts (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  name text NOT NULL DEFAULT '',
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One-time codes (e-mail verification, password reset, phone OTP); only hashes are kept.
CREATE TABLE verification_codes (
  id serial PRIMARY KEY,
  target text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password', 'login_otp')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_codes_target_idx ON verification_codes (target, purpose, created_at DESC);

CREATE TABLE auth_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id);

-- Messages kept for the dev outbox (development and tests only).
CREATE TABLE outbox (
  id serial PRIMARY KEY,
  recipient text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  code text NOT NULL DEFAULT '',
  subject text NOT NULL DEFAULT '',
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_recipient_idx ON outbox (recipient, id DESC);

CREATE TABLE idempotency_keys (
  user_id integer NOT NULL,
  key text NOT NULL,
  action text NOT NULL,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  reply jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- ---------------------------------------------------------------- economy
CREATE TABLE coin_ledger (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  delta integer NOT NULL CHECK (delta <> 0),
  reason text NOT NULL,
  ref text NOT NULL DEFAULT '',
  op_id text NOT NULL,
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, op_id)
);
CREATE INDEX coin_ledger_user_idx ON coin_ledger (user_id, id DESC);

CREATE TABLE score_events (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  points integer NOT NULL CHECK (points > 0),
  mode text NOT NULL,
  ref text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, mode, ref)
);
CREATE INDEX score_events_created_idx ON score_events (created_at);

-- ---------------------------------------------------------------- content
CREATE TABLE categories (
  id serial PRIMARY KEY,
  language_id integer NOT NULL REFERENCES languages (id),
  type smallint NOT NULL DEFAULT 1,
  slug text NOT NULL,
  name text NOT NULL,
  image text NOT NULL DEFAULT '',
  premium_price integer NOT NULL DEFAULT 0 CHECK (premium_price >= 0),
  sort integer NOT NULL DEFAULT 0,
  status smallint NOT NULL DEFAULT 1,
  UNIQUE (language_id, slug)
);

CREATE TABLE subcategories (
  id serial PRIMARY KEY,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  slug text NOT NULL,
  name text NOT NULL,
  image text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  status smallint NOT NULL DEFAULT 1,
  UNIQUE (category_id, slug)
);

CREATE TABLE questions (
  id serial PRIMARY KEY,
  language_id integer NOT NULL REFERENCES languages (id),
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  subcategory_id integer REFERENCES subcategories (id) ON DELETE CASCADE,
  level integer NOT NULL DEFAULT 1 CHECK (level >= 1),
  type text NOT NULL CHECK (type IN ('mcq', 'true_false', 'multi_select', 'sequence', 'match')),
  question text NOT NULL,
  options jsonb NOT NULL,
  answer jsonb NOT NULL,
  explanation text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  audio text NOT NULL DEFAULT '',
  latex boolean NOT NULL DEFAULT false,
  marks integer NOT NULL DEFAULT 1 CHECK (marks >= 0),
  status smallint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX questions_level_idx ON questions (subcategory_id, level) WHERE status = 1;
CREATE INDEX questions_category_idx ON questions (category_id, level) WHERE status = 1;

-- ---------------------------------------------------------------- play
CREATE TABLE play_sessions (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mode text NOT NULL,
  language_id integer NOT NULL,
  category text NOT NULL DEFAULT '',
  subcategory text NOT NULL DEFAULT '',
  level integer NOT NULL DEFAULT 0,
  question_ids integer[] NOT NULL,
  -- The answers as they were when the session opened: later edits do not change grading.
  answer_key jsonb NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  deadline timestamptz NOT NULL,
  finished_at timestamptz,
  result jsonb
);
CREATE INDEX play_sessions_user_idx ON play_sessions (user_id, started_at DESC);

CREATE TABLE play_answers (
  session_id uuid NOT NULL REFERENCES play_sessions (id) ON DELETE CASCADE,
  question_id integer NOT NULL,
  answer text,
  is_correct boolean NOT NULL,
  answered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, question_id)
);

CREATE TABLE level_progress (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mode text NOT NULL,
  category text NOT NULL,
  subcategory text NOT NULL,
  unlocked_level integer NOT NULL DEFAULT 1 CHECK (unlocked_level >= 1),
  PRIMARY KEY (user_id, mode, category, subcategory)
);

CREATE TABLE level_results (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mode text NOT NULL,
  category text NOT NULL,
  subcategory text NOT NULL,
  level integer NOT NULL,
  best_score integer NOT NULL DEFAULT 0,
  plays integer NOT NULL DEFAULT 0,
  cleared_at timestamptz,
  PRIMARY KEY (user_id, mode, category, subcategory, level)
);

CREATE TABLE user_statistics (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  questions_answered integer NOT NULL DEFAULT 0,
  correct_answers integer NOT NULL DEFAULT 0,
  quizzes_played integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE category_statistics (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category text NOT NULL,
  questions_answered integer NOT NULL DEFAULT 0,
  correct_answers integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, category)
);
