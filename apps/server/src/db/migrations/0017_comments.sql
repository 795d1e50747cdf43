-- Comments on Pins (docs/product/api-contract.md §8). A Pin's comment_count is kept by the
-- triggers below in the same transaction as every insert and delete, the
-- deletes that cascade from a removed person included, so it is always the
-- number of rows. Each Pin's owner may turn its comments off; a new Pin takes
-- its pinner's default (users.comments_default_off).
-- (Bodies stay on one line: the migrator splits statements at a semicolon that ends a line.)
ALTER TABLE users ADD COLUMN comments_default_off boolean NOT NULL DEFAULT false;
ALTER TABLE pins ADD COLUMN comments_enabled boolean NOT NULL DEFAULT true;

CREATE TABLE pin_comments (
  id bigint PRIMARY KEY,
  pin_id bigint NOT NULL REFERENCES pins (id) ON DELETE CASCADE,
  author_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 500),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Newest first, by keyset on the time-ordered id.
CREATE INDEX pin_comments_pin_idx ON pin_comments (pin_id, id DESC);
CREATE INDEX pin_comments_author_idx ON pin_comments (author_id);

CREATE FUNCTION pin_comments_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN IF TG_OP = 'INSERT' THEN UPDATE pins SET comment_count = comment_count + 1 WHERE id = NEW.pin_id; ELSE UPDATE pins SET comment_count = comment_count - 1 WHERE id = OLD.pin_id; END IF; RETURN NULL; END
$$;
CREATE TRIGGER pin_comments_count AFTER INSERT OR DELETE ON pin_comments FOR EACH ROW EXECUTE FUNCTION pin_comments_count();
CREATE TRIGGER pin_comments_content_changed AFTER INSERT OR UPDATE OR DELETE ON pin_comments FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();

-- A report may name the comment it is about (the reported person is its author).
ALTER TABLE user_reports ADD COLUMN comment_id bigint REFERENCES pin_comments (id) ON DELETE SET NULL;
