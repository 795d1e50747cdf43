import type { Queryable } from '../../db/client';
import { PIN_RANK_SQL, idBelowSql, windowSize } from '../../lib/sql-text';
import { notBlockedSql, visibleBoardSql, visiblePinSql, PIN_ROW_SQL, selectVisiblePinsSql, type PinWithRefs } from '../../kernel';
import { notHiddenSql } from '../pin-hides';
import { profileContentVisibleSql } from '../users';
import { FEW_FOLLOWS } from '../topics';

/** Where a page of a board's or section's Pins ended: the last Pin's rank and id. */
export interface RankCursor {
  rank: number;
  id: string;
}
export type RankedPin = PinWithRefs & { order_rank: number };

/** Below the cursor in custom order ($rank and $id NULL: from the top). */
const rankBelowSql = (rank: string, id: string) =>
  `(${rank}::double precision IS NULL OR (${PIN_RANK_SQL}, p.id) < (${rank}::double precision, ${id}::bigint))`;

/**
 * A person's own listings (their Pins, created Pins, boardless Pins) show
 * nothing when the viewer may not see their profile content (users.policy),
 * whatever board the Pins sit on; $1 is the viewer, $2 the person.
 */
function personContentVisibleSql() {
  return profileContentVisibleSql('$2::bigint', '$1::bigint');
}

/**
 * The viewer ($1) as the home feed's statement finds their sources by: a value PostgreSQL learns only when the
 * statement runs, so that its plan costs the same for every viewer (feedsRepo.home).
 */
const VIEWER_AT_RUN = '(SELECT $1::bigint)';

/** How many people and boards the viewer ($1) follows, counted up to FEW_FOLLOWS. */
const followedSourcesSql = `SELECT (SELECT count(*) FROM (SELECT 1 FROM follows WHERE follower_id = ${VIEWER_AT_RUN} LIMIT ${FEW_FOLLOWS}) a)::int
  + (SELECT count(*) FROM (SELECT 1 FROM board_follows WHERE user_id = ${VIEWER_AT_RUN} LIMIT ${FEW_FOLLOWS}) b)::int AS followed_sources`;

/**
 * The home feed's two statements for windows of `w` ids (feedsRepo.home, homeExact), built once per size: a text
 * of some 12 KB, which the driver looks up by its text for the prepared statement's name on every call.
 *
 * Written so that PostgreSQL keeps one generic plan of each prepared statement rather than planning every call:
 * the bookmark is one index condition whatever $2 is (`$2 IS NULL OR …` would be a filter there), and the
 * windows' size is a number in the text (a LIMIT parameter is costed as 10% of the rows, which at a million
 * Pins makes the generic plan look dearer than planning anew each time). One of a few sizes at least `limit`
 * (any size at least the page's proves the page the same way), so a few texts in all.
 */
const homeSqlBySize = new Map<number, { page: string; exact: string }>();

/**
 * The home page is taken from the newest `HOME_CANDIDATES_PER_WINDOW × w` ids of the windows together (a bounded
 * top-N sort rather than a sort of them all): room for hidden Pins, Pins the viewer may not see and a Pin that two
 * sources share. A page that does not fill from them when the windows held more does not stand (feedsRepo.home).
 */
const HOME_CANDIDATES_PER_WINDOW = 4;

