-- Moderation decisions about people (decision 045). Removed: the person and
-- everything of theirs answers as missing to everyone (their profile to staff
-- only), and they cannot sign in. Restricted: their profile is left out of
-- people search, the sitemap and recommendations.
ALTER TABLE users ADD COLUMN moderation text CHECK (moderation IN ('removed', 'restricted'));
-- The few moderated people, looked up by the visibility rule.
CREATE INDEX users_moderated_idx ON users (id) WHERE moderation IS NOT NULL;

-- A removal takes the person's images out of public view, as a profile turning private does (decision 021).
DROP TRIGGER users_media_visibility ON users;
CREATE TRIGGER users_media_visibility AFTER UPDATE OF is_private_profile, image_url, cover_media_base, moderation OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_media_visibility();

-- A removed person cannot sign in to read the in-app notice: the mailed statement carries a
-- counter-notice link with a token, stored hashed, used once (with the notice's appeal).
ALTER TABLE moderation_notices ADD COLUMN appeal_token_hash text;
CREATE UNIQUE INDEX moderation_notices_appeal_token_idx ON moderation_notices (appeal_token_hash) WHERE appeal_token_hash IS NOT NULL;
