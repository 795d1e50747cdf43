-- The staff's admin page (decision 106). Each server's lease names the version it runs, for the list of servers
-- alive; leases taken before this migration show an empty version until their server restarts.
ALTER TABLE server_leases ADD COLUMN version text NOT NULL DEFAULT '';

-- The last 5xx answers of every server sharing this database: written after the answer, never in its way (a
-- failed write is dropped), and pruned on each write to the newest rows, so the table stays small.
CREATE TABLE server_errors (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  method text NOT NULL,
  -- The route's pattern (`/resource/:name/:action/`), or the path without its query when no route matched.
  route text NOT NULL,
  status smallint NOT NULL,
  request_id text NOT NULL,
  -- The server that answered: its leased worker id and host, as its row in server_leases names them.
  worker_id int NOT NULL,
  host text NOT NULL,
  message text NOT NULL
);
