-- Board invites: the owner (or a collaborator, when the board allows it)
-- invites people; an invite waits here until its invitee accepts (it then
-- becomes a board_collaborators row and leaves this table) or declines (it is
-- deleted). Rows already in board_collaborators stay accepted collaborators.
CREATE TABLE board_invites (
  id bigint PRIMARY KEY,
  board_id bigint NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
  invited_user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invited_by_user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contact_request_not_approved')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (board_id, invited_user_id)
);
CREATE INDEX board_invites_invitee_idx ON board_invites (invited_user_id, id DESC);

-- Who brought a collaborator in (NULL for those added before invites existed).
ALTER TABLE board_collaborators ADD COLUMN invited_by_user_id bigint REFERENCES users (id) ON DELETE SET NULL;
