-- A board's custom Pin order (decision 065). A Pin's place on its board is its rank, highest first:
-- board_rank when someone placed it by hand, else its id (ids grow with time, so a board nobody has
-- reordered reads newest first exactly as before, and a Pin saved later goes on top). A move writes
-- one row: the moved Pin's rank, between its new neighbours'.
ALTER TABLE pins ADD COLUMN board_rank double precision;

-- A Pin moved to another board lands on its top: just above the highest rank there (one index probe).
-- (The body stays on one line: the migrator splits statements at a semicolon that ends a line.)
CREATE FUNCTION pins_reset_board_rank() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.board_rank := (SELECT COALESCE(p.board_rank, p.id::double precision) + 1024 FROM pins p WHERE p.board_id = NEW.board_id ORDER BY COALESCE(p.board_rank, p.id::double precision) DESC, p.id DESC LIMIT 1); RETURN NEW; END
$$;
CREATE TRIGGER pins_reset_board_rank BEFORE UPDATE OF board_id ON pins FOR EACH ROW
  WHEN (OLD.board_id IS DISTINCT FROM NEW.board_id)
  EXECUTE FUNCTION pins_reset_board_rank();

CREATE INDEX pins_board_rank_idx ON pins (board_id, (COALESCE(board_rank, id::double precision)) DESC, id DESC);
CREATE INDEX pins_section_rank_idx ON pins (section_id, (COALESCE(board_rank, id::double precision)) DESC, id DESC) WHERE section_id IS NOT NULL;
