-- A battle answer in one round trip: the hot path of live battles (every answer of every room)
-- was BEGIN, lock, insert, COMMIT. These functions do the same work inside the server.

-- The points of an answer: nothing when wrong, late (past the round's length) or at a negative
-- time; else the points for a correct answer and the best speed bonus whose window it made. The
-- same rule as answerPoints in src/core/rules/battle.ts (a test holds them equal).
CREATE FUNCTION battle_points(correct boolean, elapsed_ms double precision, points integer, bonuses jsonb,
  round_seconds integer)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN NOT correct OR elapsed_ms < 0 OR elapsed_ms > round_seconds * 1000 THEN 0
    ELSE points + coalesce((SELECT max((b ->> 'bonus')::integer) FROM jsonb_array_elements(bonuses) b
      WHERE elapsed_ms <= (b ->> 'within_ms')::double precision), 0) END
$$;

-- Records a player's answer to the open round of a room, stamped and scored by the database's
-- clock, with the room locked so the answers of one room queue up. Answers {round, waiting}: how
-- many players still in have not answered (0: the caller closes the round), or {refused: why}.
-- Each statement of a plpgsql function reads a fresh snapshot, so the count after the lock sees
-- every answer committed before it. The answer commits without waiting for the disk (a crash
-- loses at most the last answers; a settling battle commits in its own transaction).
CREATE FUNCTION battle_answer(p_room uuid, p_user integer, p_round integer, p_question integer, p_answer text,
  p_points integer, p_bonuses jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r record;
  seat text;
  at timestamptz;
  elapsed double precision;
  ok boolean;
  waiting integer;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  SELECT id, status, round, question_ids, answer_key, round_seconds, round_opens_at, round_deadline
    INTO r FROM rooms WHERE id = p_room FOR UPDATE;
  IF NOT FOUND THEN
    RETURN '{"refused": "not_found"}';
  END IF;
  SELECT state INTO seat FROM room_players WHERE room_id = p_room AND user_id = p_user;
  IF seat IS NULL THEN
    RETURN '{"refused": "not_found"}';
  ELSIF seat = 'left' THEN
    RETURN '{"refused": "left"}';
  ELSIF r.status <> 'playing' OR r.round <> p_round OR r.question_ids[r.round] IS DISTINCT FROM p_question THEN
    RETURN '{"refused": "not_open"}';
  END IF;
  at := clock_timestamp();
  elapsed := extract(epoch FROM at - r.round_opens_at) * 1000;
  IF elapsed < 0 THEN
    RETURN '{"refused": "not_yet"}';
  ELSIF at > r.round_deadline THEN
    RETURN '{"refused": "time_up"}';
  END IF;
  ok := (r.answer_key ->> p_question::text) = p_answer;
  INSERT INTO room_answers (room_id, round, user_id, answer, is_correct, points, elapsed_ms)
    VALUES (p_room, r.round, p_user, p_answer, ok, battle_points(ok, elapsed, p_points, p_bonuses, r.round_seconds),
      round(elapsed))
    ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN '{"refused": "answered"}';
  END IF;
  SELECT count(*) INTO waiting FROM room_players p
    WHERE p.room_id = p_room AND p.state <> 'left' AND NOT EXISTS (SELECT 1 FROM room_answers a
      WHERE a.room_id = p_room AND a.round = r.round AND a.user_id = p.user_id);
  RETURN jsonb_build_object('round', r.round, 'waiting', waiting);
END
$$;
