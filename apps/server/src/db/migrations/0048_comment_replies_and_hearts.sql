-- Replies to comments and hearts on comments (decision 090).
-- A reply names its top-level comment in parent_id: one level, as on Pinterest
-- (a reply to a reply is filed under the top-level comment by the service).
-- Deleting a comment deletes its replies (the cascade; the count trigger of
-- 0017 runs for each row, so a Pin's comment_count stays the number of rows).
-- (Bodies stay on one line: the migrator splits statements at a semicolon that ends a line.)
ALTER TABLE pin_comments ADD COLUMN parent_id bigint REFERENCES pin_comments (id) ON DELETE CASCADE;
ALTER TABLE pin_comments ADD COLUMN heart_count integer NOT NULL DEFAULT 0;
-- A comment's replies, oldest first, by keyset on the time-ordered id.
CREATE INDEX pin_comments_parent_idx ON pin_comments (parent_id, id) WHERE parent_id IS NOT NULL;

-- One heart per person per comment. heart_count is kept by the trigger below in
-- the same transaction; its update of pin_comments is what tells the read cache
-- (the comment's content_changed keys name its Pin).
CREATE TABLE pin_comment_hearts (
  comment_id bigint NOT NULL REFERENCES pin_comments (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (comment_id, user_id)
);
CREATE INDEX pin_comment_hearts_user_idx ON pin_comment_hearts (user_id);

CREATE FUNCTION pin_comment_hearts_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN IF TG_OP = 'INSERT' THEN UPDATE pin_comments SET heart_count = heart_count + 1 WHERE id = NEW.comment_id; ELSE UPDATE pin_comments SET heart_count = heart_count - 1 WHERE id = OLD.comment_id; END IF; RETURN NULL; END
$$;
CREATE TRIGGER pin_comment_hearts_count AFTER INSERT OR DELETE ON pin_comment_hearts FOR EACH ROW EXECUTE FUNCTION pin_comment_hearts_count();
