/**
 * Full-text search over the generated `search` vectors (migration 0003,
 * 'simple' configuration, GIN indexes). Every query filters with the one
 * visibility rule (boards.policy, users.policy); $1 is always the viewer id
 * (NULL when signed out) and $2 the tsquery text built by search.query.
 *
 * Order: rank DESC, id DESC, keyset-paged on (rank, id). The rank is
 * ts_rank rounded to 6 decimals as numeric, so a cursor compares exactly
 * what the ORDER BY sorted on.
 */
import { PLANNED_FOR_ITS_VALUES, type Db, type Queryable } from '../../db/client';
import { PIN_ROW_SQL, searchableBoardSql, selectBoardWithOwnerSql, type BoardWithOwner, selectVisiblePinsSql, type PinWithRefs } from '../../kernel';
import { listedAccountSql, profileContentVisibleSql, removedFollowsCountSql, type UserRow } from '../users';
import { blockBetweenSql, hasBlockedSql } from '../blocks';

/** The last row of the previous page: its rank (a numeric as text) and id. */
export type RankCursor = { rank: string; id: string };

const tsq = (param: string) => `to_tsquery('simple', ${param}::text)`;
/**
 * The typeahead's query, parsed once per statement (an InitPlan). Its statements keep one shared plan
 * (a plan made for the typed text would cost more to make than to run); in a shared plan a bare
 * `to_tsquery($2)` is parsed again for every row it is tested against.
 */
const typed = `(SELECT ${tsq('$2')})`;
const rankOf = (vector: string, param = '$2') => `round(ts_rank(${vector}, ${tsq(param)})::numeric, 6)`;

/** Boards listed in search: boards.policy searchableBoardSql. */
const listableBoardSql = (alias = 'b') => searchableBoardSql('$1', alias);

/** People who blocked the viewer are not found by them. */
const notBlockingViewerSql = (alias = 'u') => `NOT ${hasBlockedSql(`${alias}.id`, '$1::bigint')}`;
/** People search finds people who have not blocked the viewer and whose profile is listed (neither removed nor restricted: users.policy). */
const findablePersonSql = (alias = 'u') => `${notBlockingViewerSql(alias)} AND ${listedAccountSql(alias)}`;

export type UserHit = Pick<UserRow, 'id' | 'username' | 'full_name' | 'image_url' | 'is_private_profile'> & {
  follower_count: number;
  followed_by_me: boolean;
  rank: string;
};

/**
 * A typeahead candidate: the text, its best rank, whether it starts with the
 * term, and what it names (decision 057): `one` is the board's path or the
 * person's username when the text names exactly one of them.
 */
export interface Suggestion {
  label: string;
  rnk: number;
  starts: boolean;
  kind: 'pin' | 'board' | 'user' | 'topic';
  one: string | null;
}

/** The typeahead's Pin titles come from this many of the newest matching visible Pins (decision 092). */
const TITLE_WINDOW = 100;
/** How many of the newest Pins a search reads one by one before it asks the word index (decision 092). */
const WALK = 3000;

/**
 * CTEs ending in `cand`: the `k` newest visible Pins below the id `ceiling` that `match` (a condition on
 * an alias) and meet `rest` (on `p`), with the columns `cols` (decision 092). The newest WALK Pins are
 * read by primary key and tested one by one against their stored vectors (cheap); the visibility rule
 * is asked of those that match, newest first, until `k` are found: a common word fills `k` there. Only
 * when it does not, and older Pins are left, are the rest found through the indexes (a rarer word: the
 * GIN index). PostgreSQL misjudges how many rows a prefix tsquery matches, so the walk is written out
 * rather than left to the planner.
 */
