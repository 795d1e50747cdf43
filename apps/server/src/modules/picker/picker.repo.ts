import type { Queryable } from '../../db/client';
import { pinnableBoardSql, boardCoverSql, boardFollowColumnsSql, listedBoardSql, visiblePinSql, type BoardWithOwner } from '../../kernel';

/** Boards the viewer may save to (their own and those they collaborate on), most recently used first. */
export function boardsToSaveTo(db: Queryable, viewerId: string, opts: { query: string | null; hideSecret: boolean; onlyProtected: boolean; limit: number }) {
  return db.query<BoardWithOwner>(
    `SELECT b.*, u.username AS owner_username, u.full_name AS owner_full_name, u.image_url AS owner_image_url,
       (b.owner_id <> $1) AS is_collaborator, u.is_private_profile AS owner_is_private, true AS viewer_follows_owner, ${boardFollowColumnsSql('$1')}, cp.images AS cover_images, cp.dominant_color AS cover_dominant_color
     FROM boards b
     JOIN users u ON u.id = b.owner_id
  LEFT JOIN LATERAL (${boardCoverSql()}) cp ON true
     WHERE ${pinnableBoardSql('$1')}
       AND ($2::text IS NULL OR b.name ILIKE '%' || $2 || '%')
       AND NOT ($3 AND b.privacy = 'secret')
       AND (NOT $4 OR b.privacy = 'protected')
     ORDER BY COALESCE(b.last_pinned_at, b.created_at) DESC, b.id DESC
     LIMIT $5`,
    [viewerId, opts.query, opts.hideSecret, opts.onlyProtected, opts.limit],
  );
}

/**
 * The names of the boards that Pins similar to `pinId` are on (the same image:
 * the Pin itself, its saves and identical uploads; or a sub-topic in common, the newest 500
 * such Pins), among Pins the viewer may see on boards they may see and that are
 * listed to them (a protected board's name only to its owner and collaborators): each name
 * with how many of those Pins it holds, and their total over every name.
 */
export function similarPinBoardNames(db: Queryable, pinId: string, viewerId: string, limit: number) {
  return db.query<{ name: string; n: number; total: number }>(
    `WITH alike AS (
       SELECT p2.id FROM pins p0 JOIN pins p2 ON p2.media_base = p0.media_base WHERE p0.id = $1
       UNION
       SELECT t.pin_id FROM (
         SELECT pi2.pin_id FROM pin_interests pi
         JOIN interests i ON i.id = pi.interest_id AND i.parent_id IS NOT NULL
         JOIN pin_interests pi2 ON pi2.interest_id = pi.interest_id AND pi2.pin_id <> $1
         WHERE pi.pin_id = $1
         ORDER BY pi2.pin_id DESC LIMIT 500) t
     )
     SELECT min(b.name) AS name, count(*)::int AS n, (sum(count(*)) OVER ())::int AS total
     FROM alike s JOIN pins p ON p.id = s.id JOIN boards b ON b.id = p.board_id
     WHERE ${visiblePinSql('$2::bigint')} AND ${listedBoardSql('$2::bigint')}
     GROUP BY lower(b.name)
     ORDER BY n DESC, name
     LIMIT $3`,
    [pinId, viewerId, limit],
  );
}
