-- Signed-in requests find their viewer in memory (plugins/session-cache.ts).
-- A session ended or changed on any server says so on the channel
-- session_changed, and every server forgets the sessions it kept; a change to
-- an account (its name, language, country, or its removal) already says so on
-- content_changed (migration 0016), which the cache listens to as well.
-- (The body stays on one line: the migrator splits statements at a semicolon that ends a line.)
CREATE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM pg_notify('session_changed', ''); RETURN NULL; END
$$;

CREATE TRIGGER sessions_session_changed AFTER UPDATE OR DELETE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_session_changed();