function newestMatchingPinsSql(cols: string, match: (alias: string) => string, rest: string, ceiling: string, k: number) {
  // The two parts are read in order (an Append, no sort above it): the index part only starts when the
  // walk's matches ran out before `k` visible ones were found. The visibility rule is written once, and
  // asked one Pin at a time: `LIMIT 1` keeps the planner from pulling it up into a join over every visible
  // Pin (which it chose at 20,000 Pins: a hash join of all of them, 320 ms instead of a few). `p.id + 0`: the
  // floor is a filter, never an index condition: read as one, the planner ANDed the word index's few matches
  // with a bitmap of every Pin below the floor (187 ms at 1,000,000 Pins, decision 108).
  return `region AS MATERIALIZED (
      SELECT min(id) AS floor FROM (SELECT id FROM pins WHERE id < ${ceiling} ORDER BY id DESC LIMIT ${WALK}) w
    ), cand AS MATERIALIZED (
      SELECT v.* FROM (
        SELECT p.id FROM (SELECT * FROM pins WHERE id < ${ceiling} ORDER BY id DESC LIMIT ${WALK}) p WHERE ${match('p')} AND ${rest}
        UNION ALL
        (SELECT p.id FROM pins p WHERE ${match('p')} AND ${rest} AND p.id + 0 < (SELECT floor FROM region) ORDER BY p.id DESC)
      ) m
      CROSS JOIN LATERAL (${selectVisiblePinsSql(cols)} AND p.id = m.id LIMIT 1) v
      LIMIT ${k}
    )`;
}

/** $3: the normalized term; compares case-insensitively without LIKE patterns. */
const startsWithTerm = (expr: string) => `left(lower(${expr}), length($3::text)) = lower($3::text)`;

