-- Who a token belongs to is kept in each node's memory for a moment (src/server/auth/token-cache.ts,
-- issue 24): the database says when that answer changes, whichever code path, job, CLI, operator's
-- SQL or node changed it. NOTIFY `auth_events` with the user's id is delivered when the writing
-- transaction commits, to every node that LISTENs; each drops what it keeps of that user.
-- Only what decides a token's answer: a token revoked, deleted or moved, a user's status or role
-- changed, a user deleted. The hourly last_used_at/expires_at bookkeeping does not notify.
CREATE FUNCTION auth_event_token() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('auth_events', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('auth_events', NEW.user_id::text);
    IF OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('auth_events', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER auth_tokens_auth_event AFTER UPDATE ON auth_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.expires_at > NEW.expires_at)
  EXECUTE FUNCTION auth_event_token();
-- A revoked token was announced when it was revoked, an expired one is refused by its kept expiry
-- (housekeeping deletes thousands of those).
CREATE TRIGGER auth_tokens_auth_event_delete AFTER DELETE ON auth_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now()) EXECUTE FUNCTION auth_event_token();

CREATE FUNCTION auth_event_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_events', OLD.id::text);
  RETURN NULL;
END $$;
CREATE TRIGGER users_auth_event AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION auth_event_user();
CREATE TRIGGER users_auth_event_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_event_user();
