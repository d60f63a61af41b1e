-- Notifications: to one player (user_id) or to everyone (user_id NULL). The server's own ones carry a type and params the app words in the player's
-- language; an operator's carry their title and message. Read state is per player.
CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type ~ '^[a-z_]{1,40}$'),
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  title text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  -- Where a click leads in the app (a path), '' for nowhere.
  link text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_broadcast_idx ON notifications (id DESC) WHERE user_id IS NULL;

CREATE TABLE notification_reads (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  notification_id integer NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, notification_id)
);
