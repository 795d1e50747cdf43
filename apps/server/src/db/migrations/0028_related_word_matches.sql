-- Related Pins (decision 046): the Pins the word index finds first for a
-- query, at most `n`, with the word index's hand-back capped for this call
-- alone (gin_fuzzy_search_limit), so that the related-Pins statement needs
-- no transaction of its own to set it. Not inlined (a function with SET never
-- is): it runs as its own plan, a bitmap scan of pins_search_idx.
CREATE FUNCTION related_word_matches(q tsquery, n int) RETURNS SETOF bigint
LANGUAGE sql STABLE PARALLEL SAFE
SET gin_fuzzy_search_limit = 2000
AS $$ SELECT id FROM pins WHERE search @@ q LIMIT n $$;
