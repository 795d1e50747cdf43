-- Public images are served without a query (modules/media/media.policy.ts
-- keeps the set of images known to be public in each server's memory). Every
-- change that can take an image out of public view says so on the channel
-- media_visibility when its transaction commits, and every server listening
-- forgets what it knew. Statement-level triggers: one notice per statement,
-- folded into one per transaction by PostgreSQL.
-- (The body stays on one line: the migrator splits statements at a semicolon that ends a line.)
CREATE FUNCTION notify_media_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM pg_notify('media_visibility', ''); RETURN NULL; END
$$;

-- A board turned secret or protected, deleted, or given to another owner.
CREATE TRIGGER boards_media_visibility AFTER UPDATE OF privacy, deleted_at, owner_id OR DELETE ON boards
  FOR EACH STATEMENT EXECUTE FUNCTION notify_media_visibility();

-- A Pin moved to another board or profile, its image replaced, or deleted.
CREATE TRIGGER pins_media_visibility AFTER UPDATE OF board_id, pinner_id, media_base OR DELETE ON pins
  FOR EACH STATEMENT EXECUTE FUNCTION notify_media_visibility();

-- A profile turned private, a profile picture or cover replaced, an account deleted.
CREATE TRIGGER users_media_visibility AFTER UPDATE OF is_private_profile, image_url, cover_media_base OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_media_visibility();

-- Profile pictures are found by their address prefix.
CREATE INDEX users_image_url_prefix_idx ON users (image_url text_pattern_ops) WHERE image_url IS NOT NULL;