export const searchRepo = {
  /** Visible Pins matching the query; `ownOnly` keeps the viewer's own. */
  pins(db: Queryable, viewerId: string | null, query: string, ownOnly: boolean, after: RankCursor | null, limit: number) {
    return db.query<PinWithRefs & { rank: string }>(
      `SELECT s.*, ${rankOf('s.search')}::text AS rank
       FROM (${selectVisiblePinsSql()} AND p.search @@ ${tsq('$2')} AND (NOT $3::boolean OR p.pinner_id = $1)) s
       WHERE ($4::numeric IS NULL OR (${rankOf('s.search')}, s.id) < ($4::numeric, $5::bigint))
       ORDER BY ${rankOf('s.search')} DESC, s.id DESC
       LIMIT $6`,
      [viewerId, query, ownOnly, after?.rank ?? null, after?.id ?? null, limit],
    );
  },

  /** Listable boards matching the query; the page is chosen first, then read with owner and cover. */
  boards(db: Queryable, viewerId: string | null, query: string, after: RankCursor | null, limit: number) {
    return db.query<BoardWithOwner & { rank: string }>(
      `WITH ranked AS (
         SELECT b.id, ${rankOf('b.search')} AS rnk
         FROM boards b
         WHERE b.search @@ ${tsq('$2')} AND ${listableBoardSql()}
           AND ($3::numeric IS NULL OR (${rankOf('b.search')}, b.id) < ($3::numeric, $4::bigint))
         ORDER BY rnk DESC, b.id DESC
         LIMIT $5
       )
       SELECT bw.*, r.rnk::text AS rank
       FROM ranked r JOIN LATERAL (${selectBoardWithOwnerSql()} WHERE b.id = r.id) bw ON true
       ORDER BY r.rnk DESC, r.id DESC`,
      [viewerId, query, after?.rank ?? null, after?.id ?? null, limit],
    );
  },

  /**
   * People matching by username, name or about; private profiles included
   * (their name and avatar are public), their follower count 0 unless the
   * viewer may see their content (users.policy).
   */
  users(db: Queryable, viewerId: string | null, query: string, after: RankCursor | null, limit: number) {
    return db.query<UserHit>(
      `WITH ranked AS (
         SELECT u.id, ${rankOf('u.search')} AS rnk
         FROM users u
         WHERE u.search @@ ${tsq('$2')} AND ${findablePersonSql()}
           AND ($3::numeric IS NULL OR (${rankOf('u.search')}, u.id) < ($3::numeric, $4::bigint))
         ORDER BY rnk DESC, u.id DESC
         LIMIT $5
       )
       SELECT u.id, u.username, u.full_name, u.image_url, u.is_private_profile, r.rnk::text AS rank,
         CASE WHEN ${profileContentVisibleSql('u.id', '$1::bigint')}
           THEN (SELECT count(*)::int FROM follows f WHERE f.followee_id = u.id) - ${removedFollowsCountSql('u.id', 'followers')} ELSE 0 END AS follower_count,
         EXISTS (SELECT 1 FROM follows mf WHERE mf.follower_id = $1 AND mf.followee_id = u.id) AS followed_by_me
       FROM ranked r JOIN users u ON u.id = r.id
       ORDER BY r.rnk DESC, r.id DESC`,
      [viewerId, query, after?.rank ?? null, after?.id ?? null, limit],
    );
  },

  /**
   * Distinct titles of visible Pins (the viewer's own with `ownOnly`); the query should carry weight A (titles).
   * Only the newest TITLE_WINDOW visible Pins whose titles match are looked at (decision 092): newest first by
   * primary key, each tested against the stored vector, so a prefix that half the Pins match reads a few hundred
   * rows; a rare one is found through the GIN index of `search`.
   */
  pinTitles(db: Queryable, viewerId: string | null, query: string, term: string, ownOnly: boolean, limit: number) {
    const match = (a: string) => `(${a}.search @@ ${typed} AND ${a}.title <> '')`;
    // `(SELECT $4)`: the flag is out of the planner's sight too, or a plan made for its value looks cheaper than the shared one.
    const rest = `(NOT (SELECT $4::boolean) OR p.pinner_id = $1) AND NOT ${blockBetweenSql('p.pinner_id', '$1::bigint')}`;
    return db.query<Suggestion>(
      `WITH ${newestMatchingPinsSql(`p.id, p.title, ts_rank(p.search, ${typed}) AS rnk`, match, rest, TOP_CEILING, TITLE_WINDOW)}
       SELECT min(s.title) AS label, max(s.rnk)::float8 AS rnk, bool_or(${startsWithTerm('s.title')}) AS starts,
         'pin' AS kind, NULL AS one
       FROM cand s
       GROUP BY lower(s.title)
       ORDER BY starts DESC, rnk DESC, label ASC
       LIMIT $5`,
      [viewerId, query, term, ownOnly, limit],
    );
  },

  /** Distinct names of listable boards. */
  boardNames(db: Queryable, viewerId: string | null, query: string, term: string, limit: number) {
    return db.query<Suggestion>(
      `SELECT min(b.name) AS label, max(ts_rank(b.search, ${typed}))::float8 AS rnk, bool_or(${startsWithTerm('b.name')}) AS starts,
         'board' AS kind, CASE WHEN count(*) = 1 THEN min(bu.username) || '/' || min(b.slug) END AS one
       FROM boards b JOIN users bu ON bu.id = b.owner_id
       WHERE b.search @@ ${typed} AND ${listableBoardSql()} AND NOT ${blockBetweenSql('b.owner_id', '$1::bigint')}
       GROUP BY lower(b.name)
       ORDER BY starts DESC, rnk DESC, label ASC
       LIMIT $4`,
      [viewerId, query, term, limit],
    );
  },

  /**
   * The username when it matches, else the full name, of people who have not blocked the viewer. `OFFSET 0` keeps
   * the inner query a subquery, so each label is made once and not again in every clause that names it
   * (1.40 → 0.97 ms a call for 200 matching people).
   */
  userNames(db: Queryable, viewerId: string | null, query: string, term: string, limit: number) {
    return db.query<Suggestion>(
      `SELECT min(x.label) AS label, max(x.rnk)::float8 AS rnk, bool_or(${startsWithTerm('x.label')}) AS starts,
         'user' AS kind, CASE WHEN count(*) = 1 THEN min(x.username) END AS one
       FROM (
         SELECT CASE WHEN setweight(to_tsvector('simple', u.username), 'A') @@ ${typed} THEN u.username ELSE u.full_name END AS label,
           ts_rank(u.search, ${typed}) AS rnk, u.username
         FROM users u
         WHERE u.search @@ ${typed} AND ${findablePersonSql()} AND NOT ${blockBetweenSql('u.id', '$1::bigint')}
         OFFSET 0
       ) x
       WHERE x.label <> ''
       GROUP BY lower(x.label)
       ORDER BY starts DESC, rnk DESC, label ASC
       LIMIT $4`,
      [viewerId, query, term, limit],
    );
  },
};

