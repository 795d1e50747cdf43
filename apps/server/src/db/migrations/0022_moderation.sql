-- Staff, takedowns with the law configuration's facts, moderation decisions
-- with their statements of reasons, notices to both sides, and removed or
-- restricted content (decision 038).

-- Staff (employees) may read the moderation queue and decide. Another
-- migration may add the same column; both apply.
ALTER TABLE users ADD COLUMN IF NOT EXISTS is_employee boolean NOT NULL DEFAULT false;

-- A report names what it is about: a person, a Pin or a board (found from
-- the reported address), under which form and laws. Counter-notices are
-- reports too (appeal_of: the contested decision).
ALTER TABLE user_reports
  ADD COLUMN form text,
  ADD COLUMN laws text[] NOT NULL DEFAULT '{}',
  ADD COLUMN reporter_name text,
  ADD COLUMN reporter_email text,
  ADD COLUMN reporter_country text,
  ADD COLUMN content_date date,
  ADD COLUMN trusted_flagger boolean NOT NULL DEFAULT false,
  ADD COLUMN reported_pin_id bigint REFERENCES pins (id) ON DELETE SET NULL,
  ADD COLUMN reported_board_id bigint REFERENCES boards (id) ON DELETE SET NULL,
  ADD COLUMN appeal_of bigint,
  ADD COLUMN status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'decided'));
-- The queue: open reports, oldest first (ids are time-ordered).
CREATE INDEX user_reports_open_idx ON user_reports (id) WHERE status = 'open';

CREATE TABLE moderation_decisions (
  id bigint PRIMARY KEY,
  report_id bigint NOT NULL UNIQUE REFERENCES user_reports (id) ON DELETE CASCADE,
  decider_id bigint REFERENCES users (id) ON DELETE SET NULL,
  decision text NOT NULL CHECK (decision IN ('remove', 'restrict', 'no_action')),
  statement_of_reasons text NOT NULL,
  -- Copied from the report so that the transparency report needs no join and survives deletions.
  form text,
  laws text[] NOT NULL DEFAULT '{}',
  target_kind text NOT NULL CHECK (target_kind IN ('pin', 'board', 'user', 'none')),
  target_id bigint,
  affected_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  reported_at timestamptz NOT NULL,
  decided_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_decisions_decided_idx ON moderation_decisions (decided_at);

-- The in-app statement of reasons: one per person told (the affected person, the reporter).
CREATE TABLE moderation_notices (
  id bigint PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  decision_id bigint NOT NULL REFERENCES moderation_decisions (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('affected', 'reporter')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, decision_id)
);
CREATE INDEX moderation_notices_user_idx ON moderation_notices (user_id, id DESC);

-- Removed: answers 404 to everyone, its owner included. Restricted: seen by its owner only.
ALTER TABLE pins ADD COLUMN moderation text CHECK (moderation IN ('removed', 'restricted'));
ALTER TABLE boards ADD COLUMN moderation text CHECK (moderation IN ('removed', 'restricted'));

-- A removal takes images out of public view exactly like a board turning secret (decision 021).
DROP TRIGGER boards_media_visibility ON boards;
CREATE TRIGGER boards_media_visibility AFTER UPDATE OF privacy, deleted_at, owner_id, moderation OR DELETE ON boards
  FOR EACH STATEMENT EXECUTE FUNCTION notify_media_visibility();
DROP TRIGGER pins_media_visibility ON pins;
CREATE TRIGGER pins_media_visibility AFTER UPDATE OF board_id, pinner_id, media_base, moderation OR DELETE ON pins
  FOR EACH STATEMENT EXECUTE FUNCTION notify_media_visibility();
