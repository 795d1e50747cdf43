-- Search at scale (decision 092). The stemmed vector of a Pin (migration 0044's pinboard_stemmed) is
-- stored, so a search can walk the newest Pins by primary key and test each against the query without
-- stemming its text again: a common word then needs a few hundred rows, not every match. The GIN
-- index moves from the expression to the column (the same content: rare words still use it).
-- Generated columns are computed after BEFORE triggers, so search_lang (pins_search_lang) is set first.
ALTER TABLE pins ADD COLUMN search_stemmed tsvector GENERATED ALWAYS AS (pinboard_stemmed(search_lang, title, description)) STORED;
DROP INDEX pins_search_stemmed_idx;
CREATE INDEX pins_search_stemmed_idx ON pins USING gin (search_stemmed);
-- The planner's word frequencies for the new column (it chooses the walk or the index by them).
ANALYZE pins (search_stemmed);
