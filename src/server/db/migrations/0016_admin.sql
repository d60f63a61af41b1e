-- Operator console (issue 8).
--
-- Every mutating admin action leaves one or more audit rows in its own transaction: who, which
-- action, what it was about (`target`, such as 'user:12' or 'question:40'), the state before and
-- after, the input as sent (secrets left out) and from where.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  admin_id integer REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL,
  target text NOT NULL DEFAULT '',
  before jsonb,
  after jsonb,
  input jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target, id DESC);

-- Notifications an operator composes: to everyone, to the players of one interface language, or
-- to one player. One notifications row per broadcast (user_id NULL, language_code for a language),
-- so a broadcast to a million players is one row; the push ticker counts what it delivered.
CREATE TABLE notification_broadcasts (
  id serial PRIMARY KEY,
  admin_id integer REFERENCES users (id) ON DELETE SET NULL,
  audience text NOT NULL CHECK (audience IN ('all', 'language', 'user')),
  language_code text NOT NULL DEFAULT '',
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  title text NOT NULL,
  message text NOT NULL,
  -- Players the broadcast reached when it was sent (active accounts in its audience).
  recipients integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE notifications ADD COLUMN language_code text;
ALTER TABLE notifications ADD COLUMN broadcast_id integer REFERENCES notification_broadcasts (id) ON DELETE SET NULL;
ALTER TABLE notifications ADD COLUMN push_sent integer NOT NULL DEFAULT 0;
ALTER TABLE notifications ADD COLUMN push_failed integer NOT NULL DEFAULT 0;

-- Interface translations an operator edits, over the shipped catalogues (locales/<code>.json).
CREATE TABLE ui_translations (
  language_code text NOT NULL,
  key text NOT NULL,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (language_code, key)
);
