-- The round tickers look only for playing rooms whose round deadline has passed (a round that
-- everyone answered closes with the last answer).
CREATE INDEX rooms_playing_deadline_idx ON rooms (round_deadline) WHERE status = 'playing';
