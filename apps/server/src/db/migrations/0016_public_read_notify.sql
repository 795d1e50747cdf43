-- Signed-out reads are answered from memory (plugins/public-read-cache.ts);
-- any committed change to what they show says so on the channel
-- content_changed, and every server listening forgets what it kept. Tables
-- that no signed-out read shows carry no trigger; the list of them is
-- NOT_SHOWN_SIGNED_OUT in that plugin, and a test checks that every table is
-- in one group or the other.
-- (The body stays on one line: the migrator splits statements at a semicolon that ends a line.)
CREATE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM pg_notify('content_changed', ''); RETURN NULL; END
$$;

CREATE TRIGGER users_content_changed AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER boards_content_changed AFTER INSERT OR UPDATE OR DELETE ON boards FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER board_collaborators_content_changed AFTER INSERT OR UPDATE OR DELETE ON board_collaborators FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER board_sections_content_changed AFTER INSERT OR UPDATE OR DELETE ON board_sections FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER pins_content_changed AFTER INSERT OR UPDATE OR DELETE ON pins FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER follows_content_changed AFTER INSERT OR UPDATE OR DELETE ON follows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER board_follows_content_changed AFTER INSERT OR UPDATE OR DELETE ON board_follows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER blocks_content_changed AFTER INSERT OR UPDATE OR DELETE ON blocks FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER board_invites_content_changed AFTER INSERT OR UPDATE OR DELETE ON board_invites FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER board_email_invites_content_changed AFTER INSERT OR UPDATE OR DELETE ON board_email_invites FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER pin_tries_content_changed AFTER INSERT OR UPDATE OR DELETE ON pin_tries FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER collages_content_changed AFTER INSERT OR UPDATE OR DELETE ON collages FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
