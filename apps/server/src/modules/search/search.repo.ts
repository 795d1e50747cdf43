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
import type { Queryable } from '../../db/client';
import { searchableBoardSql, selectBoardWithOwnerSql, type BoardWithOwner } from '../boards';
import { selectVisiblePinsSql, type PinWithRefs } from '../pins';
import { listedAccountSql, profileContentVisibleSql, removedFollowsCountSql, type UserRow } from '../users';
import { hasBlockedSql } from '../blocks';

/** The last row of the previous page: its rank (a numeric as text) and id. */
export type RankCursor = { rank: string; id: string };

const tsq = (param: string) => `to_tsquery('simple', ${param}::text)`;
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

  /** Distinct titles of visible Pins (the viewer's own with `ownOnly`); the query should carry weight A (titles). */
  pinTitles(db: Queryable, viewerId: string | null, query: string, term: string, ownOnly: boolean, limit: number) {
    return db.query<Suggestion>(
      `SELECT min(s.title) AS label, max(ts_rank(s.search, ${tsq('$2')}))::float8 AS rnk, bool_or(${startsWithTerm('s.title')}) AS starts,
         'pin' AS kind, NULL AS one
       FROM (${selectVisiblePinsSql()} AND p.search @@ ${tsq('$2')} AND p.title <> '' AND (NOT $4::boolean OR p.pinner_id = $1)) s
       GROUP BY lower(s.title)
       ORDER BY starts DESC, rnk DESC, label ASC
       LIMIT $5`,
      [viewerId, query, term, ownOnly, limit],
    );
  },

  /** Distinct names of listable boards. */
  boardNames(db: Queryable, viewerId: string | null, query: string, term: string, limit: number) {
    return db.query<Suggestion>(
      `SELECT min(b.name) AS label, max(ts_rank(b.search, ${tsq('$2')}))::float8 AS rnk, bool_or(${startsWithTerm('b.name')}) AS starts,
         'board' AS kind, CASE WHEN count(*) = 1 THEN min(bu.username) || '/' || min(b.slug) END AS one
       FROM boards b JOIN users bu ON bu.id = b.owner_id
       WHERE b.search @@ ${tsq('$2')} AND ${listableBoardSql()}
       GROUP BY lower(b.name)
       ORDER BY starts DESC, rnk DESC, label ASC
       LIMIT $4`,
      [viewerId, query, term, limit],
    );
  },

  /** The username when it matches, else the full name, of people who have not blocked the viewer. */
  userNames(db: Queryable, viewerId: string | null, query: string, term: string, limit: number) {
    return db.query<Suggestion>(
      `SELECT min(x.label) AS label, max(x.rnk)::float8 AS rnk, bool_or(${startsWithTerm('x.label')}) AS starts,
         'user' AS kind, CASE WHEN count(*) = 1 THEN min(x.username) END AS one
       FROM (
         SELECT CASE WHEN setweight(to_tsvector('simple', u.username), 'A') @@ ${tsq('$2')} THEN u.username ELSE u.full_name END AS label,
           ts_rank(u.search, ${tsq('$2')}) AS rnk, u.username
         FROM users u
         WHERE u.search @@ ${tsq('$2')} AND ${findablePersonSql()}
       ) x
       WHERE x.label <> ''
       GROUP BY lower(x.label)
       ORDER BY starts DESC, rnk DESC, label ASC
       LIMIT $4`,
      [viewerId, query, term, limit],
    );
  },
};
