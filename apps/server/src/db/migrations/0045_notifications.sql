-- Notifications (decision 086): one row per recipient, kind and aggregation key ("Anna and 3 others saved
-- your Pin": pin_saved per Pin and day, follow per day...), its actors in notification_actors (newest first
-- by acted_at). A new actor on a read row makes it unread and moves it to the top (updated_at). What a row
-- names (Pin, board, comment) is checked again by notifications.policy.ts whenever it is read, so no foreign
-- key ties it: a deleted Pin simply stops being shown.
CREATE TABLE notifications (
  id bigint PRIMARY KEY,
  recipient_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  agg_key text NOT NULL,
  pin_id bigint,
  board_id bigint,
  comment_id bigint,
  -- What an actorless kind says (a campaign's new status, a moderation decision's id, an import's counts).
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  -- The weekly digest's last mail that carried it.
  digested_at timestamptz,
  UNIQUE (recipient_id, kind, agg_key)
);
-- Newest first by keyset: (updated_at, id).
CREATE INDEX notifications_recipient_idx ON notifications (recipient_id, updated_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (recipient_id) WHERE read_at IS NULL;

CREATE TABLE notification_actors (
  notification_id bigint NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  actor_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  acted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notification_id, actor_id)
);
CREATE INDEX notification_actors_actor_idx ON notification_actors (actor_id);

-- A person's choices per kind and channel; a missing row is the kind's default (notifications.policy.ts).
CREATE TABLE notification_settings (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  app boolean,
  email boolean,
  push boolean,
  PRIMARY KEY (user_id, kind)
);

-- When the weekly digest was last mailed to a person: once per person per week across all servers.
CREATE TABLE notification_digests (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);
