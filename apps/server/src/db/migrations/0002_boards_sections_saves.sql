-- Boards: custom order, board actions guard; users: quick-saves board.
ALTER TABLE boards ADD COLUMN position int NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN quicksave_board_id bigint REFERENCES boards (id) ON DELETE SET NULL;
CREATE INDEX boards_deleted_idx ON boards (deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX pins_boardless_idx ON pins (pinner_id, id DESC) WHERE board_id IS NULL;
CREATE INDEX pins_parent_idx ON pins (parent_pin_id) WHERE parent_pin_id IS NOT NULL;

-- One running bulk action (move, delete) per board at a time, across every
-- app server: a row here is the claim; a stale claim (a crashed action) may
-- be taken over after a minute.
CREATE TABLE board_action_claims (
  board_id bigint PRIMARY KEY,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
