-- Moderation of comments (decision 057): a decision about a reported comment
-- acts on that comment, not on its author's account. A removed comment is
-- shown to no one, a restricted one to its author alone (comments.policy);
-- nothing is deleted, so a counter-notice can bring it back. Staff see a
-- reported Pin's image in the queue (media.policy): reports by Pin are indexed.
ALTER TABLE pin_comments ADD COLUMN moderation text CHECK (moderation IN ('removed', 'restricted'));

-- A comment report keeps naming its comment after the comment is deleted, so
-- that it never falls back to a report of the author (which would take a
-- decision about the whole account).
ALTER TABLE user_reports DROP CONSTRAINT IF EXISTS user_reports_comment_id_fkey;
CREATE INDEX user_reports_comment_idx ON user_reports (comment_id) WHERE comment_id IS NOT NULL;

ALTER TABLE moderation_decisions DROP CONSTRAINT IF EXISTS moderation_decisions_target_kind_check;
ALTER TABLE moderation_decisions ADD CONSTRAINT moderation_decisions_target_kind_check CHECK (target_kind IN ('pin', 'board', 'user', 'comment', 'none'));
CREATE INDEX user_reports_pin_idx ON user_reports (reported_pin_id) WHERE reported_pin_id IS NOT NULL;
