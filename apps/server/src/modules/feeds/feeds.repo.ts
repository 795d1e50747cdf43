import type { Queryable } from '../../db/client';
import { visiblePinSql } from '../boards';
import { notHiddenSql } from '../pin-hides';
import { profileContentVisibleSql } from '../users';
import { selectVisiblePinsSql, type PinWithRefs } from '../pins';

/**
 * A person's own listings (their Pins, created Pins, boardless Pins) show
 * nothing when the viewer may not see their profile content (users.policy),
 * whatever board the Pins sit on; $1 is the viewer, $2 the person.
 */
function personContentVisibleSql() {
  return profileContentVisibleSql('$2::bigint', '$1::bigint');
}

/** Newest first, keyset on id; every query filters with the one Pin visibility rule. */
export const feedsRepo = {
  /**
   * Signed in: the viewer's own Pins and those of people and boards they follow.
   *
   * Built from the sources rather than by walking all Pins newest first (which,
   * for someone who follows few, reads most of the table to fill a page): the
   * newest `limit` Pins the viewer may see from each source (their own, each
   * followed person, each followed board) by the pinner and board indexes, then
   * the newest `limit` of those. Every Pin of the true page is among its
   * source's newest `limit` visible ones, so the answer is the same. Pins the
   * viewer hid are left out inside each source too, for the same reason.
   */
  home(db: Queryable, viewerId: string, before: string | null, limit: number) {
    const newestOf = (source: string) =>
      `SELECT p.id FROM pins p LEFT JOIN boards b ON b.id = p.board_id
       WHERE ${source} AND ($2::bigint IS NULL OR p.id < $2::bigint) AND ${visiblePinSql('$1')}
         AND ${notHiddenSql('p', '$1')}
       ORDER BY p.id DESC LIMIT $3`;
    return db.query<PinWithRefs>(
      `WITH candidates AS (
         (${newestOf('p.pinner_id = $1')})
         UNION
         (SELECT c.id FROM follows f CROSS JOIN LATERAL (${newestOf('p.pinner_id = f.followee_id')}) c WHERE f.follower_id = $1)
         UNION
         (SELECT c.id FROM board_follows bf CROSS JOIN LATERAL (${newestOf('p.board_id = bf.board_id')}) c WHERE bf.user_id = $1)
       )
       ${selectVisiblePinsSql()} AND p.id IN (SELECT id FROM candidates)
       ORDER BY p.id DESC LIMIT $3`,
      [viewerId, before, limit],
    );
  },

  /** Signed out: everything public, newest first. */
  discover(db: Queryable, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${selectVisiblePinsSql()} AND ($2::bigint IS NULL OR p.id < $2::bigint) ORDER BY p.id DESC LIMIT $3`,
      [null, before, limit],
    );
  },

  board(db: Queryable, viewerId: string | null, boardId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${selectVisiblePinsSql()} AND p.board_id = $2 AND ($3::bigint IS NULL OR p.id < $3::bigint)
       ORDER BY p.id DESC LIMIT $4`,
      [viewerId, boardId, before, limit],
    );
  },

  section(db: Queryable, viewerId: string | null, sectionId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${selectVisiblePinsSql()} AND p.section_id = $2 AND ($3::bigint IS NULL OR p.id < $3::bigint)
       ORDER BY p.id DESC LIMIT $4`,
      [viewerId, sectionId, before, limit],
    );
  },

  /** Pins a user saved to their profile without a board. */
  boardless(db: Queryable, viewerId: string | null, pinnerId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${selectVisiblePinsSql()} AND p.pinner_id = $2 AND ${personContentVisibleSql()} AND p.board_id IS NULL AND ($3::bigint IS NULL OR p.id < $3::bigint)
       ORDER BY p.id DESC LIMIT $4`,
      [viewerId, pinnerId, before, limit],
    );
  },

  /** Pins a user made themselves (not saves of others' Pins), that the viewer may see. */
  created(db: Queryable, viewerId: string | null, pinnerId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${selectVisiblePinsSql()} AND p.pinner_id = $2 AND ${personContentVisibleSql()} AND p.parent_pin_id IS NULL AND ($3::bigint IS NULL OR p.id < $3::bigint)
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
      `${selectVisiblePinsSql()} AND p.pinner_id = $1
         AND (NOT $2::boolean OR EXISTS (SELECT 1 FROM pin_favorites f WHERE f.user_id = $1 AND f.pin_id = p.id))
         AND (NOT $3::boolean OR p.parent_pin_id IS NULL)
         AND ($4::bigint IS NULL OR p.id < $4::bigint)
       ORDER BY p.id DESC LIMIT $5`,
      [viewerId, o.favorites, o.createdOnly, before, limit],
    );
  },

  /** Pins a user saved, that the viewer may see. */
  pinner(db: Queryable, viewerId: string | null, pinnerId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${selectVisiblePinsSql()} AND p.pinner_id = $2 AND ${personContentVisibleSql()} AND ($3::bigint IS NULL OR p.id < $3::bigint)
       ORDER BY p.id DESC LIMIT $4`,
      [viewerId, pinnerId, before, limit],
    );
  },
};
