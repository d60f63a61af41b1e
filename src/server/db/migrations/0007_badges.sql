-- Badges a player has unlocked (a badge with no row is locked). The battles unlock Quiz Warrior
-- (spec §9: three random battle wins in a row); the economy adds the other badges, their
-- counters and rewards. status: 1 unlocked, 2 reward claimed.
CREATE TABLE user_badges (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  badge text NOT NULL CHECK (badge ~ '^[a-z_]{1,40}$'),
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
  unlocked_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  PRIMARY KEY (user_id, badge)
);
