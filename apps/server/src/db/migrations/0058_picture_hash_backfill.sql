-- Hashing older pictures (decision 095): Pins made before migration 0052 have no perceptual hash. The hourly
-- housekeeping computes it from each one's stored original, oldest first, in batches; where it stopped is kept
-- here, so that a picture that cannot be read is passed over once, not read again every hour.
CREATE TABLE housekeeping_progress (
  task text PRIMARY KEY,
  last_id bigint NOT NULL
);
CREATE INDEX pins_phash_missing_idx ON pins (id) WHERE phash IS NULL AND media_base IS NOT NULL;
