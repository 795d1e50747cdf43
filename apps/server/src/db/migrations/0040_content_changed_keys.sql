-- content_changed names what changed (decision 064). The tables written most
-- (Pins, boards, people, sections, collaborators, comments, topics of Pins,
-- follows, tries) now say which rows a statement touched, as keys separated
-- by a space: `pin:<id> board:<id> user:<id> …`, from the row's own id (its
-- kind is the trigger's first argument) and the ids it refers to (board_id,
-- pin_id, interest_id; pinner_id, owner_id, user_id, author_id, follower_id,
-- followee_id name people). A server forgets only the answers that show one
-- of those ids (plugins/public-read-cache.ts).
-- Broad, `*`: a change to a column named after the kind (a board's privacy,
-- archiving, deletion, owner, moderation or ads-only mark; a person's private
-- profile or moderation), a delete on those tables, more than 200 keys, and
-- every table still on notify_content_changed (its empty payload: blocks,
-- invites, collages, topics, Today), whose changes no key names precisely.
-- A statement that touched no row says nothing.
-- (A line inside the body never ends with a semicolon: the migrator splits statements there.)
CREATE FUNCTION notify_content_keys() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text[] := '{}'; -- what the statement touched
  broad boolean := TG_OP = 'DELETE' AND TG_NARGS > 1; -- deleting a board or a person
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    keys := keys || ARRAY(SELECT content_keys_of(to_jsonb(o), TG_ARGV[0]) FROM old_rows o); -- before
  END IF; --
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    keys := keys || ARRAY(SELECT content_keys_of(to_jsonb(n), TG_ARGV[0]) FROM new_rows n); -- after
  END IF; --
  IF TG_OP = 'UPDATE' AND TG_NARGS > 1 AND NOT broad THEN
    broad := EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id, unnest(TG_ARGV[1:]) AS c
      WHERE to_jsonb(o) -> c IS DISTINCT FROM to_jsonb(n) -> c
    ); --
  END IF; --
  keys := ARRAY(SELECT DISTINCT k FROM unnest(keys) AS k ORDER BY k); --
  IF broad OR cardinality(keys) > 200 THEN
    PERFORM pg_notify('content_changed', '*'); --
  ELSIF cardinality(keys) > 0 THEN
    PERFORM pg_notify('content_changed', array_to_string(keys, ' ')); --
  END IF; --
  RETURN NULL; --
END
$$;

-- The keys of one row: its own id under its kind, and the ids it refers to.
CREATE FUNCTION content_keys_of(r jsonb, kind text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
SELECT CASE c WHEN 'id' THEN kind WHEN 'board_id' THEN 'board' WHEN 'pin_id' THEN 'pin' WHEN 'interest_id' THEN 'interest' ELSE 'user' END || ':' || (r ->> c)
FROM unnest(ARRAY['id', 'board_id', 'pin_id', 'interest_id', 'pinner_id', 'owner_id', 'user_id', 'author_id', 'follower_id', 'followee_id']) AS c
WHERE r ->> c IS NOT NULL
$$;

DROP TRIGGER users_content_changed ON users;
CREATE TRIGGER users_content_inserted AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('user', 'is_private_profile', 'moderation');
CREATE TRIGGER users_content_updated AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('user', 'is_private_profile', 'moderation');
CREATE TRIGGER users_content_deleted AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('user', 'is_private_profile', 'moderation');

DROP TRIGGER boards_content_changed ON boards;
CREATE TRIGGER boards_content_inserted AFTER INSERT ON boards REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('board', 'privacy', 'archived_at', 'deleted_at', 'owner_id', 'moderation', 'is_ads_only');
CREATE TRIGGER boards_content_updated AFTER UPDATE ON boards REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('board', 'privacy', 'archived_at', 'deleted_at', 'owner_id', 'moderation', 'is_ads_only');
CREATE TRIGGER boards_content_deleted AFTER DELETE ON boards REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('board', 'privacy', 'archived_at', 'deleted_at', 'owner_id', 'moderation', 'is_ads_only');

DROP TRIGGER pins_content_changed ON pins;
CREATE TRIGGER pins_content_inserted AFTER INSERT ON pins REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('pin');
CREATE TRIGGER pins_content_updated AFTER UPDATE ON pins REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('pin');
CREATE TRIGGER pins_content_deleted AFTER DELETE ON pins REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('pin');

DROP TRIGGER board_sections_content_changed ON board_sections;
CREATE TRIGGER board_sections_content_inserted AFTER INSERT ON board_sections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('section');
CREATE TRIGGER board_sections_content_updated AFTER UPDATE ON board_sections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('section');
CREATE TRIGGER board_sections_content_deleted AFTER DELETE ON board_sections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('section');

DROP TRIGGER board_collaborators_content_changed ON board_collaborators;
CREATE TRIGGER board_collaborators_content_inserted AFTER INSERT ON board_collaborators REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('collaborator');
CREATE TRIGGER board_collaborators_content_updated AFTER UPDATE ON board_collaborators REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('collaborator');
CREATE TRIGGER board_collaborators_content_deleted AFTER DELETE ON board_collaborators REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('collaborator');

DROP TRIGGER pin_comments_content_changed ON pin_comments;
CREATE TRIGGER pin_comments_content_inserted AFTER INSERT ON pin_comments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('comment');
CREATE TRIGGER pin_comments_content_updated AFTER UPDATE ON pin_comments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('comment');
CREATE TRIGGER pin_comments_content_deleted AFTER DELETE ON pin_comments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('comment');

DROP TRIGGER pin_interests_content_changed ON pin_interests;
CREATE TRIGGER pin_interests_content_inserted AFTER INSERT ON pin_interests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('pin_interest');
CREATE TRIGGER pin_interests_content_updated AFTER UPDATE ON pin_interests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('pin_interest');
CREATE TRIGGER pin_interests_content_deleted AFTER DELETE ON pin_interests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('pin_interest');

DROP TRIGGER follows_content_changed ON follows;
CREATE TRIGGER follows_content_inserted AFTER INSERT ON follows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('follow');
CREATE TRIGGER follows_content_updated AFTER UPDATE ON follows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('follow');
CREATE TRIGGER follows_content_deleted AFTER DELETE ON follows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('follow');

DROP TRIGGER board_follows_content_changed ON board_follows;
CREATE TRIGGER board_follows_content_inserted AFTER INSERT ON board_follows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('board_follow');
CREATE TRIGGER board_follows_content_updated AFTER UPDATE ON board_follows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('board_follow');
CREATE TRIGGER board_follows_content_deleted AFTER DELETE ON board_follows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('board_follow');

DROP TRIGGER pin_tries_content_changed ON pin_tries;
CREATE TRIGGER pin_tries_content_inserted AFTER INSERT ON pin_tries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('try');
CREATE TRIGGER pin_tries_content_updated AFTER UPDATE ON pin_tries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('try');
CREATE TRIGGER pin_tries_content_deleted AFTER DELETE ON pin_tries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_keys('try');
