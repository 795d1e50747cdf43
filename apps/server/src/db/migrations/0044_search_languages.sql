-- Search that understands (decision 084): stemming and accents in the six languages, Japanese by
-- substring, typo suggestions from a word list of public content, recent and trending searches.

-- The two contrib extensions, in public (every schema reaches them qualified). Servers or test
-- schemas migrating at once take turns here: CREATE EXTENSION is not safe to race.
SELECT pg_advisory_xact_lock(hashtextextended('pinboard:extensions', 0));
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

-- Text search configurations that drop accents before stemming: "café" and "cafe" are one word.
CREATE TEXT SEARCH CONFIGURATION pinboard_simple (COPY = pg_catalog.simple);
ALTER TEXT SEARCH CONFIGURATION pinboard_simple ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.simple;
CREATE TEXT SEARCH CONFIGURATION pinboard_english (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION pinboard_english ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.english_stem;
CREATE TEXT SEARCH CONFIGURATION pinboard_german (COPY = pg_catalog.german);
ALTER TEXT SEARCH CONFIGURATION pinboard_german ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.german_stem;
CREATE TEXT SEARCH CONFIGURATION pinboard_french (COPY = pg_catalog.french);
ALTER TEXT SEARCH CONFIGURATION pinboard_french ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.french_stem;
CREATE TEXT SEARCH CONFIGURATION pinboard_spanish (COPY = pg_catalog.spanish);
ALTER TEXT SEARCH CONFIGURATION pinboard_spanish ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.spanish_stem;
CREATE TEXT SEARCH CONFIGURATION pinboard_portuguese (COPY = pg_catalog.portuguese);
ALTER TEXT SEARCH CONFIGURATION pinboard_portuguese ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.portuguese_stem;

-- Index expressions run with only pg_catalog on the search path (PostgreSQL 17 on): these
-- functions keep the path of the schema they were made in, to find its configurations.
-- A language (an account locale: en-US, de, fr, es, pt-BR, ja) to its configuration; NULL is English,
-- the default locale. Japanese has no Snowball stemmer: its words are matched by substring.
CREATE FUNCTION pinboard_search_config(lang text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
SELECT CASE split_part(lower(coalesce(lang, 'en')), '-', 1) WHEN 'en' THEN 'pinboard_english'::regconfig WHEN 'de' THEN 'pinboard_german'::regconfig WHEN 'fr' THEN 'pinboard_french'::regconfig WHEN 'es' THEN 'pinboard_spanish'::regconfig WHEN 'pt' THEN 'pinboard_portuguese'::regconfig ELSE 'pinboard_simple'::regconfig END
$$;

-- The vector of a title (weight A) and a text (weight B): their words stemmed in a language, and
-- as they are, both without accents (a query in another language still finds the plain words).
-- What the expression indexes hold.
CREATE FUNCTION pinboard_stemmed(lang text, title text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
SELECT setweight(to_tsvector(pinboard_search_config(lang), coalesce(title, '')) || to_tsvector('pinboard_simple'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector(pinboard_search_config(lang), coalesce(body, '')) || to_tsvector('pinboard_simple'::regconfig, coalesce(body, '')), 'B')
$$;

-- The language of a Pin or board: 'ja' when its text has kana or kanji, else its pinner's or owner's
-- locale at write time; NULL (English) needs no write. Adding a column without default is instant;
-- only rows not in English are rewritten below.
ALTER TABLE pins ADD COLUMN search_lang text;
ALTER TABLE boards ADD COLUMN search_lang text;

CREATE FUNCTION pinboard_text_lang(owner_id bigint, t text) RETURNS text LANGUAGE sql STABLE AS $$
SELECT CASE WHEN t ~ '[\u3040-\u30ff\u3400-\u9fff]' THEN 'ja' ELSE (SELECT NULLIF(split_part(lower(u.locale), '-', 1), 'en') FROM users u WHERE u.id = owner_id) END
$$;

UPDATE pins p SET search_lang = pinboard_text_lang(p.pinner_id, coalesce(p.title, '') || ' ' || coalesce(p.description, ''))
FROM users u WHERE u.id = p.pinner_id AND (split_part(lower(u.locale), '-', 1) <> 'en' OR (coalesce(p.title, '') || ' ' || coalesce(p.description, '')) ~ '[\u3040-\u30ff\u3400-\u9fff]');
UPDATE boards b SET search_lang = pinboard_text_lang(b.owner_id, coalesce(b.name, '') || ' ' || coalesce(b.description, ''))
FROM users u WHERE u.id = b.owner_id AND (split_part(lower(u.locale), '-', 1) <> 'en' OR (coalesce(b.name, '') || ' ' || coalesce(b.description, '')) ~ '[\u3040-\u30ff\u3400-\u9fff]');

CREATE FUNCTION pins_set_search_lang() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.search_lang := pinboard_text_lang(NEW.pinner_id, coalesce(NEW.title, '') || ' ' || coalesce(NEW.description, '')); RETURN NEW; END
$$;
CREATE TRIGGER pins_search_lang BEFORE INSERT OR UPDATE OF title, description ON pins FOR EACH ROW EXECUTE FUNCTION pins_set_search_lang();
CREATE FUNCTION boards_set_search_lang() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.search_lang := pinboard_text_lang(NEW.owner_id, coalesce(NEW.name, '') || ' ' || coalesce(NEW.description, '')); RETURN NEW; END
$$;
CREATE TRIGGER boards_search_lang BEFORE INSERT OR UPDATE OF name, description ON boards FOR EACH ROW EXECUTE FUNCTION boards_set_search_lang();

-- Expression indexes: no table rewrite, one pass to build. People are in their own locale.
CREATE INDEX pins_search_stemmed_idx ON pins USING gin (pinboard_stemmed(search_lang, title, description));
CREATE INDEX boards_search_stemmed_idx ON boards USING gin (pinboard_stemmed(search_lang, name, description));
CREATE INDEX users_search_stemmed_idx ON users USING gin (pinboard_stemmed(locale, username || ' ' || full_name, about));

-- Japanese by substring (LIKE over trigrams), only over Japanese text.
CREATE INDEX pins_search_ja_idx ON pins USING gin ((coalesce(title, '') || ' ' || coalesce(description, '')) public.gin_trgm_ops) WHERE search_lang = 'ja';
CREATE INDEX boards_search_ja_idx ON boards USING gin ((coalesce(name, '') || ' ' || coalesce(description, '')) public.gin_trgm_ops) WHERE search_lang = 'ja';
CREATE INDEX users_search_ja_idx ON users USING gin (full_name public.gin_trgm_ops) WHERE locale = 'ja';

-- "Did you mean": the words of public content (refreshed hourly, search.service refreshWords),
-- looked up by trigram similarity.
CREATE TABLE search_words (
  word text PRIMARY KEY,
  ndoc integer NOT NULL
);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word public.gin_trgm_ops);

-- Searches of signed-in people: one row per person and term (lower-cased, spaces collapsed), the
-- latest time; their recent searches, and trends (terms of at least 5 people in a day).
CREATE TABLE search_history (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  term text NOT NULL,
  query text NOT NULL,
  searched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, term)
);
CREATE INDEX search_history_recent_idx ON search_history (user_id, searched_at DESC);
CREATE INDEX search_history_trend_idx ON search_history (searched_at, term);
