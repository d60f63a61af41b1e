-- Refer and earn: a new account that signed up with another player's code. Each account is
-- referred at most once (referee_id is the key); a code pays once per device (the partial
-- unique index), and never to a referrer on the device they signed up on (self-referral); a
-- sign-up that names no device is not paid (the device rule could not be checked).
ALTER TABLE users ADD COLUMN signup_device text NOT NULL DEFAULT '';

CREATE TABLE referrals (
  referee_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  referrer_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code text NOT NULL,
  device_id text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('paid', 'refused')),
  reason text NOT NULL DEFAULT '' CHECK (reason IN ('', 'self', 'device', 'no_device')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX referrals_code_device_paid ON referrals (code, device_id) WHERE status = 'paid' AND device_id <> '';
CREATE INDEX referrals_referrer_idx ON referrals (referrer_id);
