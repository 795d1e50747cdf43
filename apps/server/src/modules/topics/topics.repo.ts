import type { Queryable } from '../../db/client';
import { escapeLike, windowSize } from '../../lib/sql-text';
import { PIN_ROW_SQL, selectVisiblePinsSql, type PinWithRefs } from '../../kernel';
import { followsSql } from '../users';
import { discoverablePinSql, recommendablePinSql, seenByViewerPinSql } from './topics.policy';

export interface InterestRow {
  id: string;
  parent_id: string | null;
  slug: string;
  name: string;
  position: number;
  /** The slug of the idea category it sits under (its own for a category). */
  category_slug: string;
  follower_count: number;
  is_followed: boolean;
  images: Record<string, { url: string; width: number; height: number }> | null;
  dominant_color: string | null;
}

export interface InterestRef {
  id: string;
  parent_id: string | null;
  slug: string;
  name: string;
}

/** A recommended Pin and why: the followed topic it came from, or null for a popular Pin. */
export type RecommendedPin = PinWithRefs & { reason_interest_id: string | null; reason_interest_name: string | null };

const MAX_ID = '9223372036854775807';
/** Pins saved at least this often are "popular" (the partial index pins_popular_idx holds them). */
const POPULAR_REPINS = 2;
/** How many newest Pins each source of related Pins offers before ranking. */
const RELATED_PER_SOURCE = 100;
/**
 * Words more Pins than this share (a fraction, from the planner's statistics of `pins.search`) bring no
 * candidates of their own: the word index would read most of the table for them, and they say little
 * about what is related. They still count in the rank of the candidates the other sources bring.
 */
const RELATED_COMMON_WORD = 0.01;

/**
 * $1 viewer (or NULL); $2 interest ids (or NULL for all). Each topic's cover is its newest discoverable Pin: the
 * topic's ids walked by the primary key (interest_id, pin_id) backwards, each Pin looked up by key (a LATERAL
 * with a LIMIT, which PostgreSQL cannot fold into a plain join). The topic is a range of one value and the order
 * names both columns, which only that index provides: with `interest_id = i.id` PostgreSQL took the topic as
 * given and walked the pin_id index of every topic's rows instead, to the end for a topic without a cover. The
 * catalogue took 1.8 s at 100,000 Pins (59 topics, 53 of them without Pins), now 2 ms.
 */
const INTERESTS_SQL = `
  SELECT i.id, i.parent_id, i.slug, i.name, i.position, COALESCE(c.slug, i.slug) AS category_slug,
    (SELECT count(*)::int FROM interest_follows f WHERE f.interest_id = i.id) AS follower_count,
    EXISTS (SELECT 1 FROM interest_follows f WHERE f.interest_id = i.id AND f.user_id = $1::bigint) AS is_followed,
    cover.images, cover.dominant_color
  FROM interests i
  LEFT JOIN interests c ON c.id = i.parent_id
  LEFT JOIN LATERAL (
    SELECT found.images, found.dominant_color FROM pin_interests pi
      CROSS JOIN LATERAL (
        SELECT p.images, p.dominant_color FROM pins p LEFT JOIN boards b ON b.id = p.board_id
        WHERE p.id = pi.pin_id AND ${discoverablePinSql('$1')} LIMIT 1) found
    WHERE pi.interest_id >= i.id AND pi.interest_id <= i.id
    ORDER BY pi.interest_id DESC, pi.pin_id DESC LIMIT 1
  ) cover ON true`;

