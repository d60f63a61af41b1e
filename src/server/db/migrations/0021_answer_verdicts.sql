-- No answer key before the answer (issue 20 §2): online solo sessions are sealed (their questions
-- go out without answer or explanation) and graded one answer at a time by submit_answer.
--
-- sealed: the session's key never left the server; finishing it pays from play_answers only.
-- Offline pack plays (recorded when posted) keep sealed = false: their key is on the device.
ALTER TABLE play_sessions ADD COLUMN sealed boolean NOT NULL DEFAULT false;

-- Each stored answer keeps the time the server credited it (from the question's serving, or the
-- previous answer's verdict) and whether that was under the human floor: such an answer is shown
-- as given but earns nothing.
ALTER TABLE play_answers ADD COLUMN elapsed_ms integer NOT NULL DEFAULT 0;
ALTER TABLE play_answers ADD COLUMN fast boolean NOT NULL DEFAULT false;

-- When a player was first served each pack version (by its key's hash): a play of that version
-- posted sooner than its questions could have been read since pays nothing (implausible_pack).
CREATE TABLE pack_serves (
  user_id integer NOT NULL REFERENCES users (id),
  kind text NOT NULL,
  language_id integer NOT NULL,
  key_hash text NOT NULL,
  served_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, language_id, key_hash)
);
