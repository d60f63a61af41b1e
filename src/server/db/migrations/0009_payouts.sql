-- Payout (redeem) requests. The coins are held (a coin_ledger debit) when the request is made;
-- an operator completes it (no coin change) or rejects it (refund once); the player may cancel
-- it while pending (refund once). Cancelled rows are kept for the record but not listed, and do
-- not count for the one-request-per-48-hours rule.
CREATE TABLE payment_requests (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  payment_type text NOT NULL,
  payment_address text NOT NULL,
  payment_amount numeric(14, 2) NOT NULL CHECK (payment_amount >= 0),
  coin_used integer NOT NULL CHECK (coin_used > 0),
  details text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'completed', 'rejected', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);

CREATE INDEX payment_requests_user ON payment_requests (user_id, id DESC);
CREATE INDEX payment_requests_pending ON payment_requests (id) WHERE status = 'pending';
