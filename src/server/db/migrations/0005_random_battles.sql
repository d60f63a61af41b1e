-- Random 1v1 battles and battles against the bot.

-- Against the bot: its answer for each round (answer, elapsed_ms), drawn when the room opens and
-- stored by the ticker once the round has been open that long.
ALTER TABLE rooms ADD COLUMN bot_plan jsonb NOT NULL DEFAULT '[]';

-- Matchmaking finds the oldest waiting random room of a language and category.
CREATE INDEX rooms_random_waiting_idx ON rooms (language_id, category, created_at)
  WHERE kind = 'random' AND status = 'waiting';
-- The ticker finds bot rooms whose bot still has to answer.
CREATE INDEX rooms_bot_playing_idx ON rooms (round_opens_at) WHERE kind = 'bot' AND status = 'playing';

-- Random battles won back to back: +1 on a win, back to 0 on a draw or a loss.
CREATE TABLE random_battle_streaks (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  wins_in_row integer NOT NULL DEFAULT 0 CHECK (wins_in_row >= 0),
  best integer NOT NULL DEFAULT 0 CHECK (best >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
