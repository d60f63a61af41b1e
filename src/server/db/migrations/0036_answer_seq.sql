-- submit_answer reads a session without a lock and stores an answer in one statement that bumps
-- answer_seq only while it is still the value read (src/server/domain/play/answer-verdict.ts):
-- two answers of one session sent at once cannot both be graded on the same uncredited time.
-- A constant default: no table rewrite.
ALTER TABLE play_sessions ADD COLUMN answer_seq integer NOT NULL DEFAULT 0;
-- submit_quiz_answers is self-keyed too: the session's stored result is its reply, so the
-- Idempotency-Key and request hash it was graded under are kept beside it (the same key with
-- another body: 409 idempotency_conflict) instead of a second copy of the reply in idempotency_keys.
ALTER TABLE play_sessions ADD COLUMN finish_key text, ADD COLUMN finish_hash text;
