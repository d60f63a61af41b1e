-- Every solo mode: per-mode categories, question shapes, comprehension texts, lifelines, hints,
-- the daily quiz, premium unlocks, bookmarks and reports.

-- A slug names a category within its mode (the same slug may exist in two modes).
ALTER TABLE categories DROP CONSTRAINT categories_language_id_slug_key;
ALTER TABLE categories ADD CONSTRAINT categories_language_type_slug_key UNIQUE (language_id, type, slug);

ALTER TABLE questions DROP CONSTRAINT questions_type_check;
ALTER TABLE questions ADD CONSTRAINT questions_type_check
  CHECK (type IN ('mcq', 'true_false', 'multi_select', 'sequence', 'match', 'word'));
-- match: the right-hand items ({id, text}); the left-hand ones are `options`.
ALTER TABLE questions ADD COLUMN match_options jsonb NOT NULL DEFAULT '[]';

-- Fun and learn: a text to read, its questions point at it.
CREATE TABLE comprehensions (
  id serial PRIMARY KEY,
  language_id integer NOT NULL REFERENCES languages (id),
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  subcategory_id integer REFERENCES subcategories (id) ON DELETE CASCADE,
  slug text NOT NULL,
  title text NOT NULL,
  detail text NOT NULL,
  video_url text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  status smallint NOT NULL DEFAULT 1,
  UNIQUE (category_id, slug)
);
ALTER TABLE questions ADD COLUMN comprehension_id integer REFERENCES comprehensions (id) ON DELETE CASCADE;
CREATE INDEX questions_comprehension_idx ON questions (comprehension_id) WHERE comprehension_id IS NOT NULL;
-- A fixed random order: draws read a window of it from a random start (a few rows, however
-- large the pool) instead of sorting a whole pool by random().
ALTER TABLE questions ADD COLUMN shuffle_key double precision NOT NULL DEFAULT random();
CREATE INDEX questions_type_shuffle_idx ON questions (language_id, type, shuffle_key) WHERE status = 1;
CREATE INDEX questions_language_shuffle_idx ON questions (language_id, shuffle_key) WHERE status = 1;
CREATE INDEX questions_category_shuffle_idx ON questions (category_id, shuffle_key) WHERE status = 1;

-- What a session needs beyond quiz zone's columns.
ALTER TABLE play_sessions ADD COLUMN question_types jsonb NOT NULL DEFAULT '{}';
ALTER TABLE play_sessions ADD COLUMN seconds_per_question integer NOT NULL DEFAULT 0;
ALTER TABLE play_sessions ADD COLUMN total_seconds integer NOT NULL DEFAULT 0;
ALTER TABLE play_sessions ADD COLUMN rewards boolean NOT NULL DEFAULT true;
-- The reward unit (fun-and-learn text slug, daily date) where category/subcategory/level are not enough.
ALTER TABLE play_sessions ADD COLUMN unit text NOT NULL DEFAULT '';
-- Levels or rounds of the subcategory in the edition played, as the session opened.
ALTER TABLE play_sessions ADD COLUMN max_level integer NOT NULL DEFAULT 0;
CREATE INDEX play_sessions_mode_idx ON play_sessions (user_id, mode, finished_at);

CREATE TABLE play_lifelines (
  session_id uuid NOT NULL REFERENCES play_sessions (id) ON DELETE CASCADE,
  lifeline text NOT NULL CHECK (lifeline IN ('fifty_fifty', 'audience_poll', 'reset_timer', 'skip')),
  question_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, lifeline)
);

CREATE TABLE play_hints (
  session_id uuid NOT NULL REFERENCES play_sessions (id) ON DELETE CASCADE,
  question_id integer NOT NULL,
  hints integer NOT NULL CHECK (hints >= 1),
  PRIMARY KEY (session_id, question_id)
);

-- The operator's daily quiz per language and date (a deterministic draw when none is set).
CREATE TABLE daily_quizzes (
  language_id integer NOT NULL REFERENCES languages (id) ON DELETE CASCADE,
  quiz_date date NOT NULL,
  question_ids integer[] NOT NULL,
  PRIMARY KEY (language_id, quiz_date)
);

-- One daily quiz per player and local date.
CREATE TABLE daily_quiz_plays (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  quiz_date date NOT NULL,
  session_id uuid NOT NULL REFERENCES play_sessions (id) ON DELETE CASCADE,
  -- The player's UTC offset when they opened it: a change of zone waits a day (no farming).
  zone_offset integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, quiz_date)
);
CREATE INDEX daily_quiz_plays_session_idx ON daily_quiz_plays (session_id);

CREATE TABLE premium_unlocks (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type smallint NOT NULL,
  slug text NOT NULL,
  price integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, type, slug)
);

CREATE TABLE bookmarks (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  question_id integer NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, question_id)
);
CREATE INDEX bookmarks_question_idx ON bookmarks (question_id);

CREATE TABLE question_reports (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  question_id integer NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  message text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'fixed', 'dismissed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A player has one open report per question; reporting again updates its reason.
CREATE UNIQUE INDEX question_reports_open_idx ON question_reports (user_id, question_id) WHERE status = 'open';
CREATE INDEX question_reports_question_idx ON question_reports (question_id);
CREATE INDEX question_reports_status_idx ON question_reports (status, created_at DESC);