/**
 * Search that understands (decision 084). A row matches by its words stemmed in its own language
 * or as they are, both without accents (migration 0044: `pinboard_stemmed`), against the query read
 * in the searcher's language or as it is; or, for Japanese text, by substring (trigram index).
 * The rank reads the stored 'simple' vector (migration 0003) with the same query: a stem is most
 * often a prefix of the word ("idea":* ranks "ideas"), and it spares computing the stemmed vector of
 * every matching row again (the bench's search). Parameters shared by the three reads: $1 viewer, $2 the prefix tsquery text, $3 the searcher's
 * language, $4 a LIKE pattern (Japanese queries only, else NULL).
 */
const stemQ = `(to_tsquery(pinboard_search_config($3::text), $2::text) || to_tsquery('pinboard_simple', $2::text))`;
const pinText = (a: string) => `(coalesce(${a}.title, '') || ' ' || coalesce(${a}.description, ''))`;
const boardText = (a: string) => `(coalesce(${a}.name, '') || ' ' || coalesce(${a}.description, ''))`;
const boardStemmed = (a: string) => `pinboard_stemmed(${a}.search_lang, ${a}.name, ${a}.description)`;
const userStemmed = (a: string) => `pinboard_stemmed(${a}.locale, ${a}.username || ' ' || ${a}.full_name, ${a}.about)`;
const substringOf = (langMatch: string, text: string) => `($4::text IS NOT NULL AND ${langMatch} AND ${text} LIKE $4::text)`;

/** Pins match on their stored stemmed vector (migration 0050: the same as pinboard_stemmed, kept with the row). */
const pinMatchStored = (a: string) => `(${a}.search_stemmed @@ ${stemQ} OR ${substringOf(`${a}.search_lang = 'ja'`, pinText(a))})`;
const pinRank = (a: string) =>
  `round((ts_rank(${a}.search, ${stemQ}) + CASE WHEN ${substringOf(`${a}.search_lang = 'ja'`, pinText(a))} THEN 0.1 ELSE 0 END)::numeric, 6)`;
const boardMatch = (a: string) => `(${boardStemmed(a)} @@ ${stemQ} OR ${substringOf(`${a}.search_lang = 'ja'`, boardText(a))})`;
const boardRank = (a: string) =>
  `round((ts_rank(${a}.search, ${stemQ}) + CASE WHEN ${substringOf(`${a}.search_lang = 'ja'`, boardText(a))} THEN 0.1 ELSE 0 END)::numeric, 6)`;
const userMatch = (a: string) => `(${userStemmed(a)} @@ ${stemQ} OR ${substringOf(`${a}.locale = 'ja'`, `${a}.full_name`)})`;
const userRank = (a: string) =>
  `round((ts_rank(${a}.search, ${stemQ}) + CASE WHEN ${substringOf(`${a}.locale = 'ja'`, `${a}.full_name`)} THEN 0.1 ELSE 0 END)::numeric, 6)`;

/** What a search reads with: the query in its forms, and the page wanted. */
export interface SearchQuery {
  viewerId: string | null;
  tsquery: string;
  lang: string;
  like: string | null;
  after: RankCursor | null;
  limit: number;
}

/** Pin searches: all visible Pins, the viewer's own, videos, Idea Pins; `color` a #rrggbb (its palette group, migration 0018). */
export type PinFilter = 'pins' | 'my_pins' | 'videos' | 'idea_pins';

/**
 * Pin results are ranked within tiers (decision 092): a tier is the TIER_SIZE newest visible Pins
 * that match, below `ceiling` (an id; the first tier's is the largest bigint). Those are found newest
 * first by primary key, each tested against the stored stemmed vector (migration 0050), or, for rare
 * words, through its GIN index; only they are ranked. The next tier starts below the tier's oldest
 * Pin (`tier_floor`) once a tier is read through; `tier_n` < TIER_SIZE says it was the last.
 */
export const TIER_SIZE = 200;
/** The first tier's ceiling: no Pin id is above it. */
export const TOP_CEILING = '9223372036854775807';

