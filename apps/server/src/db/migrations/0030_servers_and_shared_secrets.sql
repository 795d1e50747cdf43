-- Each running app server (decision 054): the worker id it leased for the id generator (one row per worker
-- id, so two live servers can never hold the same one), and its heartbeat, which renews the lease.
CREATE TABLE server_leases (
  worker_id int PRIMARY KEY CHECK (worker_id BETWEEN 0 AND 1023),
  instance_id text NOT NULL,
  host text NOT NULL,
  pid int NOT NULL,
  has_redis boolean NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Secrets every server must share (the tracking-id key), made once by the first server that needs one,
-- unless its environment variable is set.
CREATE TABLE shared_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