export const topicsRepo = {
  /** The Pin's topics (kept by triggers, decision 030): sub-topics before categories, in catalogue order. */
  async ofPin(db: Queryable, pinId: string) {
    return db.query<{ name: string; slug: string; is_category: boolean }>(
      `SELECT i.name, i.slug, i.parent_id IS NULL AS is_category
       FROM pin_interests pi JOIN interests i ON i.id = pi.interest_id
       WHERE pi.pin_id = $1
       ORDER BY is_category, i.position, i.id`,
      [pinId],
    );
  },

  /**
   * Topics whose name, or a word of it, starts with the term (the search
   * typeahead, decision 057), with the category whose idea page shows them;
   * names that start with the term first, categories before sub-topics.
   */
  async namesStartingWith(db: Queryable, term: string, limit: number) {
    const t = escapeLike(term.toLowerCase());
    return db.query<{ name: string; category_slug: string; starts: boolean }>(
      `SELECT i.name, COALESCE(c.slug, i.slug) AS category_slug, lower(i.name) LIKE $1 AS starts
       FROM interests i LEFT JOIN interests c ON c.id = i.parent_id
       WHERE lower(i.name) LIKE $1 OR lower(i.name) LIKE $2
       ORDER BY starts DESC, i.parent_id NULLS FIRST, i.position, i.id
       LIMIT $3`,
      [`${t}%`, `% ${t}%`, limit],
    );
  },

  /** The whole catalogue: categories in the side navigation's order, each followed by its sub-topics. */
  catalogue(db: Queryable, viewerId: string | null) {
    return db.query<InterestRow>(`${INTERESTS_SQL} ORDER BY COALESCE(i.parent_id, i.id), i.parent_id IS NOT NULL, i.position`, [viewerId]);
  },

  /** The given topics, in the catalogue's order. */
  byIds(db: Queryable, viewerId: string | null, ids: string[]) {
    return db.query<InterestRow>(`${INTERESTS_SQL} WHERE i.id = ANY($2::bigint[]) ORDER BY COALESCE(i.parent_id, i.id), i.parent_id IS NOT NULL, i.position`, [
      viewerId,
      ids,
    ]);
  },

  async refById(db: Queryable, id: string) {
    const [row] = await db.query<InterestRef>('SELECT id, parent_id, slug, name FROM interests WHERE id = $1', [id]);
    return row ?? null;
  },

  async refBySlug(db: Queryable, slug: string) {
    const [row] = await db.query<InterestRef>('SELECT id, parent_id, slug, name FROM interests WHERE slug = $1', [slug]);
    return row ?? null;
  },

  async childIds(db: Queryable, parentId: string) {
    const rows = await db.query<{ id: string }>('SELECT id FROM interests WHERE parent_id = $1 ORDER BY position', [parentId]);
    return rows.map((r) => r.id);
  },

  /** Whether `followerId` follows the person `userId` (users.policy followsSql). */
  async follows(db: Queryable, followerId: string, userId: string) {
    const [row] = await db.query<{ f: boolean }>(`SELECT ${followsSql('$1::bigint', '$2::bigint')} AS f`, [followerId, userId]);
    return !!row?.f;
  },

  /** Which of these ids are topics. */
  async knownIds(db: Queryable, ids: string[]) {
    const rows = await db.query<{ id: string }>('SELECT id FROM interests WHERE id = ANY($1::bigint[])', [ids]);
    return rows.map((r) => r.id);
  },

  async follow(db: Queryable, userId: string, interestIds: string[]) {
    await db.query('INSERT INTO interest_follows (user_id, interest_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING', [userId, interestIds]);
  },

  /** The person follows exactly these topics (one transaction's two statements: the caller's `tx`). */
  async setFollowed(tx: Queryable, userId: string, interestIds: string[]) {
    await tx.query('DELETE FROM interest_follows WHERE user_id = $1 AND interest_id <> ALL($2::bigint[])', [userId, interestIds]);
    await tx.query('INSERT INTO interest_follows (user_id, interest_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING', [userId, interestIds]);
  },

  async unfollow(db: Queryable, userId: string, interestIds: string[]) {
    await db.query('DELETE FROM interest_follows WHERE user_id = $1 AND interest_id = ANY($2::bigint[])', [userId, interestIds]);
  },

  /** The ids of the topics a person follows, in id order after `after` (keyset). */
  async followedIds(db: Queryable, userId: string, after: string | null, limit: number) {
    const rows = await db.query<{ interest_id: string }>(
      `SELECT interest_id FROM interest_follows WHERE user_id = $1 AND interest_id > COALESCE($2::bigint, 0)
       ORDER BY interest_id LIMIT $3`,
      [userId, after, limit],
    );
    return rows.map((r) => r.interest_id);
  },

  /**
   * An idea page: the topic's public Pins, newest first, walking (interest_id, pin_id DESC) by index, each Pin
   * looked up by key and checked, until `limit` pass. The lookup is a LATERAL with a LIMIT, which PostgreSQL
   * cannot fold into a plain join, and the page's size a number in the text: with a plain join and `LIMIT $4`,
   * the generic plan of the prepared statement (from its sixth call on) merged the topic's ids with a backward
   * walk of every Pin, checking the rule on each Pin it passed: 1.4 s a page, against 5 ms, when the topic's
   * Pins are old (decision 046, as for recommendations).
   */
  async ideaFeed(db: Queryable, viewerId: string | null, interestId: string, before: string | null, limit: number) {
    const rows = await db.query<PinWithRefs>(
      `SELECT v.* FROM pin_interests pi
         CROSS JOIN LATERAL (${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.id = pi.pin_id AND ${discoverablePinSql('$1')} LIMIT 1) v
       WHERE pi.interest_id = $2 AND pi.pin_id < COALESCE($3::bigint, ${MAX_ID})
       ORDER BY pi.pin_id DESC LIMIT ${windowSize(limit)}`,
      [viewerId, interestId, before],
    );
    return rows.slice(0, limit);
  },

  /**
   * Words that more than RELATED_COMMON_WORD of all Pins share, from the
   * planner's statistics of `pins.search` (ANALYZE keeps them; none before
   * the first ANALYZE).
   */
  async commonWords(db: Queryable) {
    const rows = await db.query<{ word: string }>(
      `SELECT e.word FROM pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) e(word, freq)
       WHERE s.schemaname = current_schema() AND s.tablename = 'pins' AND s.attname = 'search' AND e.word IS NOT NULL AND e.freq > ${RELATED_COMMON_WORD}`,
    );
    return rows.map((r) => r.word);
  },

  /**
   * "More to explore": Pins that share the Pin's board, its topics, words of
   * its title or description, or its colour group, ranked by what they share
   * (board 4, each shared topic 2, shared words up to 3 by rank, colour 1),
   * then newest first; keyset on (score, id). Each source offers at most
   * RELATED_PER_SOURCE candidates, each by one index range (decision 046):
   * the newest of the board, of each topic and of the colour group, and the
   * first the word index finds for the Pin's words other than `commonWords`
   * (see commonWords; related_word_matches: unordered and capped, so a word
   * costs part of its posting list and a hundred rows, not a sort of every
   * Pin that has it); never the Pin itself, and only Pins the
   * viewer may see (topics.policy seenByViewerPinSql). Nothing when the viewer
   * may not see the Pin itself (the Pin rule, as a Pin read): one statement.
   * The rank is taken from the candidates' few columns it needs (board,
   * colour, words, topics), each candidate checked once; only the page's
   * rows are read whole (about half the database time of ranking whole rows).
   */
  related(db: Queryable, viewerId: string | null, pinId: string, after: { score: string; id: string } | null, limit: number, commonWords: string[]) {
    const n = RELATED_PER_SOURCE;
    // Ranked from the few columns the rank needs, each candidate checked once (seenByViewerPinSql); only the page's
    // rows are read whole (a Pin read, its rule again), not the up to 400 candidates'.
    return db.query<PinWithRefs & { score: string }>(
      `WITH src AS (SELECT v.id, v.board_id, v.search, v.dominant_color
                   FROM (${selectVisiblePinsSql('p.id, p.board_id, p.search, p.dominant_color')} AND p.id = $2) v),
       own AS (
         SELECT w.lexeme FROM src, unnest(src.search) w WHERE length(w.lexeme) >= 4 AND w.lexeme !~ '^[0-9]+$'
       ),
       words AS (SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) AS q FROM own),
       seek AS (
         SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) AS q FROM own WHERE lexeme <> ALL ($6::text[])
       ),
       topics AS (SELECT interest_id FROM pin_interests WHERE pin_id = $2),
       colour AS (SELECT colour_group(dominant_color) AS g FROM src),
       cand AS (
         (SELECT p.id FROM pins p WHERE p.board_id = (SELECT board_id FROM src) ORDER BY p.board_id, p.id DESC LIMIT ${n})
         UNION
         (SELECT x.pin_id FROM topics t CROSS JOIN LATERAL
            (SELECT pi.pin_id FROM pin_interests pi WHERE pi.interest_id = t.interest_id ORDER BY pi.pin_id DESC LIMIT ${n}) x)
         UNION
         (SELECT m.id FROM seek CROSS JOIN LATERAL related_word_matches(seek.q, ${n}) m(id) WHERE seek.q IS NOT NULL)
         UNION
         (SELECT p.id FROM pins p WHERE colour_group(p.dominant_color) BETWEEN (SELECT g FROM colour) AND (SELECT g FROM colour)
          ORDER BY colour_group(p.dominant_color), p.id DESC LIMIT ${n})
       ),
       ranked AS (
         SELECT p.id, round((
             CASE WHEN p.board_id = src.board_id THEN 4 ELSE 0 END
           + 2 * (SELECT count(*) FROM pin_interests a WHERE a.pin_id = p.id AND a.interest_id IN (SELECT interest_id FROM topics))
           + CASE WHEN words.q IS NOT NULL THEN least(3, 30 * ts_rank(p.search, words.q)) ELSE 0 END
           + CASE WHEN colour_group(p.dominant_color) = colour_group(src.dominant_color) THEN 1 ELSE 0 END
         )::numeric, 4) AS rank_score
         FROM cand c CROSS JOIN src CROSS JOIN words
           JOIN pins p ON p.id = c.id LEFT JOIN boards b ON b.id = p.board_id
         WHERE p.id <> $2 AND ${seenByViewerPinSql('$1')}
       ),
       page AS (
         SELECT id, rank_score FROM ranked
         WHERE $3::numeric IS NULL OR (rank_score, id) < ($3::numeric, $4::bigint)
         ORDER BY rank_score DESC, id DESC LIMIT $5
       )
       SELECT v.*, page.rank_score::text AS score
       FROM page CROSS JOIN LATERAL (${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.id = page.id) v
       ORDER BY page.rank_score DESC, page.id DESC`,
      [viewerId, pinId, after?.score ?? null, after?.id ?? null, limit, commonWords],
    );
  },

  /**
   * Recommendations for the home feed of someone who follows few people or
   * boards: Pins of the topics they follow and, `withPopular` (until they
   * follow anyone: decision 097), popular public Pins of those topics, newest
   * first below `before`, each with the topic it came from (null: popular).
   * A popular Pin of a followed topic is already among that topic's newest
   * Pins above the page's end (each topic's window is at least the page), and
   * is marked with the topic; so popular Pins come on their own only for
   * someone who follows no topic, and never from topics they did not choose.
   * Only boards that allow home-feed recommendations; never the viewer's own.
   * A topic's Pins are its newest ids (pin_interests, by index) each looked
   * up by key and checked, until `limit` pass: joined as a plain join,
   * PostgreSQL merged the topic's ids with a backward walk of every Pin,
   * checking the rule on each Pin it passed (decision 046).
   */
  recommended(db: Queryable, viewerId: string, before: string | null, limit: number, withPopular: boolean) {
    // Each source's window a number in the text, so that the prepared statement keeps one generic plan (with
    // `LIMIT $3` in the sources PostgreSQL planned it anew on every call: about 3–5 ms, more than it ran).
    const w = windowSize(limit);
    return db.query<RecommendedPin>(
      `WITH picked AS (
         SELECT DISTINCT ON (id) id, interest_id FROM (
           SELECT x.pin_id AS id, x.interest_id FROM interest_follows f CROSS JOIN LATERAL (
             SELECT pi.pin_id, pi.interest_id FROM pin_interests pi
               CROSS JOIN LATERAL (
                 SELECT 1 FROM pins p LEFT JOIN boards b ON b.id = p.board_id
                 WHERE p.id = pi.pin_id AND p.pinner_id <> $1 AND ${recommendablePinSql('$1')} LIMIT 1) ok
             WHERE pi.interest_id = f.interest_id AND pi.pin_id < COALESCE($2::bigint, ${MAX_ID})
             ORDER BY pi.pin_id DESC LIMIT ${w}) x
           WHERE f.user_id = $1
           UNION ALL
           (SELECT p.id, NULL::bigint FROM pins p LEFT JOIN boards b ON b.id = p.board_id
            WHERE $4::boolean AND p.repin_count >= ${POPULAR_REPINS} AND p.id < COALESCE($2::bigint, ${MAX_ID})
              AND NOT EXISTS (SELECT 1 FROM interest_follows f WHERE f.user_id = $1)
              AND p.pinner_id <> $1 AND ${recommendablePinSql('$1')}
            ORDER BY p.id DESC LIMIT ${w})
         ) u ORDER BY id DESC, interest_id NULLS LAST
       ),
       page AS (SELECT * FROM picked ORDER BY id DESC LIMIT $3)
       SELECT v.*, page.interest_id AS reason_interest_id, i.name AS reason_interest_name
       FROM page CROSS JOIN LATERAL (${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.id = page.id) v
       LEFT JOIN interests i ON i.id = page.interest_id
       ORDER BY v.id DESC`,
      [viewerId, before, limit, withPopular],
    );
  },

  /** How many Pin rows, of them on a board, and boards the related-Pins graph would hold (decision 091). */
  async graphCounts(db: Queryable) {
    const [row] = await db.query<{ rows: string; edges: string; boards: string }>(
      'SELECT count(*) AS rows, count(board_id) AS edges, (SELECT count(*) FROM boards) AS boards FROM pins',
    );
    return { rows: Number(row!.rows), edges: Number(row!.edges), boards: Number(row!.boards) };
  },

  /** Board ids after `after`, ascending (the graph's load, in batches). */
  async graphBoards(db: Queryable, after: string, limit: number) {
    const rows = await db.query<{ id: string }>('SELECT id FROM boards WHERE id > $1 ORDER BY id LIMIT $2', [after, limit]);
    return rows.map((r) => r.id);
  },

  /** Pin rows after `after`, ascending: id, board, the Pin it was saved from (the graph's load, in batches). */
  graphPins(db: Queryable, after: string, limit: number) {
    return db.query<{ id: string; board_id: string | null; parent_pin_id: string | null }>(
      'SELECT id, board_id, parent_pin_id FROM pins WHERE id > $1 ORDER BY id LIMIT $2',
      [after, limit],
    );
  },

  /**
   * The walk's candidates the viewer may see (topics.policy seenByViewerPinSql), in one statement: `ids` are Pin
   * rows, `ranks` the rank of the graph's Pin each belongs to (several rows, the saves of one image, share a rank);
   * the first visible row of each rank. Nothing when the viewer may not see the Pin `pinId` itself (the Pin rule).
   */
  graphCandidatesSeen(db: Queryable, viewerId: string | null, pinId: string, ids: string[], ranks: number[]) {
    return db.query<{ id: string; rank: number }>(
      `SELECT DISTINCT ON (c.rank) c.id::text AS id, c.rank
       FROM unnest($3::bigint[], $4::int[]) AS c(id, rank)
       JOIN pins p ON p.id = c.id LEFT JOIN boards b ON b.id = p.board_id
       WHERE EXISTS (SELECT 1 FROM (${selectVisiblePinsSql('p.id')} AND p.id = $2) q) AND p.id <> $2 AND ${seenByViewerPinSql('$1')}
       ORDER BY c.rank, c.id`,
      [viewerId, pinId, ids, ranks],
    );
  },

  /** Pins of the given ids the viewer may see (topics.policy seenByViewerPinSql), keyed by id. */
  seenPins(db: Queryable, viewerId: string | null, ids: string[]) {
    return db.query<PinWithRefs>(`${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.id = ANY($2::bigint[]) AND ${seenByViewerPinSql('$1')}`, [viewerId, ids]);
  },
};
