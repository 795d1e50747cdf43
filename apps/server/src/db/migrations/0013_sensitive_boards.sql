-- Boards that may contain sensitive content (decision 016). The owner marks a
-- board; people not on it see its cover blurred behind the spec's notice
-- 'This board may contain sensitive content' and its page's Pins behind the
-- same notice until they choose to show them.
ALTER TABLE boards ADD COLUMN is_sensitive boolean NOT NULL DEFAULT false;
