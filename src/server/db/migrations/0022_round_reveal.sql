-- Battle questions revealed per round (issue 20 §2): a round is announced with its countdown and
-- its question goes out only when it opens. `revealed_round` is the last round whose question
-- was sent; the round tickers of every node look for rounds due to open (one claims each, with
-- SKIP LOCKED) and answers are taken only for a revealed round. Rooms playing during the upgrade
-- get their open round's question sent once more (a repeat the apps ignore).
ALTER TABLE rooms ADD COLUMN revealed_round integer NOT NULL DEFAULT 0;
CREATE INDEX rooms_reveal_due_idx ON rooms (round_opens_at) WHERE status = 'playing' AND revealed_round < round;
