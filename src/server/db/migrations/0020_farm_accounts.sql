-- Accounts that cannot be farmed (issue 20 §3).
--
-- Deleting an account no longer deletes its row: the row becomes a tombstone (personal data
-- erased, deleted_at set), so the money records stay attached to it. The money tables stop
-- cascading from users, so even a stray DELETE of a user with money records fails instead of
-- erasing the books.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
-- When the account proved an e-mail or phone (from the identity proof, never the client's word).
ALTER TABLE users ADD COLUMN contact_verified_at timestamptz;
-- The address the sign-up came from, for the payout review (other accounts on the same network).
ALTER TABLE users ADD COLUMN signup_ip text NOT NULL DEFAULT '';
-- The first account of a person who deleted theirs and signed up again: the payout window and
-- the minimum account age count from it.
ALTER TABLE users ADD COLUMN lineage_id integer REFERENCES users (id);
CREATE INDEX users_signup_device_idx ON users (signup_device) WHERE signup_device <> '';
CREATE INDEX users_signup_ip_idx ON users (signup_ip) WHERE signup_ip <> '';

-- Every provider puts an e-mail or phone into its proof only once it is verified, and the
-- profile keeps the proof's contact for e-mail and Google accounts and the phone of mobile ones.
UPDATE users SET contact_verified_at = created_at
  WHERE firebase_id NOT LIKE 'bot:%' AND (type IN ('email', 'mobile') OR email <> '');

-- Keyed hashes (HMAC with a server secret) of a deleted account's e-mail, phone and identity:
-- the same person signing up again is recognised without keeping who they were.
CREATE TABLE contact_marks (
  hash text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (hash, user_id)
);

-- Money records never go with a user row.
ALTER TABLE coin_ledger DROP CONSTRAINT coin_ledger_user_id_fkey,
  ADD CONSTRAINT coin_ledger_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id);
ALTER TABLE payment_requests DROP CONSTRAINT payment_requests_user_id_fkey,
  ADD CONSTRAINT payment_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id);
ALTER TABLE contest_plays DROP CONSTRAINT contest_plays_user_id_fkey,
  ADD CONSTRAINT contest_plays_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id);
ALTER TABLE room_players DROP CONSTRAINT room_players_user_id_fkey,
  ADD CONSTRAINT room_players_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id);
ALTER TABLE referrals DROP CONSTRAINT referrals_referee_id_fkey,
  ADD CONSTRAINT referrals_referee_id_fkey FOREIGN KEY (referee_id) REFERENCES users (id);
ALTER TABLE referrals DROP CONSTRAINT referrals_referrer_id_fkey,
  ADD CONSTRAINT referrals_referrer_id_fkey FOREIGN KEY (referrer_id) REFERENCES users (id);

-- Referrals wait ('pending') until the new account is real, then the server pays them once.
ALTER TABLE referrals DROP CONSTRAINT referrals_status_check,
  ADD CONSTRAINT referrals_status_check CHECK (status IN ('pending', 'paid', 'refused'));
ALTER TABLE referrals DROP CONSTRAINT referrals_reason_check,
  ADD CONSTRAINT referrals_reason_check
    CHECK (reason IN ('', 'self', 'device', 'no_device', 'returning', 'deleted', 'cap'));
ALTER TABLE referrals ADD COLUMN matured_at timestamptz;
-- A pending referral holds its device's slot as a paid one does.
DROP INDEX referrals_code_device_paid;
CREATE UNIQUE INDEX referrals_code_device_paid ON referrals (code, device_id)
  WHERE status IN ('pending', 'paid') AND device_id <> '';
CREATE INDEX referrals_pending_idx ON referrals (created_at) WHERE status = 'pending';
CREATE INDEX referrals_matured_idx ON referrals (referrer_id, matured_at) WHERE status = 'paid';
