-- Exam answers saved on the server as they are given (issue 21 §4): an attempt resumes on any
-- device with its answers, and the exam's submit grades what was saved (merged with the set the
-- device submits). One row per attempt and question; `revision` is the device's count of the
-- player's changes (its clock in ms), so a queued save arriving after a newer one changes nothing.
CREATE TABLE exam_answers (
  exam_id integer NOT NULL,
  user_id integer NOT NULL,
  question_id integer NOT NULL,
  answer text,
  revision bigint NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (exam_id, user_id, question_id),
  FOREIGN KEY (exam_id, user_id) REFERENCES exam_attempts (exam_id, user_id) ON DELETE CASCADE
);
