-- Duplicates that hold (decision 095). Three layers on each Pin:
--   link_key: its link normalised (no scheme, no "www.", no trailing slash, no utm_*, fbclid, gclid or fragment;
--     query parameters sorted), made by the app (links.ts linkKey); NULL for a Pin without a link.
--   content_sha256: SHA-256 of the original bytes of an uploaded or fetched picture; a save copies its Pin's.
--   phash: a 64-bit perceptual hash of the picture (DCT, sharp-phash), as a signed bigint.
-- Nullable columns without defaults: adding them rewrites nothing, so the migration is quick on a large table.
-- Older Pins keep NULL hashes: their original bytes are gone (only re-encoded sizes are stored). Their links are keyed
-- by the hourly housekeeping in batches (pins.service keyOlderLinks), through pins_link_unkeyed_idx, which empties as it goes.
ALTER TABLE pins ADD COLUMN link_key text;
ALTER TABLE pins ADD COLUMN content_sha256 bytea;
ALTER TABLE pins ADD COLUMN phash bigint;

-- The rule the database holds: one person has one Pin of the same picture (same original bytes) on a board.
-- Two identical saves sent together: the second insert finds this index and does nothing, and is answered the first Pin.
CREATE UNIQUE INDEX pins_same_picture_idx ON pins (pinner_id, board_id, content_sha256)
  WHERE content_sha256 IS NOT NULL AND board_id IS NOT NULL;

-- "Already saved to …": a person's own Pins by picture or by link.
CREATE INDEX pins_pinner_content_idx ON pins (pinner_id, content_sha256) WHERE content_sha256 IS NOT NULL;
CREATE INDEX pins_pinner_link_key_idx ON pins (pinner_id, link_key) WHERE link_key IS NOT NULL;
CREATE INDEX pins_link_unkeyed_idx ON pins (id) WHERE link_key IS NULL AND link <> '';

-- Same picture elsewhere: exact by content hash, near by Hamming distance <= 7 over the perceptual hash.
-- Pigeonhole: the 64 bits are four 16-bit chunks; hashes within 7 bits differ in at most 1 bit of some chunk
-- (four chunks with 2 or more each would be 8 or more). A lookup probes each chunk with its value and its 16
-- one-bit neighbours (68 exact index probes), then checks the whole distance on the few candidates.
CREATE INDEX pins_content_idx ON pins (content_sha256) WHERE content_sha256 IS NOT NULL;
CREATE INDEX pins_phash_c0_idx ON pins (((phash >> 48) & 65535)) WHERE phash IS NOT NULL;
CREATE INDEX pins_phash_c1_idx ON pins (((phash >> 32) & 65535)) WHERE phash IS NOT NULL;
CREATE INDEX pins_phash_c2_idx ON pins (((phash >> 16) & 65535)) WHERE phash IS NOT NULL;
CREATE INDEX pins_phash_c3_idx ON pins ((phash & 65535)) WHERE phash IS NOT NULL;
