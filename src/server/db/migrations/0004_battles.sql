-- Live battles: server-authoritative rooms, their seats and answers.

CREATE TABLE rooms (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('random', 'friend', 'bot', 'group')),
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'playing', 'finished', 'deleted')),
  -- Friend and group rooms: the code players join by (unique among rooms still waiting).
  code text NOT NULL DEFAULT '',
  owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  language_id integer NOT NULL,
  category text NOT NULL DEFAULT '',
  entry_fee integer NOT NULL DEFAULT 0 CHECK (entry_fee >= 0),
  no_of_que integer NOT NULL CHECK (no_of_que BETWEEN 1 AND 50),
  max_players integer NOT NULL CHECK (max_players BETWEEN 2 AND 4),
  question_ids integer[] NOT NULL DEFAULT '{}',
  -- Answers as the room opened; sent to players only as each round closes.
  answer_key jsonb NOT NULL DEFAULT '{}',
  -- Seconds each round lasts, fixed when the room opens.
  round_seconds integer NOT NULL DEFAULT 15 CHECK (round_seconds BETWEEN 1 AND 300),
  round integer NOT NULL DEFAULT 0,
  round_opens_at timestamptz,
  round_deadline timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  result jsonb
);
CREATE UNIQUE INDEX rooms_waiting_code_idx ON rooms (code) WHERE status = 'waiting' AND code <> '';
-- The tickers of every node find rounds that are due.
CREATE INDEX rooms_due_idx ON rooms (round_deadline) WHERE status = 'playing';

CREATE TABLE room_players (
  room_id uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  slot integer NOT NULL CHECK (slot BETWEEN 1 AND 4),
  is_bot boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'connected' CHECK (state IN ('connected', 'disconnected', 'left')),
  correct integer NOT NULL DEFAULT 0,
  points integer NOT NULL DEFAULT 0,
  joined_at timestamptz NOT NULL DEFAULT now(),
  disconnected_at timestamptz,
  PRIMARY KEY (room_id, user_id),
  UNIQUE (room_id, slot)
);
CREATE INDEX room_players_user_idx ON room_players (user_id, joined_at DESC);

CREATE TABLE room_answers (
  room_id uuid NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
  round integer NOT NULL,
  user_id integer NOT NULL,
  answer text,
  is_correct boolean NOT NULL,
  points integer NOT NULL,
  elapsed_ms integer NOT NULL,
  answered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (room_id, round, user_id)
);
