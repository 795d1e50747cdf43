-- Importing a Pinterest export (decision 094). One row per upload; the job on the queue works through its Pins.
-- status: queued (the job waits), running, done, failed (the file could not be read after it was accepted).
-- At most one queued or running import per person: the partial unique index is the rule, the API's 409 its answer.
CREATE TABLE imports (
  id bigint PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  board_privacy text NOT NULL CHECK (board_privacy IN ('public', 'secret')),
  -- The uploaded file in the media store (any server's worker reads it); null once the run is done and it is removed.
  file_key text,
  -- Pins in the export, known once the job has read it (0 until then).
  total integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX imports_user_idx ON imports (user_id, id DESC);
CREATE UNIQUE INDEX imports_one_open_idx ON imports (user_id) WHERE status IN ('queued', 'running');

-- A person's imported Pins by their Pinterest Pin id: the same Pin in any later export adds nothing.
-- pin_id goes null when the Pin is deleted; the Pinterest Pin still counts as imported.
CREATE TABLE import_pins (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pinterest_id text NOT NULL,
  pin_id bigint REFERENCES pins (id) ON DELETE SET NULL,
  import_id bigint NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, pinterest_id)
);
CREATE INDEX import_pins_pin_idx ON import_pins (pin_id) WHERE pin_id IS NOT NULL;

-- Each run's progress, one row per Pin of its export once handled: a run that starts again skips what has a row,
-- and the counts are read from these rows. outcome:
--   imported   a Pin was made
--   already    an earlier import made it (import_pins)
--   dead       the export marks it dead: never fetched
--   duplicate  the same image (or, without one, the same link) already on that board in this export
--   failed     its image could not be had (reason); `retry` keeps what a retry needs
CREATE TABLE import_items (
  import_id bigint NOT NULL REFERENCES imports (id) ON DELETE CASCADE,
  pinterest_id text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('imported', 'already', 'dead', 'duplicate', 'failed')),
  pin_url text NOT NULL DEFAULT '',
  title text NOT NULL DEFAULT '',
  reason text,
  retry jsonb,
  PRIMARY KEY (import_id, pinterest_id)
);
CREATE INDEX import_items_failed_idx ON import_items (import_id) WHERE outcome = 'failed';

-- Boards an import made or reused, by the export's board key (`id:<Board Id>`, else `name:<lower name>`), per person:
-- a later export's board with the same key goes to the same board. created_by: the import that made it.
CREATE TABLE import_boards (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  board_key text NOT NULL,
  board_id bigint NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
  created_by bigint REFERENCES imports (id) ON DELETE SET NULL,
  PRIMARY KEY (user_id, board_key)
);
CREATE INDEX import_boards_board_idx ON import_boards (board_id);
CREATE INDEX import_boards_created_idx ON import_boards (created_by) WHERE created_by IS NOT NULL;