function homeSql(w: number) {
  let sql = homeSqlBySize.get(w);
  if (sql) return sql;
  const below = idBelowSql('p.id', '$2');
  // A source's newest ids, newest first, as one array: its window's oldest id is ids[w] when the window is full.
  const newestIds = (source: string) =>
    `SELECT array_agg(id) AS ids FROM (SELECT p.id FROM pins p WHERE ${source} AND ${below} ORDER BY p.id DESC LIMIT ${w}) x`;
  const newestVisible = (source: string) =>
    `SELECT p.id FROM pins p LEFT JOIN boards b ON b.id = p.board_id
     WHERE ${source} AND ${below} AND ${visiblePinSql('$1')} AND ${notHiddenSql('p', '$1')} AND ${notBlockedSql('$1', 'p.pinner_id')}
     ORDER BY p.id DESC LIMIT ${w}`;
  const people = `SELECT ${VIEWER_AT_RUN} AS id UNION ALL SELECT f.followee_id FROM follows f WHERE f.follower_id = ${VIEWER_AT_RUN}`;
  const candidates = HOME_CANDIDATES_PER_WINDOW * w;
  sql = {
    page: `WITH wins AS MATERIALIZED (
         SELECT w.ids FROM (${people}) s CROSS JOIN LATERAL (${newestIds('p.pinner_id = s.id')}) w
         UNION ALL
         SELECT w.ids FROM board_follows bf JOIN boards b ON b.id = bf.board_id
           CROSS JOIN LATERAL (${newestIds('p.board_id = bf.board_id')}) w
         WHERE bf.user_id = ${VIEWER_AT_RUN} AND ${visibleBoardSql('$1')}
       ),
       cut AS (SELECT max(ids[${w}]) AS cut, coalesce(sum(cardinality(ids)), 0) > ${candidates} AS cropped FROM wins)
       SELECT h.*, n.followed_sources, c.cut, c.cropped
       FROM (${followedSourcesSql}) n CROSS JOIN cut c LEFT JOIN LATERAL (
         SELECT v.* FROM (SELECT DISTINCT id FROM (SELECT id FROM wins, unnest(ids) id ORDER BY id DESC LIMIT ${candidates}) t ORDER BY id DESC) c
           CROSS JOIN LATERAL (${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.id = c.id AND ${notHiddenSql('p', '$1')} AND ${notBlockedSql('$1', 'p.pinner_id')}) v
         ORDER BY c.id DESC LIMIT $3
       ) h ON true
       ORDER BY h.id DESC`,
    exact: `WITH exact AS (
         (${newestVisible(`p.pinner_id = ${VIEWER_AT_RUN}`)})
         UNION
         (SELECT c.id FROM follows f CROSS JOIN LATERAL (${newestVisible('p.pinner_id = f.followee_id')}) c WHERE f.follower_id = ${VIEWER_AT_RUN})
         UNION
         (SELECT c.id FROM board_follows bf CROSS JOIN LATERAL (${newestVisible('p.board_id = bf.board_id')}) c WHERE bf.user_id = ${VIEWER_AT_RUN})
         ORDER BY id DESC LIMIT $3
       )
       ${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.id IN (SELECT id FROM exact)
       ORDER BY p.id DESC`,
  };
  homeSqlBySize.set(w, sql);
  return sql;
}

