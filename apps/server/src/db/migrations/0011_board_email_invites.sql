-- Board invites by email (decision 013). One row per invite link mailed: the
-- board, who sent it, the lower-cased address and the SHA-256 of the link's
-- random token (the token itself is never stored), valid for 14 days.
-- Redeeming the link turns it into the redeemer's pending board_invites row
-- and marks it used (used_at, redeemed_by_user_id).
-- Whether an address belongs to an account is never looked up: every address
-- gets a link, so inviting one reveals nothing about who is behind it.
CREATE TABLE board_email_invites (
  id bigint PRIMARY KEY,
  board_id bigint NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
  invited_by_user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  redeemed_by_user_id bigint REFERENCES users (id) ON DELETE SET NULL
);

-- At most one unused link per board and address.
CREATE UNIQUE INDEX board_email_invites_pending_key ON board_email_invites (board_id, email) WHERE used_at IS NULL;
CREATE INDEX board_email_invites_inviter_idx ON board_email_invites (invited_by_user_id);
