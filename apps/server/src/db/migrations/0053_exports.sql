-- Exports of one's own content (decision 096): one row per request; the job on the queue writes the ZIP into the
-- media store under `object_key` and marks the row done with its size, finish time and the end of its link's
-- 7 days. One export queued or running per person at a time (the partial unique index); the finished ones stay
-- listed for the settings page, their files deleted by the hourly housekeeping once expired.
CREATE TABLE exports (
  id bigint PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  object_key text,
  size_bytes bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  expires_at timestamptz,
  CHECK ((status = 'done') = (object_key IS NOT NULL AND finished_at IS NOT NULL AND expires_at IS NOT NULL))
);
CREATE INDEX exports_user_idx ON exports (user_id, id DESC);
CREATE UNIQUE INDEX exports_one_open_per_user ON exports (user_id) WHERE status IN ('queued', 'running');
