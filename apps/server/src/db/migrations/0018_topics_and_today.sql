-- Topics (interests), the topics of Pins, interest follows, and Today articles (decision 030).
--
-- The catalogue: the 14 idea categories of the side navigation (ids 1-14)
-- and a few sub-topics under each (ids from 1001). `words` is the plain rule
-- that puts a Pin under a topic: a Pin belongs to a sub-topic when its title
-- or description holds one of the sub-topic's words (the Pin's `search`
-- vector, 'simple' configuration, so no stemming and nothing to download),
-- and to a category when its board's category is that category or it holds
-- one of the category's words (its own and all of its sub-topics').
CREATE TABLE interests (
  id bigint PRIMARY KEY,
  parent_id bigint REFERENCES interests (id),
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  position int NOT NULL,
  words text NOT NULL,
  match tsquery GENERATED ALWAYS AS (to_tsquery('simple', words)) STORED
);
CREATE INDEX interests_parent_idx ON interests (parent_id, position);

INSERT INTO interests (id, parent_id, slug, name, position, words) VALUES
  (1, NULL, 'art', 'Art', 0, 'art | artwork | artist | museum | gallery | painting | paintings | watercolor | watercolour | acrylic | canvas | drawing | drawings | sketch | sketches | illustration | pencil | photography | photo | photos | camera | sculpture | sculptures | ceramics | pottery'),
  (1001, 1, 'painting', 'Painting', 0, 'painting | paintings | watercolor | watercolour | acrylic | canvas'),
  (1002, 1, 'drawing', 'Drawing', 1, 'drawing | drawings | sketch | sketches | illustration | pencil'),
  (1003, 1, 'photography', 'Photography', 2, 'photography | photo | photos | camera'),
  (1004, 1, 'sculpture', 'Sculpture', 3, 'sculpture | sculptures | ceramics | pottery'),
  (2, NULL, 'beauty', 'Beauty', 1, 'beauty | selfcare | makeup | lipstick | eyeshadow | mascara | skincare | skin | serum | moisturizer | hair | hairstyle | hairstyles | braids | nails | nail | manicure'),
  (1005, 2, 'makeup', 'Makeup', 0, 'makeup | lipstick | eyeshadow | mascara'),
  (1006, 2, 'skincare', 'Skincare', 1, 'skincare | skin | serum | moisturizer'),
  (1007, 2, 'hairstyles', 'Hairstyles', 2, 'hair | hairstyle | hairstyles | braids'),
  (1008, 2, 'nails', 'Nails', 3, 'nails | nail | manicure'),
  (3, NULL, 'food-and-drink', 'Food and drink', 2, 'food | drink | cooking | baking | cake | cakes | bread | cookies | sourdough | loaves | recipe | recipes | dinner | dinners | lunch | soup | pasta | coffee | tea | cocktail | cocktails | smoothie | dessert | desserts | chocolate | icecream'),
  (1009, 3, 'baking', 'Baking', 0, 'baking | cake | cakes | bread | cookies | sourdough | loaves'),
  (1010, 3, 'recipes', 'Recipes', 1, 'recipe | recipes | dinner | dinners | lunch | soup | pasta'),
  (1011, 3, 'drinks', 'Drinks', 2, 'coffee | tea | cocktail | cocktails | smoothie'),
  (1012, 3, 'desserts', 'Desserts', 3, 'dessert | desserts | chocolate | icecream'),
  (4, NULL, 'design', 'Design', 3, 'design | designer | typography | type | font | fonts | lettering | architecture | building | buildings | colour | color | colours | colors | palette | palettes'),
  (1013, 4, 'typography', 'Typography', 0, 'typography | type | font | fonts | lettering'),
  (1014, 4, 'architecture', 'Architecture', 1, 'architecture | building | buildings'),
  (1015, 4, 'colour-palettes', 'Colour palettes', 2, 'colour | color | colours | colors | palette | palettes'),
  (5, NULL, 'womens-fashion', 'Women''s fashion', 4, 'fashion | style | dress | dresses | skirt | outfit | outfits | vintage | jewelry | jewellery | earrings | necklace | handbag'),
  (1016, 5, 'dresses', 'Dresses', 0, 'dress | dresses | skirt'),
  (1017, 5, 'outfits', 'Outfits', 1, 'outfit | outfits | vintage'),
  (1018, 5, 'accessories', 'Accessories', 2, 'jewelry | jewellery | earrings | necklace | handbag'),
  (6, NULL, 'mens-fashion', 'Men''s fashion', 5, 'menswear | suit | suits | tailoring | sneakers | shoes | boots | jacket | jackets | coat | coats'),
  (1019, 6, 'suits', 'Suits', 0, 'suit | suits | tailoring'),
  (1020, 6, 'sneakers', 'Sneakers', 1, 'sneakers | shoes | boots'),
  (1021, 6, 'jackets', 'Jackets', 2, 'jacket | jackets | coat | coats'),
  (7, NULL, 'home-decor', 'Home decor', 6, 'home | decor | interior | interiors | living | sofa | sofas | couch | lighting | kitchen | kitchens | plant | plants | houseplant | houseplants | small | tiny | studio'),
  (1022, 7, 'living-rooms', 'Living rooms', 0, 'living | sofa | sofas | couch | lighting'),
  (1023, 7, 'kitchens', 'Kitchens', 1, 'kitchen | kitchens'),
  (1024, 7, 'houseplants', 'Houseplants', 2, 'plant | plants | houseplant | houseplants'),
  (1025, 7, 'small-spaces', 'Small spaces', 3, 'small | tiny | studio'),
  (8, NULL, 'diy-and-crafts', 'DIY and crafts', 7, 'diy | craft | crafts | handmade | woodworking | wood | workshop | tools | knitting | knit | crochet | yarn | upcycling | upcycled | recycled'),
  (1026, 8, 'woodworking', 'Woodworking', 0, 'woodworking | wood | workshop | tools'),
  (1027, 8, 'knitting', 'Knitting', 1, 'knitting | knit | crochet | yarn'),
  (1028, 8, 'upcycling', 'Upcycling', 2, 'upcycling | upcycled | recycled'),
  (9, NULL, 'fitness-and-exercise', 'Fitness and exercise', 8, 'fitness | exercise | yoga | stretching | pilates | running | run | marathon | trail | workout | workouts | gym | strength'),
  (1029, 9, 'yoga', 'Yoga', 0, 'yoga | stretching | pilates'),
  (1030, 9, 'running', 'Running', 1, 'running | run | marathon | trail'),
  (1031, 9, 'workouts', 'Workouts', 2, 'workout | workouts | gym | strength'),
  (10, NULL, 'animals-and-pets', 'Animals and pets', 9, 'animal | animals | pet | pets | dog | dogs | puppy | puppies | cat | cats | kitten | kittens | bird | birds'),
  (1032, 10, 'dogs', 'Dogs', 0, 'dog | dogs | puppy | puppies'),
  (1033, 10, 'cats', 'Cats', 1, 'cat | cats | kitten | kittens'),
  (1034, 10, 'birds', 'Birds', 2, 'bird | birds'),
  (11, NULL, 'quotes', 'Quotes', 10, 'quote | quotes | words | motivation | motivational | inspiration | inspirational | love | life | wisdom'),
  (1035, 11, 'motivation', 'Motivation', 0, 'motivation | motivational | inspiration | inspirational'),
  (1036, 11, 'love-quotes', 'Love quotes', 1, 'love'),
  (1037, 11, 'life-quotes', 'Life quotes', 2, 'life | wisdom'),
  (12, NULL, 'memes', 'Memes', 11, 'meme | memes | funny | humor | humour | lol | relatable | mood'),
  (1038, 12, 'funny', 'Funny', 0, 'funny | humor | humour | lol'),
  (1039, 12, 'relatable', 'Relatable', 1, 'relatable | mood'),
  (13, NULL, 'travel', 'Travel', 12, 'travel | trip | trips | vacation | beach | beaches | island | islands | mountain | mountains | hiking | hike | city | cities | tokyo | kyoto | paris'),
  (1040, 13, 'beaches', 'Beaches', 0, 'beach | beaches | island | islands'),
  (1041, 13, 'mountains', 'Mountains', 1, 'mountain | mountains | hiking | hike'),
  (1042, 13, 'city-trips', 'City trips', 2, 'city | cities | tokyo | kyoto | paris'),
  (14, NULL, 'weddings', 'Weddings', 13, 'wedding | weddings | bride | bridal | gown | bouquet | bouquets | flowers | floral | venue | venues | ceremony | reception | tables'),
  (1043, 14, 'wedding-dresses', 'Wedding dresses', 0, 'bride | bridal | gown'),
  (1044, 14, 'wedding-flowers', 'Wedding flowers', 1, 'bouquet | bouquets | flowers | floral'),
  (1045, 14, 'wedding-venues', 'Wedding venues', 2, 'venue | venues | ceremony | reception | tables');