/** Newest first, keyset on id; every query filters with the one Pin visibility rule. */
export const feedsRepo = {
  /**
   * Signed in: the viewer's own Pins and those of people and boards they follow.
   *
   * One ordered merge over the sources, the visibility rule applied once, to
   * the rows the page takes (decision 024):
   *
   * 1. `wins`: the newest `w` (≥ `limit`) Pin ids of each source as one array,
   *    by index alone (the pinner and board indexes, no row read, no rule):
   *    the viewer, each followed person, each followed board the viewer may
   *    see (the board rule, once per board).
   * 2. The page: the newest HOME_CANDIDATES_PER_WINDOW × w of those ids, one
   *    of each, newest first, each read and checked (the Pin rule, hidden
   *    Pins, Pins of someone with a block between them and the viewer: a
   *    collaborator's on a followed board, decision 089) until `limit` pass. Those candidates are the newest of all the
   *    windows' ids, so a page that fills from them is the one all the ids give.
   * 3. The page is the true one unless a source's window may have run out
   *    before the page's oldest Pin: every source Pin at or after `cut`, the
   *    newest of the oldest ids of the full windows, is in `wins`. So the page
   *    stands when it is full and reaches no further back than `cut`, or when
   *    no window is full (`wins` then holds every source Pin) and no candidate
   *    was left out.
   * 4. Otherwise (a source whose newest Pins the viewer may not see), the
   *    caller asks homeExact for the same page: a second statement, run only
   *    then, so that the usual page's plan carries none of it.
   *
   * Keyset paging: $2 is the id the page starts below.
   *
   * With the page comes how many people and boards the viewer follows, up to
   * FEW_FOLLOWS (topics: whether recommendations join the feed), so that a
   * page costs one statement.
   *
   * The sources are found by the viewer's id given as `(SELECT $1::bigint)`, a
   * value PostgreSQL learns only when the statement runs: so it estimates the
   * same number of followed people and boards for every viewer, every plan of
   * the statement costs the same, and it keeps the one generic plan. Given
   * `$1` there, it knew that someone follows few (those who get
   * recommendations), found a fresh plan cheaper than the generic one at a
   * million Pins, and planned every call anew: about 5 ms of planning for a
   * statement that runs in under 1 ms (decision 048).
   */
  async home(db: Queryable, viewerId: string, before: string | null, limit: number) {
    const rows = await db.query<PinWithRefs & { followed_sources: number; cut: string | null; cropped: boolean }>(homeSql(windowSize(limit)).page, [
      viewerId,
      before,
      limit,
    ]);
    // One row always: the count, the cut and whether candidates were left out, with the Pins' columns null when there are none to give.
    const page = rows.filter((r) => r.id !== null) as PinWithRefs[];
    const { followed_sources: followedSources = 0, cut = null, cropped = false } = rows[0] ?? {};
    const stands = page.length >= limit ? cut === null || BigInt(page.at(-1)!.id) >= BigInt(cut) : cut === null && !cropped;
    return { rows: page, followedSources, stands };
  },

  /**
   * The home page that did not stand (home, step 4): the newest `limit` Pins
   * below $2 that the viewer may see, from windows of visible Pins of every
   * source, checked row by row: slower, and only then run.
   */
  homeExact(db: Queryable, viewerId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(homeSql(windowSize(limit)).exact, [viewerId, before, limit]);
  },

  /** Signed out: everything public, newest first. */
  discover(db: Queryable, before: string | null, limit: number) {
    return db.query<PinWithRefs>(`${selectVisiblePinsSql(PIN_ROW_SQL)} AND ${idBelowSql('p.id', '$2')} ORDER BY p.id DESC LIMIT $3`, [null, before, limit]);
  },

  /** A board's Pins in its custom order (decision 065), below the cursor's rank and id. */
  board(db: Queryable, viewerId: string | null, boardId: string, after: RankCursor | null, limit: number) {
    return db.query<RankedPin>(
      `${selectVisiblePinsSql(`${PIN_ROW_SQL}, ${PIN_RANK_SQL} AS order_rank`)} AND p.board_id = $2 AND ${rankBelowSql('$3', '$4')}
       ORDER BY ${PIN_RANK_SQL} DESC, p.id DESC LIMIT $5`,
      [viewerId, boardId, after?.rank ?? null, after?.id ?? null, limit],
    );
  },

  /** A section's Pins in the board's custom order. */
  section(db: Queryable, viewerId: string | null, sectionId: string, after: RankCursor | null, limit: number) {
    return db.query<RankedPin>(
      `${selectVisiblePinsSql(`${PIN_ROW_SQL}, ${PIN_RANK_SQL} AS order_rank`)} AND p.section_id = $2 AND ${rankBelowSql('$3', '$4')}
       ORDER BY ${PIN_RANK_SQL} DESC, p.id DESC LIMIT $5`,
      [viewerId, sectionId, after?.rank ?? null, after?.id ?? null, limit],
    );
  },

  /** Pins a user saved to their profile without a board. */
  boardless(db: Queryable, viewerId: string | null, pinnerId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.pinner_id = $2 AND ${personContentVisibleSql()} AND p.board_id IS NULL AND ${idBelowSql('p.id', '$3')}
       ORDER BY p.id DESC LIMIT $4`,
      [viewerId, pinnerId, before, limit],
    );
  },

  /** A person's video Pins (their own and saved), newest first: the video_pins tab. */
  videos(db: Queryable, viewerId: string | null, pinnerId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.pinner_id = $2 AND ${personContentVisibleSql()} AND p.video_status IS NOT NULL AND p.embed_type IS NULL AND ($3::bigint IS NULL OR p.id < $3::bigint)
       ORDER BY p.id DESC LIMIT $4`,
      [viewerId, pinnerId, before, limit],
    );
  },

  /** The Idea Pins a person made, newest first: the story_pins tab (story_pin_count counts the same rows). */
  stories(db: Queryable, viewerId: string | null, pinnerId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.pinner_id = $2 AND ${personContentVisibleSql()} AND p.story_pin_data IS NOT NULL AND p.parent_pin_id IS NULL
         AND ($3::bigint IS NULL OR p.id < $3::bigint)
       ORDER BY p.id DESC LIMIT $4`,
      [viewerId, pinnerId, before, limit],
    );
  },

  /** Pins a user made themselves (not saves of others' Pins), that the viewer may see. */
  created(db: Queryable, viewerId: string | null, pinnerId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.pinner_id = $2 AND ${personContentVisibleSql()} AND p.parent_pin_id IS NULL AND ${idBelowSql('p.id', '$3')}
       ORDER BY p.id DESC LIMIT $4`,
      [viewerId, pinnerId, before, limit],
    );
  },

  /**
   * The viewer's own Pins (that they can still see), kept to their favourites
   * and/or to the ones they made themselves: the own profile's Pin filters.
   */
  ownFiltered(db: Queryable, viewerId: string, o: { favorites: boolean; createdOnly: boolean }, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.pinner_id = $1
         AND (NOT $2::boolean OR EXISTS (SELECT 1 FROM pin_favorites f WHERE f.user_id = $1 AND f.pin_id = p.id))
         AND (NOT $3::boolean OR p.parent_pin_id IS NULL)
         AND ${idBelowSql('p.id', '$4')}
       ORDER BY p.id DESC LIMIT $5`,
      [viewerId, o.favorites, o.createdOnly, before, limit],
    );
  },

  /** Pins a user saved, that the viewer may see. */
  pinner(db: Queryable, viewerId: string | null, pinnerId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${selectVisiblePinsSql(PIN_ROW_SQL)} AND p.pinner_id = $2 AND ${personContentVisibleSql()} AND ${idBelowSql('p.id', '$3')}
       ORDER BY p.id DESC LIMIT $4`,
      [viewerId, pinnerId, before, limit],
    );
  },
};
