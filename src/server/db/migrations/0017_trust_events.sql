-- Money you can trust (issue 20): what a scripted player tried, kept for the operator.
--
-- One row per suspicious event the server saw and refused to pay for (an answer faster than the
-- human floor, a pack played faster than it was served, a referral that has not matured, a login
-- locked for a source). The payout review reads the counts per player; nothing is ever deleted
-- with the account (the user row becomes a tombstone, see the account deletion).
CREATE TABLE trust_events (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_]{1,40}$'),
  ref text NOT NULL DEFAULT '',
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trust_events_user_idx ON trust_events (user_id, kind);
CREATE INDEX trust_events_created_idx ON trust_events (created_at DESC, id DESC);