CREATE TABLE interest_follows (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  interest_id bigint NOT NULL REFERENCES interests (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, interest_id)
);
CREATE INDEX interest_follows_interest_idx ON interest_follows (interest_id);

-- The topics of each Pin, newest Pin first per topic: an idea page walks
-- (interest_id, pin_id DESC) by index.
CREATE TABLE pin_interests (
  interest_id bigint NOT NULL REFERENCES interests (id) ON DELETE CASCADE,
  pin_id bigint NOT NULL REFERENCES pins (id) ON DELETE CASCADE,
  PRIMARY KEY (interest_id, pin_id)
);
CREATE INDEX pin_interests_pin_idx ON pin_interests (pin_id);

-- Recomputes the topics of the given Pins from their words and their board's category.
-- (Bodies stay on one line: the migrator splits statements at a semicolon that ends a line.)
CREATE FUNCTION refresh_pin_interests(pin_ids bigint[]) RETURNS void LANGUAGE sql AS $$
DELETE FROM pin_interests WHERE pin_id = ANY(pin_ids); INSERT INTO pin_interests (interest_id, pin_id) SELECT i.id, p.id FROM pins p LEFT JOIN boards b ON b.id = p.board_id JOIN interests i ON p.search @@ i.match OR (i.parent_id IS NULL AND i.slug = b.category) WHERE p.id = ANY(pin_ids) ON CONFLICT DO NOTHING
$$;

