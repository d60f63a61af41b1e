-- Web Push: each browser a player allowed notifications in, and which notifications have been
-- pushed (a notification is pushed once, by one node: the tickers claim them with SKIP LOCKED).
CREATE TABLE push_subscriptions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

ALTER TABLE notifications ADD COLUMN pushed_at timestamptz;
-- What existed before push is not pushed now.
UPDATE notifications SET pushed_at = now();
CREATE INDEX notifications_unpushed_idx ON notifications (id) WHERE pushed_at IS NULL;
