-- Live battles: seats that dropped (reconnect grace) and waiting rooms nobody is in any more.
-- room_players.disconnected_at (0004) is set when a seat's last socket closes and cleared when
-- the player joins again; the ticker turns seats disconnected past the grace into left.

-- The tickers find seats whose grace has run out.
CREATE INDEX room_players_disconnected_idx ON room_players (disconnected_at) WHERE state = 'disconnected';
-- The tickers find waiting rooms to dissolve (random ones past the search time, stale lobbies).
CREATE INDEX rooms_waiting_created_idx ON rooms (created_at) WHERE status = 'waiting';
