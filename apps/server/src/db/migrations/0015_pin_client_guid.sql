-- A client's id for the Pin it asked for (the Pin creation input's guid, or
-- the Idempotency-Key header of a create or a save): a retry of the same
-- request returns the Pin the first one made instead of making another.
ALTER TABLE pins ADD COLUMN client_guid text;
CREATE UNIQUE INDEX pins_client_guid_idx ON pins (pinner_id, client_guid) WHERE client_guid IS NOT NULL;
