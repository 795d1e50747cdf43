-- Following boards (decision 089). The table is the foundation's (0001) and its writes already notify the
-- signed-out read cache (0040, keys board_id and user_id); a board's follower count and the block that ends
-- board follows look its follows up by board.
CREATE INDEX board_follows_board_idx ON board_follows (board_id, user_id);
