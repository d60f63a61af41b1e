-- Exams (a key, rules, a duration, one attempt a player) and contests (scheduled, an entry
-- fee, one play a player, a live leaderboard, prizes paid once when they close). Their questions
-- are ordinary question rows in categories of their own types (7 exams, 8 contests), which no
-- other mode draws from.

CREATE TABLE exams (
  id serial PRIMARY KEY,
  language_id integer NOT NULL REFERENCES languages (id),
  title text NOT NULL,
  -- The rules and instructions shown before the key.
  description text NOT NULL DEFAULT '',
  exam_key text NOT NULL CHECK (length(exam_key) BETWEEN 1 AND 64),
  -- Local calendar days it is open on, wherever the player is (inclusive).
  starts_on date NOT NULL,
  ends_on date NOT NULL CHECK (ends_on >= starts_on),
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 1 AND 1440),
  status smallint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exams_open_idx ON exams (language_id, starts_on, ends_on) WHERE status = 1;

CREATE TABLE exam_questions (
  exam_id integer NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
  question_id integer NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (exam_id, question_id)
);

-- One attempt a player; the questions, answers and marks as they were when it started.
CREATE TABLE exam_attempts (
  exam_id integer NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  question_ids integer[] NOT NULL,
  answer_key jsonb NOT NULL,
  question_types jsonb NOT NULL,
  question_marks jsonb NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  deadline timestamptz NOT NULL,
  submitted_at timestamptz,
  rules_violated boolean NOT NULL DEFAULT false,
  captured_question_ids integer[] NOT NULL DEFAULT '{}',
  result jsonb,
  PRIMARY KEY (exam_id, user_id)
);
CREATE INDEX exam_attempts_user_idx ON exam_attempts (user_id, started_at DESC);

CREATE TABLE contests (
  id serial PRIMARY KEY,
  language_id integer NOT NULL REFERENCES languages (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  entry_fee integer NOT NULL DEFAULT 0 CHECK (entry_fee >= 0),
  -- [{rank, coins}], ranks from 1.
  prizes jsonb NOT NULL DEFAULT '[]',
  points_per_correct integer NOT NULL DEFAULT 4 CHECK (points_per_correct >= 0),
  speed_bonus boolean NOT NULL DEFAULT true,
  seconds_per_question integer NOT NULL DEFAULT 20 CHECK (seconds_per_question BETWEEN 5 AND 600),
  status smallint NOT NULL DEFAULT 1,
  -- Set once, in the transaction that ranks the players and pays the prizes.
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contests_time_idx ON contests (language_id, ends_at) WHERE status = 1;
CREATE INDEX contests_due_idx ON contests (ends_at) WHERE closed_at IS NULL;

CREATE TABLE contest_questions (
  contest_id integer NOT NULL REFERENCES contests (id) ON DELETE CASCADE,
  question_id integer NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (contest_id, question_id)
);

-- One play a player: the question served now (position `served`, 1-based) and its server time.
CREATE TABLE contest_plays (
  contest_id integer NOT NULL REFERENCES contests (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  question_ids integer[] NOT NULL,
  answer_key jsonb NOT NULL,
  question_types jsonb NOT NULL,
  served integer NOT NULL DEFAULT 1,
  served_at timestamptz NOT NULL DEFAULT now(),
  score integer NOT NULL DEFAULT 0 CHECK (score >= 0),
  correct_answers integer NOT NULL DEFAULT 0,
  questions_attended integer NOT NULL DEFAULT 0,
  -- When the score last changed: of equal scores, the earlier one gets a rounding coin.
  scored_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  rank integer,
  prize integer NOT NULL DEFAULT 0,
  PRIMARY KEY (contest_id, user_id)
);
CREATE INDEX contest_plays_board_idx ON contest_plays (contest_id, score DESC, scored_at, user_id);

CREATE TABLE contest_answers (
  contest_id integer NOT NULL,
  user_id integer NOT NULL,
  question_id integer NOT NULL,
  answer text,
  is_correct boolean NOT NULL,
  points integer NOT NULL,
  elapsed_ms integer NOT NULL,
  answered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (contest_id, user_id, question_id),
  FOREIGN KEY (contest_id, user_id) REFERENCES contest_plays (contest_id, user_id) ON DELETE CASCADE
);