type TierRow = { tier_floor: string | null; tier_n: number } & Partial<PinWithRefs & { rank: string }>;

export const understandingSearchRepo = {
  pins(db: Queryable, q: SearchQuery, filter: PinFilter, color: string | null, ceiling: string, tierSize = TIER_SIZE) {
    // Planned for its values: the filter, the colour and the bookmark decide which conditions hold (db/client).
    return db.query<TierRow>(
      `${PLANNED_FOR_ITS_VALUES}WITH ${newestMatchingPinsSql(
        `${PIN_ROW_SQL}, ${pinRank('p')} AS rnk`,
        pinMatchStored,
        `NOT ${blockBetweenSql('p.pinner_id', '$1::bigint')}
           AND ($5::text <> 'my_pins' OR p.pinner_id = $1)
           AND ($5::text <> 'videos' OR p.video_status IS NOT NULL)
           AND ($5::text <> 'idea_pins' OR p.story_pin_data IS NOT NULL)
           AND ($6::text IS NULL OR colour_group(p.dominant_color) = colour_group($6::text))`,
        '$7::bigint',
        tierSize,
      )}, tier AS (SELECT min(id)::text AS tier_floor, count(*)::int AS tier_n FROM cand)
       SELECT t.tier_floor, t.tier_n, s.* FROM tier t LEFT JOIN LATERAL (
         SELECT c.*, c.rnk::text AS rank FROM cand c
         WHERE ($8::numeric IS NULL OR (c.rnk, c.id) < ($8::numeric, $9::bigint))
         ORDER BY c.rnk DESC, c.id DESC
         LIMIT $10
       ) s ON true`,
      [q.viewerId, q.tsquery, q.lang, q.like, filter, color, ceiling, q.after?.rank ?? null, q.after?.id ?? null, q.limit],
    );
  },

  boards(db: Queryable, q: SearchQuery) {
    return db.query<BoardWithOwner & { rank: string }>(
      `WITH ranked AS (
         SELECT x.id, x.rnk FROM (
           SELECT b.id, ${boardRank('b')} AS rnk FROM boards b WHERE ${boardMatch('b')} AND ${listableBoardSql()} AND NOT ${blockBetweenSql('b.owner_id', '$1::bigint')}
         ) x
         WHERE ($5::numeric IS NULL OR (x.rnk, x.id) < ($5::numeric, $6::bigint))
         ORDER BY x.rnk DESC, x.id DESC
         LIMIT $7
       )
       SELECT bw.*, r.rnk::text AS rank
       FROM ranked r JOIN LATERAL (${selectBoardWithOwnerSql()} WHERE b.id = r.id) bw ON true
       ORDER BY r.rnk DESC, r.id DESC`,
      [q.viewerId, q.tsquery, q.lang, q.like, q.after?.rank ?? null, q.after?.id ?? null, q.limit],
    );
  },

  users(db: Queryable, q: SearchQuery) {
    return db.query<UserHit>(
      `WITH ranked AS (
         SELECT x.id, x.rnk FROM (
           SELECT u.id, ${userRank('u')} AS rnk FROM users u WHERE ${userMatch('u')} AND ${findablePersonSql()} AND NOT ${blockBetweenSql('u.id', '$1::bigint')}
         ) x
         WHERE ($5::numeric IS NULL OR (x.rnk, x.id) < ($5::numeric, $6::bigint))
         ORDER BY x.rnk DESC, x.id DESC
         LIMIT $7
       )
       SELECT u.id, u.username, u.full_name, u.image_url, u.is_private_profile, r.rnk::text AS rank,
         CASE WHEN ${profileContentVisibleSql('u.id', '$1::bigint')}
           THEN (SELECT count(*)::int FROM follows f WHERE f.followee_id = u.id) - ${removedFollowsCountSql('u.id', 'followers')} ELSE 0 END AS follower_count,
         EXISTS (SELECT 1 FROM follows mf WHERE mf.follower_id = $1 AND mf.followee_id = u.id) AS followed_by_me
       FROM ranked r JOIN users u ON u.id = r.id
       ORDER BY r.rnk DESC, r.id DESC`,
      [q.viewerId, q.tsquery, q.lang, q.like, q.after?.rank ?? null, q.after?.id ?? null, q.limit],
    );
  },

  /** Which of these words public content holds. */
  async knownWords(db: Queryable, words: string[]) {
    return (await db.query<{ word: string }>('SELECT word FROM search_words WHERE word = ANY($1::text[])', [words])).map((r) => r.word);
  },

  /** The word of public content nearest a typed one by trigrams (similarity at least pg_trgm's 0.3), the commoner first on a tie. */
  async closestWord(db: Queryable, word: string) {
    const rows = await db.query<{ word: string }>(
      `SELECT word FROM search_words WHERE word OPERATOR(public.%) $1::text
       ORDER BY public.similarity(word, $1::text) DESC, ndoc DESC, word LIMIT 1`,
      [word],
    );
    return rows[0]?.word ?? null;
  },

  /**
   * Rebuilds the word list from public content only: what a signed-out visitor may see (Pins
   * through pins.policy, boards through boards.policy), the newest 200,000 Pins. Words of three
   * letters or more, without digits.
   */
  async refreshWords(db: Db) {
    return db.tx(async (tx) => {
      await tx.query('DELETE FROM search_words');
      const rows = await tx.query<{ n: number }>(
        `WITH words AS (
           SELECT unnest(tsvector_to_array(v.search)) AS word
           FROM (SELECT s.search FROM (${selectVisiblePinsSql()}) s ORDER BY s.id DESC LIMIT 200000) v
           UNION ALL
           SELECT unnest(tsvector_to_array(b.search)) FROM boards b WHERE ${listableBoardSql()}
         ), ins AS (
           INSERT INTO search_words (word, ndoc)
           SELECT word, count(*) FROM words WHERE length(word) >= 3 AND word !~ '[0-9]' GROUP BY word
           RETURNING 1
         )
         SELECT count(*)::int AS n FROM ins`,
        [null],
      );
      return rows[0]?.n ?? 0;
    });
  },

  /** Keeps a signed-in person's search (one row per term, its latest time; the same term again within a minute writes nothing: no row lock under repeated searches). */
  async recordSearch(db: Queryable, userId: string, term: string, query: string) {
    await db.query(
      `INSERT INTO search_history (user_id, term, query)
       SELECT $1, $2, $3 WHERE NOT EXISTS (
         SELECT 1 FROM search_history WHERE user_id = $1 AND term = $2 AND searched_at > now() - interval '1 minute')
       ON CONFLICT (user_id, term) DO UPDATE SET query = EXCLUDED.query, searched_at = now()`,
      [userId, term, query],
    );
  },

  async recentSearches(db: Queryable, userId: string, limit: number) {
    return (await db.query<{ query: string }>('SELECT query FROM search_history WHERE user_id = $1 ORDER BY searched_at DESC LIMIT $2', [userId, limit])).map(
      (r) => r.query,
    );
  },

  async clearRecentSearches(db: Queryable, userId: string) {
    return (
      (await db.query<{ n: number }>('WITH d AS (DELETE FROM search_history WHERE user_id = $1 RETURNING 1) SELECT count(*)::int AS n FROM d', [userId]))[0]
        ?.n ?? 0
    );
  },

  /** Forgets searches older than `days` (hourly): recent searches are recent, trends look at one day. */
  async forgetOldSearches(db: Queryable, days: number) {
    return (
      (
        await db.query<{ n: number }>(
          `WITH d AS (DELETE FROM search_history WHERE searched_at < now() - make_interval(days => $1::int) RETURNING 1) SELECT count(*)::int AS n FROM d`,
          [days],
        )
      )[0]?.n ?? 0
    );
  },

  /** Terms at least `minPeople` different people searched in the last day, the most searched first. */
  async trendingTerms(db: Queryable, minPeople: number, limit: number) {
    return (
      await db.query<{ query: string }>(
        `SELECT term AS query FROM search_history
         WHERE searched_at > now() - interval '1 day'
         GROUP BY term HAVING count(*) >= $1
         ORDER BY count(*) DESC, term LIMIT $2`,
        [minPeople, limit],
      )
    ).map((r) => r.query);
  },
};
