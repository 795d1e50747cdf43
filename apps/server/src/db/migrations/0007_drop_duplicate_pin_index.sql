-- pins_feed_idx indexed exactly what pins_pkey indexes (a B-tree is read in
-- both directions): one index write less on every Pin insert, move and delete.
DROP INDEX IF EXISTS pins_feed_idx;
