-- Live account changes (issue 21 §7): every coin movement and every notification made tells the
-- player's open apps at once. The database says so itself, with NOTIFY on `user_events`: it is
-- delivered only when the writing transaction commits (a rolled-back change tells nobody), in
-- commit order, to every server node that LISTENs — whichever code path, worker thread, job or
-- node wrote the row. Each node forwards it to the player's sockets it holds
-- (src/server/realtime/user-feed.ts). The payload stays tiny (NOTIFY caps it at 8000 bytes).
CREATE FUNCTION user_event_coins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_events',
    json_build_object('t', 'coins', 'u', NEW.user_id, 'coins', NEW.balance_after, 'id', NEW.id)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER coin_ledger_user_event AFTER INSERT ON coin_ledger
  FOR EACH ROW EXECUTE FUNCTION user_event_coins();

-- A broadcast (user_id NULL) goes to every node too; each node words it for the players it holds.
CREATE FUNCTION user_event_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_events',
    json_build_object('t', 'notification', 'u', NEW.user_id, 'id', NEW.id)::text);
  RETURN NULL;
END $$;
CREATE TRIGGER notifications_user_event AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION user_event_notification();
