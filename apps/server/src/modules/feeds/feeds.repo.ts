import type { Queryable } from '../../db/client';
import { SELECT_VISIBLE_PINS, type PinWithRefs } from '../pins/pins.repo';

/** Newest first, keyset on id; every query filters with the one Pin visibility rule. */
export const feedsRepo = {
  /** Signed in: the viewer's own Pins and those of people and boards they follow. */
  home(db: Queryable, viewerId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${SELECT_VISIBLE_PINS}
         AND (p.pinner_id = $1
              OR p.pinner_id IN (SELECT followee_id FROM follows WHERE follower_id = $1)
              OR p.board_id IN (SELECT board_id FROM board_follows WHERE user_id = $1))
         AND ($2::bigint IS NULL OR p.id < $2::bigint)
       ORDER BY p.id DESC LIMIT $3`,
      [viewerId, before, limit],
    );
  },

  /** Signed out: everything public, newest first. */
  discover(db: Queryable, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${SELECT_VISIBLE_PINS} AND ($2::bigint IS NULL OR p.id < $2::bigint) ORDER BY p.id DESC LIMIT $3`,
      [null, before, limit],
    );
  },

  board(db: Queryable, viewerId: string | null, boardId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${SELECT_VISIBLE_PINS} AND p.board_id = $2 AND ($3::bigint IS NULL OR p.id < $3::bigint)
       ORDER BY p.id DESC LIMIT $4`,
      [viewerId, boardId, before, limit],
    );
  },

  section(db: Queryable, viewerId: string | null, sectionId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${SELECT_VISIBLE_PINS} AND p.section_id = $2 AND ($3::bigint IS NULL OR p.id < $3::bigint)
       ORDER BY p.id DESC LIMIT $4`,
      [viewerId, sectionId, before, limit],
    );
  },

  /** Pins a user saved to their profile without a board. */
  boardless(db: Queryable, viewerId: string | null, pinnerId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${SELECT_VISIBLE_PINS} AND p.pinner_id = $2 AND p.board_id IS NULL AND ($3::bigint IS NULL OR p.id < $3::bigint)
       ORDER BY p.id DESC LIMIT $4`,
      [viewerId, pinnerId, before, limit],
    );
  },

  /** Pins a user saved, that the viewer may see. */
  pinner(db: Queryable, viewerId: string | null, pinnerId: string, before: string | null, limit: number) {
    return db.query<PinWithRefs>(
      `${SELECT_VISIBLE_PINS} AND p.pinner_id = $2 AND ($3::bigint IS NULL OR p.id < $3::bigint)
       ORDER BY p.id DESC LIMIT $4`,
      [viewerId, pinnerId, before, limit],
    );
  },
};
