-- submit_answer reads a session without a lock and stores an answer in one statement that bumps
-- answer_seq only while it is still the value read (src/server/domain/play/answer-verdict.ts):
-- two answers of one session sent at once cannot both be graded on the same uncredited time.
-- A constant default: no table rewrite.
ALTER TABLE play_sessions ADD COLUMN answer_seq integer NOT NULL DEFAULT 0;