CREATE FUNCTION pins_refresh_interests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM refresh_pin_interests(ARRAY[NEW.id]); RETURN NULL; END
$$;

CREATE FUNCTION boards_refresh_interests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM refresh_pin_interests(ARRAY(SELECT id FROM pins WHERE board_id = NEW.id)); RETURN NULL; END
$$;

CREATE TRIGGER pins_interests_on_insert AFTER INSERT ON pins FOR EACH ROW EXECUTE FUNCTION pins_refresh_interests();
CREATE TRIGGER pins_interests_on_update AFTER UPDATE OF title, description, board_id ON pins FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description OR OLD.board_id IS DISTINCT FROM NEW.board_id)
  EXECUTE FUNCTION pins_refresh_interests();
CREATE TRIGGER boards_interests_on_category AFTER UPDATE OF category ON boards FOR EACH ROW
  WHEN (OLD.category IS DISTINCT FROM NEW.category) EXECUTE FUNCTION boards_refresh_interests();

SELECT refresh_pin_interests(ARRAY(SELECT id FROM pins));

-- Related Pins offer Pins of a similar dominant colour: one of 64 groups
-- (four levels of red, green and blue), looked up by index.
CREATE FUNCTION colour_group(c text) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT CASE WHEN c ~ '^#[0-9a-fA-F]{6}$' THEN (('x' || substr(c, 2, 2))::bit(8)::int / 64) * 16 + (('x' || substr(c, 4, 2))::bit(8)::int / 64) * 4 + (('x' || substr(c, 6, 2))::bit(8)::int / 64) END
$$;
CREATE INDEX pins_colour_group_idx ON pins (colour_group(dominant_color), id DESC);

-- Popular public Pins for home-feed recommendations: saved at least twice (topics.repo POPULAR_REPINS).
CREATE INDEX pins_popular_idx ON pins (id DESC) WHERE repin_count >= 2;

-- Today: editorial articles written by staff (users.is_employee).
CREATE TABLE today_articles (
  id bigint PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('shop', 'trending', 'best', 'article')),
  slug text NOT NULL,
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  author_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE today_article_pins (
  article_id bigint NOT NULL REFERENCES today_articles (id) ON DELETE CASCADE,
  pin_id bigint NOT NULL REFERENCES pins (id) ON DELETE CASCADE,
  position int NOT NULL,
  PRIMARY KEY (article_id, pin_id)
);
CREATE INDEX today_article_pins_pin_idx ON today_article_pins (pin_id);

CREATE TRIGGER interests_content_changed AFTER INSERT OR UPDATE OR DELETE ON interests FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER interest_follows_content_changed AFTER INSERT OR UPDATE OR DELETE ON interest_follows FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER pin_interests_content_changed AFTER INSERT OR UPDATE OR DELETE ON pin_interests FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER today_articles_content_changed AFTER INSERT OR UPDATE OR DELETE ON today_articles FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
CREATE TRIGGER today_article_pins_content_changed AFTER INSERT OR UPDATE OR DELETE ON today_article_pins FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
